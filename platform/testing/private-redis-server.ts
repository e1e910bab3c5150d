import { connect } from 'node:net';
import path from 'node:path';
import { freePort } from './ports';
import { PrivateServer } from './private-server';

/**
 * A redis-server of a test's own, on a free port, that it may stop and start again: as production
 * should run it, with the append-only file (fsync every second) and nothing evicted, so a restart
 * keeps what was written.
 */
export class PrivateRedisServer extends PrivateServer {
  private constructor(binary: string, port: number) {
    super(binary, port, 'promptlib-redis-');
  }

  static binary(): string | undefined {
    return PrivateServer.find('redis-server');
  }

  static async create(binary: string): Promise<PrivateRedisServer> {
    return new PrivateRedisServer(binary, await freePort());
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  protected launch() {
    return {
      args: ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dataDir, '--save', '']
        .concat(['--appendonly', 'yes', '--appendfsync', 'everysec', '--maxmemory-policy', 'noeviction'])
        .concat(['--protected-mode', 'no', '--logfile', path.join(this.dataDir, 'redis.log')]),
    };
  }

  protected accepts(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = connect(this.port, '127.0.0.1');
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
    });
  }
}
