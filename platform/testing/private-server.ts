import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitUntil } from './wait';

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

  async start(): Promise<void> {
    const { args, env } = this.launch();
    this.child = spawn(this.binary, args, { stdio: 'ignore', env: { ...process.env, ...env } });
    await waitUntil(() => this.accepts(), 5_000, `${path.basename(this.binary)} on port ${this.port}`);
  }

  /** SIGTERM, as a supervisor stops a server: it finishes its writes and exits. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
