import type { INestMicroservice } from '@nestjs/common';
import {
  ServiceCallError,
  ServiceClient,
  createLogger,
  createServiceApp,
  ensureEventsStream,
} from '@promptlib/platform';
import { eventsStream, subjects, type AuthUser, type EventEnvelope } from '@promptlib/proto';
import { connect, type NatsConnection } from 'nats';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { AuthModule } from '../src/auth.module';
import { loadAuthConfig, type AuthConfig } from '../src/config/auth-config';

const namespace = `${process.env.APP_NAMESPACE ?? 'plt_local'}_authsvc`;
const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const PASSWORD = 'violet-Harbor-71-kettle';

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({
    connectionString: Object.assign(new URL(server), { pathname: '/postgres' }).toString(),
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('auth service over NATS', () => {
  let config: AuthConfig;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let auth: ServiceClient;
  let counter = 0;
  const username = () => `svc_${Date.now().toString(36)}_${(counter += 1)}`;

  beforeAll(async () => {
    await admin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS "${namespace}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${namespace}"`);
    });
    config = loadAuthConfig({
      NODE_ENV: 'test',
      APP_NAMESPACE: namespace,
      DATABASE_URL: Object.assign(new URL(server), { pathname: `/${namespace}` }).toString(),
      NATS_URL: process.env.NATS_URL,
      LOG_LEVEL: 'silent',
    });
    const logger = createLogger('auth-test', 'silent');
    app = await createServiceApp('auth', AuthModule.forRoot(config, logger), config, logger);
    nats = await connect({ servers: config.NATS_URL });
    auth = new ServiceClient(nats, namespace);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    const manager = await nats.jetstreamManager();
    await manager.streams.delete(eventsStream(namespace).name).catch(() => undefined);
    await nats.close();
    await admin((client) => client.query(`DROP DATABASE IF EXISTS "${namespace}" WITH (FORCE)`));
  });

  async function registeredEvents(userId: number): Promise<EventEnvelope<'events.user.registered'>[]> {
    const manager = await nats.jetstreamManager();
    const stream = eventsStream(namespace).name;
    const { state } = await manager.streams.info(stream);
    const events: EventEnvelope<'events.user.registered'>[] = [];
    for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq += 1) {
      const message = await manager.streams.getMessage(stream, { seq }).catch(() => undefined);
      if (!message) continue;
      const event = message.json<EventEnvelope<'events.user.registered'>>();
      if (event.type === 'events.user.registered' && event.data.userId === userId) events.push(event);
    }
    return events;
  }

  async function outboxSize(): Promise<number> {
    const client = new Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query('SELECT count(*)::int AS n FROM auth.outbox')).rows[0].n as number;
    } finally {
      await client.end();
    }
  }

  async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await sleep(100);
    }
  }

  it('registers a user, stores an argon2id hash and publishes user.registered once', async () => {
    const name = username();
    const user = await auth.request<AuthUser>(subjects.auth.usersRegister, {
      username: name,
      password: PASSWORD,
    });
    expect(user).toEqual({ id: expect.any(Number), username: name });

    const row = await admin(async () => {
      const client = new Client({ connectionString: config.DATABASE_URL });
      await client.connect();
      const result = await client.query('SELECT password_hash FROM auth.users WHERE id = $1', [user.id]);
      await client.end();
      return result.rows[0] as { password_hash: string };
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);

    await waitFor(async () => (await registeredEvents(user.id)).length > 0, 5_000);
    const [event] = await registeredEvents(user.id);
    expect(event).toMatchObject({
      type: 'events.user.registered',
      data: { userId: user.id, username: name },
    });
  });

  it('verifies the password; unknown user and wrong password are the same error', async () => {
    const name = username();
    const user = await auth.request<AuthUser>(subjects.auth.usersRegister, {
      username: name,
      password: PASSWORD,
    });
    await expect(
      auth.request(subjects.auth.usersVerifyPassword, { username: name.toUpperCase(), password: PASSWORD }),
    ).resolves.toEqual(user);
    // One at a time: a second rejected promise left waiting would count as unhandled.
    const expected = { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' } };
    await expect(
      auth.request(subjects.auth.usersVerifyPassword, { username: name, password: 'nope-nope' }),
    ).rejects.toMatchObject(expected);
    await expect(
      auth.request(subjects.auth.usersVerifyPassword, { username: `${name}_x`, password: 'nope-nope' }),
    ).rejects.toMatchObject(expected);
  });

  it('refuses a malformed request with VALIDATION_FAILED, never an internal error', async () => {
    const attempt = auth.request(subjects.auth.usersRegister, { username: 42 });
    await expect(attempt).rejects.toBeInstanceOf(ServiceCallError);
    await expect(attempt).rejects.toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('publishes user.registered once JetStream is back after an outage that began after the commit', async () => {
    const manager = await nats.jetstreamManager();
    await manager.streams.delete(eventsStream(namespace).name);

    const user = await auth.request<AuthUser>(subjects.auth.usersRegister, {
      username: username(),
      password: PASSWORD,
    });
    await sleep(3_000);
    // The user exists and its event waits in the outbox while nothing can be published.
    expect(await outboxSize()).toBeGreaterThanOrEqual(1);

    await ensureEventsStream(nats, namespace);
    await waitFor(async () => (await outboxSize()) === 0, 10_000);
    const events = await registeredEvents(user.id);
    expect(events).toHaveLength(1);
  }, 30_000);
});
