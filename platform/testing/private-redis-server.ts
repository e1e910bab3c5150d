import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './ports';
import { waitUntil } from './wait';

/**
 * A redis-server of a test's own, on a free port, that it may stop and start again: as production
 * should run it, with the append-only file (fsync every second) and nothing evicted, so a restart
 * keeps what was written.
 */
export class PrivateRedisServer {
  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'promptlib-redis-'));
  private child: ChildProcess | undefined;

  private constructor(
    private readonly binary: string,
    readonly port: number,
  ) {}

  static binary(): string | undefined {
    const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
    return dirs.map((dir) => path.join(dir, 'redis-server')).find((candidate) => existsSync(candidate));
  }

  static async create(binary: string): Promise<PrivateRedisServer> {
    return new PrivateRedisServer(binary, await freePort());
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dataDir, '--save', '']
      .concat(['--appendonly', 'yes', '--appendfsync', 'everysec', '--maxmemory-policy', 'noeviction'])
      .concat(['--protected-mode', 'no', '--logfile', path.join(this.dataDir, 'redis.log')]);
    this.child = spawn(this.binary, args, { stdio: 'ignore' });
    await waitUntil(() => this.accepts(), 5_000, `redis-server on port ${this.port}`);
  }

  /** SIGTERM: Redis flushes its append-only file and exits. */
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

  private accepts(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = connect(this.port, '127.0.0.1');
      socket.once('connect', () => {
        socket.write('PING\r\n');
      });
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
    });
  }
}
