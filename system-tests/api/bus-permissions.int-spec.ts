import { openEventsStream, readDeadLetters } from '@promptlib/platform';
import {
  DEFAULT_EVENTS_MAX_BYTES,
  eventsStream,
  inboxPrefix,
  redisProcesses,
  serviceNames,
  STREAM_KEEPER,
  type ServiceName,
  type Prompt,
  type ShareLink,
  type SharedPrompt,
} from '@promptlib/proto';
import {
  eventually,
  permissionViolations,
  postgresAnswer,
  PrivateNatsServer,
  redisAnswer,
} from '@promptlib/platform/testing';
import { runMigrateSteps, type DatabaseLogins, type RedisUsers } from '@promptlib/tools/testing';
import Redis from 'ioredis';
import { connect, headers, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { ApiClient } from '../support/api-client';
import { pay, pollCheckout, startCheckout } from '../support/billing-api';
import { createPrompt, limitsOf, newLibraryUser } from '../support/library-api';
import { FeedReader } from '../support/live-feed';
import { repoRoot } from '../support/processes';
import { startStack, type Gateway, type Stack } from '../support/stack';

const PROCESSES = ['gateway', 'auth', 'library', 'sharing', 'billing'] as const;
type BusUser = (typeof PROCESSES)[number] | typeof STREAM_KEEPER | 'admin';

// The config a production NATS runs, as shipped; each user's password from the environment.
const passwords = Object.fromEntries(
  [...PROCESSES, STREAM_KEEPER, 'admin'].map((user) => [user, `${user}-${randomUUID()}`]),
) as Record<BusUser, string>;

/** [k1, v1, k2, v2, …] as [[k1, v1], [k2, v2], …]: how Redis answers ACL LOG's entries. */
function chunks(flat: unknown[]): Array<[string, unknown]> {
  return Array.from({ length: flat.length / 2 }, (_, index) => [
    String(flat[2 * index]),
    flat[2 * index + 1],
  ]);
}

describe('the message bus and the stores as trust boundaries: the shipped NATS config, and each process’s own database login and Redis user', () => {
  let nats: PrivateNatsServer;
  let stack: Stack;
  let gateway: Gateway;
  let logins: DatabaseLogins;
  let redisUsers: RedisUsers;
  const connections: NatsConnection[] = [];

  const connectAs = async (user: BusUser) => {
    const connection = await connect({
      servers: nats.url,
      user,
      pass: passwords[user],
      reconnect: false,
      // As the process itself connects: its replies under its own prefix.
      ...(user === 'admin' ? {} : { inboxPrefix: inboxPrefix(user) }),
    });
    connections.push(connection);
    return connection;
  };
  const credentials = (user: BusUser) => ({
    NATS_URL: nats.url,
    NATS_USER: user,
    NATS_PASSWORD: passwords[user],
  });

  beforeAll(async () => {
    const binary = PrivateNatsServer.binary();
    if (!binary) throw new Error('nats-server is not installed');
    nats = await PrivateNatsServer.create(binary, {
      config: path.join(repoRoot, 'deploy', 'nats', 'nats-server.conf'),
      env: Object.fromEntries(
        Object.entries(passwords).map(([user, password]) => [
          `NATS_${user.toUpperCase()}_PASSWORD`,
          password,
        ]),
      ),
    });
    await nats.start();
    stack = await startStack('bus', []);
    // The stack ran the migrate step for the stores (each process's own database login and Redis
    // user); run as a deployment runs it, the step also makes the events stream on this NATS, as
    // the one user that may.
    ({ logins, redisUsers } = stack.access);
    await runMigrateSteps({
      ...stack.env,
      LOG_LEVEL: 'warn',
      ...stack.access.migrateEnv,
      ...credentials(STREAM_KEEPER),
    });
    // Side by side, as a deployment starts them; each signs in to the stores as itself.
    await Promise.all(serviceNames.map((service) => stack.startService(service, credentials(service))));
    gateway = await stack.startGateway(credentials('gateway'));
  }, 360_000);

  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close().catch(() => undefined)));
    await stack?.stop();
    await nats?.remove();
  }, 90_000);

  it('runs the whole product through it: sign up, create, share, a public read, paying in the sandbox', async () => {
    const began = Date.now();
    const user = await newLibraryUser(gateway.url, 'bus');
    const prompt = await createPrompt(user);
    // The prompt list travels as raw bytes from the library's own responder.
    expect((await user.client.get<Prompt[]>('/api/prompts')).body.map((item) => item.id)).toEqual([
      prompt.id,
    ]);
    const shared = await user.client.post<ShareLink>(`/api/prompts/${prompt.id}/share`);
    expect(shared.status).toBe(200);
    const read = await eventually(
      () => new ApiClient(gateway.url).get<SharedPrompt>(`/api/shared/${shared.body.shareId}`),
      (answer) => answer.status === 200,
    );
    expect(read.body).toEqual({ title: prompt.title, content: prompt.content });
    const feed = await FeedReader.open(gateway.url, { cookie: user.client.sessionCookie });
    try {
      const { sessionId } = await startCheckout(user);
      await pay(stack, sessionId);
      expect(await pollCheckout(user, sessionId)).toBe(true);
      expect((await limitsOf(user)).isPro).toBe(true);
      // The live feed reads the stream under the gateway's own permissions.
      await feed.until((open) => open.changes.some((change) => change.type === 'tier.changed'));
    } finally {
      feed.close();
    }
    // No process met a refusal of Redis on the way (the read cache would have hidden one), and each
    // kept its keys under its own user.
    const admin = new Redis(stack.env.REDIS_URL);
    try {
      const denials = (await admin.call('ACL', 'LOG', '128')) as unknown[][];
      const ours = denials
        .map((entry) => Object.fromEntries(chunks(entry)))
        .filter((entry) => String(entry.username).startsWith(`${stack.namespace}_`))
        // Only this test's: an earlier run of the file may have left its attacks in the log.
        .filter((entry) => Number(entry['age-seconds']) * 1_000 <= Date.now() - began);
      expect(ours).toEqual([]);
      for (const start of ['sess:', 'rl:', 'share:', 'bull:']) {
        // Read until there: on a loaded machine the prompt's event can reach sharing after the public
        // read and clear its cached copy (read again here, which caches it anew), and the sandbox's
        // webhook, which billing queues, can come after the checkout has been confirmed.
        const keys = await eventually(
          async () => {
            if (start === 'share:')
              await new ApiClient(gateway.url).get(`/api/shared/${shared.body.shareId}`);
            return admin.keys(`${stack.namespace}:${start}*`);
          },
          (found) => found.length > 0,
        );
        expect(keys).not.toEqual([]);
      }
    } finally {
      admin.disconnect();
    }
    // Each consumer reads its own lag under its permissions: a refused read would report nothing.
    for (const service of ['library', 'sharing', 'billing']) {
      const metrics = await (
        await fetch(`http://127.0.0.1:${stack.services[service].healthPort}/metrics`)
      ).text();
      expect(metrics).toMatch(
        new RegExp(`^events_consumer_pending_events\\{consumer="${service}",app="${service}"\\} \\d+$`, 'm'),
      );
    }
  });

  it('refuses a connection without credentials', async () => {
    await expect(connect({ servers: nats.url, reconnect: false })).rejects.toThrow(/authorization/i);
  });

  it('lets the gateway neither publish an event nor answer or read a service’s subjects', async () => {
    const asGateway = await connectAs('gateway');
    const ns = stack.namespace;
    expect(
      await permissionViolations(asGateway, () => asGateway.publish(`${ns}.events.tier.changed`, '{}')),
    ).toBe(1);
    expect(
      await permissionViolations(asGateway, () => asGateway.subscribe(`${ns}.library.prompts.list`)),
    ).toBe(1);
    expect(await permissionViolations(asGateway, () => asGateway.subscribe(`${ns}.events.>`))).toBe(1);
    expect(
      await permissionViolations(asGateway, () =>
        asGateway.publish(`$JS.API.STREAM.DELETE.${ns.toUpperCase()}_EVENTS`),
      ),
    ).toBe(1);
    // It reads the stream for the live feeds, acknowledging nothing: a service's events stay its own.
    expect(
      await permissionViolations(asGateway, () =>
        asGateway.publish(`$JS.ACK.${ns.toUpperCase()}_EVENTS.x.1.1.1.1.0`),
      ),
    ).toBe(1);
  });

  it('lets a service answer only its own subjects, request only what it needs, publish only its events', async () => {
    const asSharing = await connectAs('sharing');
    const ns = stack.namespace;
    expect(
      await permissionViolations(asSharing, () => asSharing.subscribe(`${ns}.library.prompts.list`)),
    ).toBe(1);
    expect(
      await permissionViolations(asSharing, () => asSharing.publish(`${ns}.library.prompts.delete`, '{}')),
    ).toBe(1);
    expect(
      await permissionViolations(asSharing, () => asSharing.publish(`${ns}.events.tier.changed`, '{}')),
    ).toBe(1);
    expect(
      await permissionViolations(asSharing, () => asSharing.publish(`${ns}.library.prompts.get`, '{}')),
    ).toBe(0);
    const asLibrary = await connectAs('library');
    expect(
      await permissionViolations(asLibrary, () => asLibrary.publish(`${ns}.events.tier.changed`, '{}')),
    ).toBe(1);
    expect(await permissionViolations(asLibrary, () => asLibrary.subscribe(`${ns}.billing.>`))).toBe(1);
  });

  it('keeps each process’s replies its own: sharing cannot read what the gateway or library asked for', async () => {
    const asSharing = await connectAs('sharing');
    for (const inbox of ['_INBOX.>', '_INBOX_gateway.>', '_INBOX_library.>', '>']) {
      expect(await permissionViolations(asSharing, () => asSharing.subscribe(inbox))).toBe(1);
    }
    // Its own replies still come: the request it needs is answered.
    expect(await permissionViolations(asSharing, () => asSharing.subscribe('_INBOX_sharing.x.>'))).toBe(0);
  });

  it('lets no app add a stream that copies others’ messages, or change the events stream: only the migrate step', async () => {
    const ns = stack.namespace;
    const events = eventsStream(ns).name;
    for (const user of PROCESSES) {
      const manager = await (await connectAs(user)).jetstreamManager();
      // A stream on sign-ins would keep every username and password the gateway sends auth.
      await expect(
        manager.streams.add({ name: `SNOOP_${user}`, subjects: [`${ns}.auth.users.verifyPassword`] }),
      ).rejects.toMatchObject({ code: 'PERMISSIONS_VIOLATION' });
      await expect(
        manager.streams.update(events, { subjects: [`${ns}.events.>`, `${ns}.auth.>`] }),
      ).rejects.toMatchObject({ code: 'PERMISSIONS_VIOLATION' });
    }
    // The stream's keeper does nothing but keep it: it neither reads nor sends the apps' messages.
    const asKeeper = await connectAs(STREAM_KEEPER);
    expect(await permissionViolations(asKeeper, () => asKeeper.subscribe(`${ns}.auth.>`))).toBe(1);
    expect(
      await permissionViolations(asKeeper, () => asKeeper.publish(`${ns}.events.tier.changed`, '{}')),
    ).toBe(1);
    expect(
      await permissionViolations(asKeeper, () => asKeeper.publish(`${ns}.library.prompts.list`, '{}')),
    ).toBe(1);
  });

  it('lets each service put events in its own dead letters only, and no other process any', async () => {
    const ns = stack.namespace;
    const deadLetter = (service: string) => `${ns}.deadletters.${service}.events.user.deleted`;
    const asSharing = await connectAs('sharing');
    expect(await permissionViolations(asSharing, () => asSharing.publish(deadLetter('sharing'), '{}'))).toBe(
      0,
    );
    expect(await permissionViolations(asSharing, () => asSharing.publish(deadLetter('library'), '{}'))).toBe(
      1,
    );
    for (const user of ['gateway', 'auth'] as const) {
      const connection = await connectAs(user);
      expect(await permissionViolations(connection, () => connection.publish(deadLetter(user), '{}'))).toBe(
        1,
      );
      expect(
        await permissionViolations(connection, () => connection.publish(deadLetter('billing'), '{}')),
      ).toBe(1);
    }
    // The migrate step made the stream they go to.
    const manager = await (await connectAs(STREAM_KEEPER)).jetstreamManager();
    expect((await manager.streams.info(`${ns.toUpperCase()}_DEAD_LETTERS`)).config.subjects).toEqual([
      `${ns}.deadletters.>`,
    ]);
  });

  it('gives each service its own durable consumer and no other’s: neither sharing nor the gateway can take library’s events', async () => {
    const events = eventsStream(stack.namespace).name;
    const next = `$JS.API.CONSUMER.MSG.NEXT.${events}.library`;
    const asSharing = await connectAs('sharing');
    expect(await permissionViolations(asSharing, () => asSharing.publish(next, '{"batch":1}'))).toBe(1);
    expect(
      await permissionViolations(asSharing, () => asSharing.publish(`$JS.ACK.${events}.library.1.1.1.1.0`)),
    ).toBe(1);
    expect(
      await permissionViolations(asSharing, () =>
        asSharing.publish(`$JS.API.CONSUMER.DELETE.${events}.library`),
      ),
    ).toBe(1);
    const asGateway = await connectAs('gateway');
    expect(await permissionViolations(asGateway, () => asGateway.publish(next, '{"batch":1}'))).toBe(1);
    expect(
      await permissionViolations(asGateway, () =>
        asGateway.publish(`$JS.API.CONSUMER.DELETE.${events}.billing`),
      ),
    ).toBe(1);
    // Its own it reads as always.
    const manager = await asSharing.jetstreamManager();
    expect((await manager.consumers.info(events, 'sharing')).name).toBe('sharing');
  });

  it('has an app started before the migrate step say to run it, and one with other settings go on with the stream’s', async () => {
    const asLibrary = await connectAs('library');
    const warnings: string[] = [];
    const logger = {
      warn: (_fields: object, message: string) => warnings.push(message),
    } as unknown as Parameters<typeof openEventsStream>[3];
    await expect(
      openEventsStream(asLibrary, `${stack.namespace}new`, { maxBytes: DEFAULT_EVENTS_MAX_BYTES }, logger),
    ).rejects.toThrow(/does not exist, and only the migrate step may create it/);
    const kept = await openEventsStream(
      asLibrary,
      stack.namespace,
      { maxBytes: DEFAULT_EVENTS_MAX_BYTES / 2 },
      logger,
    );
    expect(kept.max_bytes).toBe(Number(stack.env.EVENTS_MAX_BYTES));
    expect(warnings).toEqual([expect.stringMatching(/only the migrate step may change it/)]);
  });

  it('no longer lets the gateway ask auth for a user by id, which the API never does', async () => {
    const asGateway = await connectAs('gateway');
    expect(
      await permissionViolations(asGateway, () =>
        asGateway.publish(`${stack.namespace}.auth.users.get`, '{}'),
      ),
    ).toBe(1);
  });

  it('gives up a tier event whose data is malformed, even from the one process allowed to publish it', async () => {
    const [victim, witness] = [
      await newLibraryUser(gateway.url, 'forged'),
      await newLibraryUser(gateway.url, 'witness'),
    ];
    const js = (await connectAs('billing')).jetstream();
    const publish = async (data: Record<string, unknown>) => {
      const id = randomUUID();
      const messageHeaders = headers();
      messageHeaders.set('Nats-Msg-Id', id);
      const envelope = { id, type: 'events.tier.changed', occurredAt: new Date().toISOString(), data };
      await js.publish(`${stack.namespace}.events.tier.changed`, JSON.stringify(envelope), {
        headers: messageHeaders,
      });
    };
    await publish({
      userId: victim.id,
      isPro: 'yes',
      isCancelled: false,
      endsAt: null,
      version: 2_147_483_647,
    });
    // A well-formed event after it: once the library shows it, the forged one was dealt with before.
    await publish({ userId: witness.id, isPro: true, isCancelled: false, endsAt: null, version: 1 });
    await eventually(
      () => limitsOf(witness),
      (limits) => limits.isPro,
    );
    expect((await limitsOf(victim)).isPro).toBe(false);
    // Given up at once, it waits in library's dead letters, saying why, for an operator to drop.
    const admin = await connectAs('admin');
    const letters = await eventually(
      () => readDeadLetters(admin, stack.namespace, 'library'),
      (found) => found.length === 1,
    );
    expect(letters).toEqual([
      expect.objectContaining({
        type: 'events.tier.changed',
        reason: 'malformed',
        error: expect.stringMatching(/^Off the contract of events\.tier\.changed: data\.isPro: /),
        deliveries: 1,
      }),
    ]);
  });

  const asServiceLogin = (service: ServiceName, sql: string) =>
    postgresAnswer(logins.serviceUrls[service], sql);

  it("refuses every other service's login the password hashes and the tier write, and each its own schema's shape", async () => {
    const user = await newLibraryUser(gateway.url, 'stores');
    const attacks = [
      ...serviceNames
        .filter((service) => service !== 'auth')
        .map((service) => ({ service, sql: 'SELECT password_hash FROM auth.users' })),
      ...serviceNames
        .filter((service) => service !== 'library')
        .flatMap((service) => [
          { service, sql: `UPDATE library.user_tiers SET is_pro = true WHERE user_id = ${user.id}` },
          {
            service,
            sql: `INSERT INTO library.user_tiers (user_id, is_pro) VALUES (${user.id + 1000}, true)`,
          },
        ]),
      { service: 'auth' as const, sql: 'ALTER TABLE auth.users ADD COLUMN is_admin boolean' },
      { service: 'library' as const, sql: 'DROP TABLE library.user_tiers' },
      { service: 'sharing' as const, sql: 'CREATE TABLE sharing.stolen (body text)' },
      { service: 'billing' as const, sql: 'DELETE FROM billing.migrations' },
    ];
    const outcomes = await Promise.all(
      attacks.map(async ({ service, sql }) => ({
        service,
        sql,
        outcome: await asServiceLogin(service, sql),
      })),
    );
    expect(outcomes).toEqual(attacks.map(({ service, sql }) => ({ service, sql, outcome: '42501' })));
    // The tier is still the library's to change, through billing's event: the user is still free.
    expect((await limitsOf(user)).isPro).toBe(false);
    // Each login keeps what its service needs: its own rows.
    expect(await asServiceLogin('auth', 'SELECT password_hash FROM auth.users LIMIT 1')).toBe('allowed');
    expect(await asServiceLogin('library', 'SELECT is_pro FROM library.user_tiers LIMIT 1')).toBe('allowed');
  });

  it('refuses a session written by any process but the gateway, and each process every other’s keys', async () => {
    const user = await newLibraryUser(gateway.url, 'redis');
    const ns = stack.namespace;
    const admin = new Redis(stack.env.REDIS_URL);
    const [sessionId] = await admin.zrange(`${ns}:usess:${user.id}`, 0, -1).finally(() => admin.disconnect());
    expect(sessionId).toBeDefined();
    const forged = JSON.stringify({ user: { id: user.id + 1, username: 'victim' }, openedAt: Date.now() });
    const attempt = (process: (typeof redisProcesses)[number], command: string[]) =>
      redisAnswer(redisUsers.processUrls[process], command);
    const attacks = [
      ...(['sharing', 'billing'] as const).flatMap((process) => [
        { process, command: ['SET', `${ns}:sess:${sessionId}`, forged] },
        { process, command: ['SET', `${ns}:sess:attacker-made`, forged] },
        { process, command: ['GET', `${ns}:sess:${sessionId}`] },
      ]),
      { process: 'gateway' as const, command: ['DEL', `${ns}:bull:stripe-events:wait`] },
      { process: 'billing' as const, command: ['SET', `${ns}:share:any`, 'forged'] },
      ...redisProcesses.map((process) => ({ process, command: ['FLUSHALL'] })),
      ...redisProcesses.map((process) => ({ process, command: ['KEYS', '*'] })),
    ];
    const outcomes = [];
    for (const { process, command } of attacks)
      outcomes.push({ process, command, outcome: await attempt(process, command) });
    expect(outcomes).toEqual(attacks.map((attack) => ({ ...attack, outcome: 'NOPERM' })));
    // The session is still the user's own.
    expect((await user.client.get<{ user: { id: number } }>('/api/user')).body.user.id).toBe(user.id);
  });
});
