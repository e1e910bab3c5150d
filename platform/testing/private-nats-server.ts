import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { freePort } from './ports';
import { waitUntil } from './wait';

/** A server config and the environment it reads (the users' passwords of the shipped config, say). */
export type PrivateNatsOptions = { config?: string; env?: Record<string, string> };

/** A nats-server of a test's own, on a free port, that it may stop and start again. */
export class PrivateNatsServer {
  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'evc-nats-'));
  private child: ChildProcess | undefined;

  private constructor(
    private readonly binary: string,
    readonly port: number,
    private readonly options: PrivateNatsOptions,
  ) {}

  static binary(): string | undefined {
    const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
    return dirs.map((dir) => path.join(dir, 'nats-server')).find((candidate) => existsSync(candidate));
  }

  static async create(binary: string, options: PrivateNatsOptions = {}): Promise<PrivateNatsServer> {
    return new PrivateNatsServer(binary, await freePort(), options);
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const config = this.options.config ? ['-c', this.options.config] : [];
    const args = [...config, '-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.dataDir];
    this.child = spawn(this.binary, args, { stdio: 'ignore', env: { ...process.env, ...this.options.env } });
    await waitUntil(() => this.accepts(), 5_000, `nats-server on port ${this.port}`);
  }

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

  private async accepts(): Promise<boolean> {
    try {
      const probe = await connect({ servers: this.url, reconnect: false, timeout: 500 });
      await probe.close();
      return true;
    } catch (error) {
      // A server that wants credentials is up too.
      return /authorization/i.test((error as Error).message);
    }
  }
}
