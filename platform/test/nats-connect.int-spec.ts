import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { connectNats } from '../src/nats/connect';
import { PrivateNatsServer } from '../testing/private-nats-server';

const PAUSES_MS = [300, 600, 1_200];
// Room for a loaded machine, where the late server's own start took seconds: about 30 s in all.
const LATE_PAUSES_MS = [300, 600, 1_200, 2_400, 4_800, 9_600, 12_000];

/** A logger that keeps the messages of its warnings. */
function recordingLogger() {
  const warnings: string[] = [];
  const logger = pino(
    { level: 'warn' },
    { write: (line: string) => warnings.push((JSON.parse(line) as { msg: string }).msg) },
  );
  return { logger, warnings };
}

describe('connecting to NATS at boot', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nats-connect-'));
  const servers: PrivateNatsServer[] = [];

  async function server(config?: string): Promise<PrivateNatsServer> {
    const binary = PrivateNatsServer.binary();
    if (!binary) throw new Error('nats-server is not installed');
    const created = await PrivateNatsServer.create(binary, config ? { config } : {});
    servers.push(created);
    return created;
  }

  afterAll(async () => {
    for (const created of servers) await created.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  it('tries again while NATS is not listening yet, and connects once it is', async () => {
    const late = await server();
    const { logger, warnings } = recordingLogger();
    const connecting = connectNats({ NATS_URL: late.url }, 'library', 'late', logger, LATE_PAUSES_MS);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await late.start();

    const connection = await connecting;
    expect(connection.isClosed()).toBe(false);
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings).toEqual(warnings.map(() => 'NATS could not be reached; trying again'));
    await connection.close();
  });

  it('gives up after its pauses when NATS never comes', async () => {
    const never = await server();
    const { logger, warnings } = recordingLogger();
    await expect(connectNats({ NATS_URL: never.url }, 'library', 'never', logger, PAUSES_MS)).rejects.toThrow(
      `NATS at ${never.url} is not reachable`,
    );
    expect(warnings).toHaveLength(PAUSES_MS.length);
  });

  it('fails at once when NATS refuses the user, as no retry mends a wrong password', async () => {
    const config = path.join(dir, 'users.conf');
    writeFileSync(config, 'authorization { user: library, password: library-secret }\n');
    const guarded = await server(config);
    await guarded.start();
    const { logger, warnings } = recordingLogger();
    await expect(
      connectNats(
        { NATS_URL: guarded.url, NATS_USER: 'library', NATS_PASSWORD: 'wrong' },
        'library',
        'refused',
        logger,
        PAUSES_MS,
      ),
    ).rejects.toThrow(/not reachable: .*authorization/i);
    expect(warnings).toEqual([]);
  });
});
