import { connect } from 'nats';
import { freePort } from './ports';
import { PrivateServer } from './private-server';

/**
 * A server config and the environment it reads (the users' passwords of the shipped config, say),
 * and a certificate and key that make it accept TLS connections only.
 */
export type PrivateNatsOptions = {
  config?: string;
  env?: Record<string, string>;
  tls?: { cert: string; key: string };
};

/** A nats-server with JetStream of a test's own, on a free port, that it may stop and start again. */
export class PrivateNatsServer extends PrivateServer {
  private constructor(
    binary: string,
    port: number,
    private readonly options: PrivateNatsOptions,
  ) {
    super(binary, port, 'evc-nats-');
  }

  static binary(): string | undefined {
    return PrivateServer.find('nats-server');
  }

  static async create(binary: string, options: PrivateNatsOptions = {}): Promise<PrivateNatsServer> {
    return new PrivateNatsServer(binary, await freePort(), options);
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  protected launch() {
    const config = this.options.config ? ['-c', this.options.config] : [];
    const { tls } = this.options;
    const encrypted = tls ? ['--tls', '--tlscert', tls.cert, '--tlskey', tls.key] : [];
    return {
      args: [...config, ...encrypted, '-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.dataDir],
      env: this.options.env,
    };
  }

  protected async accepts(): Promise<boolean> {
    try {
      const probe = await connect({ servers: this.url, reconnect: false, timeout: 500 });
      await probe.close();
      return true;
    } catch (error) {
      // A server that wants credentials, or TLS with a certificate this probe cannot check, is up too.
      return /authorization|tls|certificate/i.test((error as Error).message);
    }
  }
}
