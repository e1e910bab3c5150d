import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { natsConnectionOptions } from '../src/nats/nats-access';
import { PrivateNatsServer } from '../testing/private-nats-server';
import { makeTestCertificates } from '../testing/test-certificates';

describe('how a process reaches NATS: its own user, over TLS when a CA is given', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nats-tls-'));
  let server: PrivateNatsServer;
  let url: string;

  beforeAll(async () => {
    const binary = PrivateNatsServer.binary();
    if (!binary) throw new Error('nats-server is not installed');
    const { cert, key } = makeTestCertificates(dir);
    const config = path.join(dir, 'nats.conf');
    writeFileSync(config, 'authorization { user: library, password: library-secret }\n');
    server = await PrivateNatsServer.create(binary, { config, tls: { cert, key } });
    await server.start();
    url = server.url;
  }, 90_000);

  afterAll(async () => {
    await server?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  it('connects with its user and password, trusting the server’s certificate through NATS_TLS_CA', async () => {
    const options = natsConnectionOptions(
      {
        NATS_URL: url,
        NATS_USER: 'library',
        NATS_PASSWORD: 'library-secret',
        NATS_TLS_CA: path.join(dir, 'ca.pem'),
      },
      'library',
    );
    const connection = await connect({ ...options, reconnect: false });
    expect(connection.info?.tls_required).toBe(true);
    await connection.close();
  });

  it('is refused with a wrong password, and without the CA cannot trust the server', async () => {
    const ca = path.join(dir, 'ca.pem');
    await expect(
      connect({
        ...natsConnectionOptions(
          {
            NATS_URL: url,
            NATS_USER: 'library',
            NATS_PASSWORD: 'wrong',
            NATS_TLS_CA: ca,
          },
          'library',
        ),
        reconnect: false,
      }),
    ).rejects.toThrow(/authorization/i);
    await expect(
      connect({
        ...natsConnectionOptions(
          { NATS_URL: url, NATS_USER: 'library', NATS_PASSWORD: 'library-secret' },
          'library',
        ),
        reconnect: false,
        timeout: 2_000,
      }),
    ).rejects.toThrow();
  });

  it('takes one way of signing in: a user and password, or a creds file', () => {
    expect(() => natsConnectionOptions({ NATS_URL: url, NATS_USER: 'library' }, 'library')).toThrow(
      /NATS_PASSWORD/,
    );
    expect(() =>
      natsConnectionOptions(
        {
          NATS_URL: url,
          NATS_USER: 'a',
          NATS_PASSWORD: 'b',
          NATS_CREDS_FILE: '/x.creds',
        },
        'library',
      ),
    ).toThrow(/not both/);
    expect(natsConnectionOptions({ NATS_URL: 'nats://a:4222,nats://b:4222' }, 'library')).toEqual({
      servers: ['nats://a:4222', 'nats://b:4222'],
      inboxPrefix: '_INBOX_library',
    });
  });
});
