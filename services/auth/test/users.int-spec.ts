import { DATA_SOURCE, ServiceCallError, ensureEventsStream, type ServiceClient } from '@promptlib/platform';
import { waitUntil } from '@promptlib/platform/testing';
import { malformed, startServiceTestbed, type ServiceTestbed } from '@promptlib/platform/testing/services';
import { eventsStream, subjects, usernameKey, type EventEnvelope } from '@promptlib/proto';
import type { DataSource } from 'typeorm';
import { AddUsernameKey1764892800000 } from '../src/migrations/1764892800000-AddUsernameKey';
import { setTimeout as sleep } from 'node:timers/promises';
import { authService } from '../src/service';
import type { AuthConfig } from '../src/config/auth-config';

const PASSWORD = 'violet-Harbor-71-kettle';

describe('auth service over NATS', () => {
  let testbed: ServiceTestbed<AuthConfig>;
  let auth: ServiceClient;
  let counter = 0;
  const username = () => `svc_${Date.now().toString(36)}_${(counter += 1)}`;

  beforeAll(async () => {
    testbed = await startServiceTestbed({ ...authService, suffix: 'authsvc' });
    auth = testbed.client;
  }, 180_000);

  afterAll(async () => {
    await testbed?.close();
  });

  async function registeredEvents(userId: number): Promise<EventEnvelope<'events.user.registered'>[]> {
    const manager = await testbed.nats.jetstreamManager();
    const stream = eventsStream(testbed.namespace).name;
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
    const [row] = await testbed.query<{ n: number }>('SELECT count(*)::int AS n FROM auth.outbox');
    return row!.n;
  }

  it('changes a password over NATS: a new argon2id hash, and of two changes at once one wins', async () => {
    const name = username();
    const user = await auth.request(subjects.auth.usersRegister, { username: name, password: PASSWORD });
    const hashOf = async () =>
      (
        await testbed.query<{ password_hash: string }>('SELECT password_hash FROM auth.users WHERE id = $1', [
          user.id,
        ])
      )[0]!.password_hash;
    const before = await hashOf();
    const changes = await Promise.allSettled(
      ['amber-Lantern-42-orchard', 'cobalt-Meadow-17-violin'].map((newPassword) =>
        auth.request(subjects.auth.usersChangePassword, {
          userId: user.id,
          currentPassword: PASSWORD,
          newPassword,
        }),
      ),
    );
    expect(changes.map((change) => change.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = changes.find((change) => change.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as ServiceCallError).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      rules: { currentPassword: 'incorrect' },
    });
    const after = await hashOf();
    expect(after).not.toBe(before);
    expect(after).toMatch(/^\$argon2id\$/);
    await expect(
      auth.request(subjects.auth.usersVerifyPassword, { username: name, password: PASSWORD }),
    ).rejects.toBeInstanceOf(ServiceCallError);
    expect(await auth.request(subjects.auth.usersAccount, { userId: user.id })).toEqual({
      id: user.id,
      username: name,
      signsInWithPassword: true,
      signsInWithGoogle: false,
      createdAt: expect.any(String),
    });
  });

  it('registers a user, stores an argon2id hash and publishes user.registered once', async () => {
    const name = username();
    const user = await auth.request(subjects.auth.usersRegister, {
      username: name,
      password: PASSWORD,
    });
    expect(user).toEqual({ id: expect.any(Number), username: name });

    const [row] = await testbed.query<{ password_hash: string }>(
      'SELECT password_hash FROM auth.users WHERE id = $1',
      [user.id],
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);

    await waitUntil(async () => (await registeredEvents(user.id)).length > 0, 20_000, 'user.registered');
    const [event] = await registeredEvents(user.id);
    expect(event).toMatchObject({
      type: 'events.user.registered',
      data: { userId: user.id, username: name },
    });
  });

  it('refuses a malformed request with VALIDATION_FAILED, never an internal error', async () => {
    const attempt = auth.request(subjects.auth.usersRegister, malformed({ username: 42 }));
    await expect(attempt).rejects.toBeInstanceOf(ServiceCallError);
    await expect(attempt).rejects.toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('publishes user.registered once JetStream is back after an outage that began after the commit', async () => {
    const manager = await testbed.nats.jetstreamManager();
    await manager.streams.delete(eventsStream(testbed.namespace).name);

    const user = await auth.request(subjects.auth.usersRegister, {
      username: username(),
      password: PASSWORD,
    });
    await sleep(3_000);
    // The user exists and its event waits in the outbox while nothing can be published.
    expect(await outboxSize()).toBeGreaterThanOrEqual(1);

    await ensureEventsStream(testbed.nats, testbed.namespace, { maxBytes: testbed.config.EVENTS_MAX_BYTES });
    await waitUntil(async () => (await outboxSize()) === 0, 20_000, 'the outbox to drain');
    const events = await registeredEvents(user.id);
    expect(events).toHaveLength(1);
  }, 90_000);

  it('gives the users of before the key their names fold to, the older account first on a clash', async () => {
    const dataSource = testbed.app.get<DataSource>(DATA_SOURCE);
    const runner = dataSource.createQueryRunner();
    const migration = new AddUsernameKey1764892800000();
    const suffix = Date.now().toString(36);
    try {
      await migration.down(runner);
      // Two names lower() told apart, written as the service did before keys.
      const [older, newer] = (await runner.query(
        `INSERT INTO auth.users (username, password_hash) VALUES ($1, NULL), ($2, NULL) RETURNING id`,
        [`Cafe\u0301_${suffix}`, `Caf\u00e9_${suffix}`],
      )) as { id: number }[];
      await migration.up(runner);
      const rows = await testbed.query<{ id: number; username_key: string }>(
        'SELECT id, username_key FROM auth.users WHERE id = ANY($1) ORDER BY id',
        [[older.id, newer.id]],
      );
      expect(rows).toEqual([
        { id: older.id, username_key: usernameKey(`Café_${suffix}`) },
        { id: newer.id, username_key: `${usernameKey(`Café_${suffix}`)}#${newer.id}` },
      ]);
    } finally {
      await runner.release();
    }
  });
});
