import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitUntil } from './wait';

// A server starts in well under a second alone; on a machine running every lane at once (a load
// average near 20 on two cores) its start and the probe's handshake took over 10 s.
const START_TIMEOUT_MS = 60_000;
const LAST_WORDS_CHARS = 2_000;

/**
 * A server process of a test's own (nats-server, redis-server), on its own port and data
 * directory, that the test may stop and start again and finally remove.
 */
export abstract class PrivateServer {
  readonly dataDir: string;
  private child: ChildProcess | undefined;

  protected constructor(
    private readonly binary: string,
    readonly port: number,
    dataDirPrefix: string,
  ) {
    this.dataDir = mkdtempSync(path.join(tmpdir(), dataDirPrefix));
  }

  /** The named program on the PATH or in the sbin directories Debian installs servers to. */
  protected static find(program: string): string | undefined {
    const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
    return dirs.map((dir) => path.join(dir, program)).find((candidate) => existsSync(candidate));
  }

  /** The server's arguments, and any environment on top of this process's. */
  protected abstract launch(): { args: string[]; env?: Record<string, string> };

  /** Whether the server answers on its port. */
  protected abstract accepts(): Promise<boolean>;

  /**
   * Resolves once the server accepts connections. A server that exits first (its port taken, a
   * config it refuses) fails the start at once, with what it last wrote to stderr.
   */
  async start(): Promise<void> {
    const { args, env } = this.launch();
    const what = `${path.basename(this.binary)} on port ${this.port}`;
    const child = spawn(this.binary, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...env },
    });
    this.child = child;
    let lastWords = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      lastWords = (lastWords + chunk.toString()).slice(-LAST_WORDS_CHARS);
    });
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) =>
        reject(new Error(`${what} exited (${signal ?? code}) before it accepted connections:\n${lastWords}`)),
      ),
    );
    // The wait ends too when the server has exited, so it does not poll on after the start failed.
    const gone = () => child.exitCode !== null || child.signalCode !== null;
    await Promise.race([waitUntil(() => gone() || this.accepts(), START_TIMEOUT_MS, what), exited]);
  }

  /** SIGTERM, as a supervisor stops a server: it finishes its writes and exits. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    // Ended already (by a signal too: Ctrl-C reaches a server started in the terminal's group).
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
