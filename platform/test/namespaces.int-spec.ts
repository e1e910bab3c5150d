import { Controller, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DEFAULT_EVENTS_MAX_BYTES, eventsStream, subjects, type EventEnvelope } from '@promptlib/proto';
import Redis from 'ioredis';
import { DiscardPolicy, connect, type NatsConnection } from 'nats';
import { removeEventStreams } from '../testing/event-streams';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  ServiceCallError,
  ServiceClient,
  NamespacedNatsServer,
  createLogger,
  createRedis,
  databaseDevDefaults,
  databaseEnvShape,
  ensureEventsStream,
  loadConfig,
} from '../src';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const base = process.env.APP_NAMESPACE ?? 'plt_local';
const [nsA, nsB, nsC] = ['a', 'b', 'c'].map((suffix) => `${base}_ns${suffix}`);
const logger = createLogger('namespaces-test', 'silent');
const limits = { maxBytes: DEFAULT_EVENTS_MAX_BYTES };

function responderFor(namespace: string): Promise<INestMicroservice> {
  @Controller()
  class WhoAmI {
    @MessagePattern(subjects.auth.usersGet)
    get(@Payload() data: { userId: number }) {
      return { namespace, userId: data.userId };
    }
  }
  return NestFactory.createMicroservice(
    { module: class WhoAmIModule {}, controllers: [WhoAmI] },
    {
      strategy: new NamespacedNatsServer({ namespace, service: 'auth', options: { servers: [NATS_URL] } }),
      logger: false,
    },
  );
}

describe('two namespaces on the same NATS, Redis and Postgres', () => {
  let nats: NatsConnection;
  const responders: INestMicroservice[] = [];

  beforeAll(async () => {
    nats = await connect({ servers: NATS_URL });
    for (const namespace of [nsA, nsB]) {
      const responder = await responderFor(namespace);
      await responder.listen();
      responders.push(responder);
    }
  });

  afterAll(async () => {
    await Promise.all(responders.map((responder) => responder.close()));
    for (const namespace of [nsA, nsB, nsC]) await removeEventStreams(nats, namespace);
    await nats.close();
  });

  it('answers each request from its own namespace only', async () => {
    const fromA = await new ServiceClient(nats, nsA).request(subjects.auth.usersGet, { userId: 7 });
    const fromB = await new ServiceClient(nats, nsB).request(subjects.auth.usersGet, { userId: 7 });
    expect(fromA).toEqual({ namespace: nsA, userId: 7 });
    expect(fromB).toEqual({ namespace: nsB, userId: 7 });
  });

  it('answers SERVICE_UNAVAILABLE at once in a namespace with no responder', async () => {
    const started = Date.now();
    const attempt = new ServiceClient(nats, nsC).request(
      subjects.auth.usersGet,
      { userId: 7 },
      { timeoutMs: 4_000 },
    );
    await expect(attempt).rejects.toBeInstanceOf(ServiceCallError);
    await expect(attempt).rejects.toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers the very first request sent once listen() has resolved', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const responder = await responderFor(nsC);
      await responder.listen();
      try {
        const answer = await new ServiceClient(nats, nsC).request(subjects.auth.usersGet, {
          userId: attempt,
        });
        expect(answer).toEqual({ namespace: nsC, userId: attempt });
      } finally {
        await responder.close();
      }
    }
  });

  it('keeps each namespace’s events in its own stream', async () => {
    await Promise.all([ensureEventsStream(nats, nsA, limits), ensureEventsStream(nats, nsB, limits)]);
    const event: EventEnvelope<'events.user.registered'> = {
      id: randomUUID(),
      type: 'events.user.registered',
      occurredAt: new Date().toISOString(),
      data: { userId: 1, username: 'alice' },
    };
    await nats
      .jetstream()
      .publish(`${nsA}.events.user.registered`, JSON.stringify(event), { msgID: event.id });
    const manager = await nats.jetstreamManager();
    expect((await manager.streams.info(eventsStream(nsA).name)).state.messages).toBe(1);
    expect((await manager.streams.info(eventsStream(nsB).name)).state.messages).toBe(0);
  });

  it('creates the stream idempotently, even concurrently, and restores its definition', async () => {
    const configs = await Promise.all([
      ensureEventsStream(nats, nsC, limits),
      ensureEventsStream(nats, nsC, limits),
    ]);
    expect(configs[0].subjects).toEqual([`${nsC}.events.>`]);
    const manager = await nats.jetstreamManager();
    await manager.streams.update(eventsStream(nsC).name, {
      max_age: 600 * 1e9,
      discard: DiscardPolicy.Old,
      max_bytes: -1,
      max_msg_size: -1,
    });
    const restored = await ensureEventsStream(nats, nsC, limits);
    expect(restored.max_age).toBe(eventsStream(nsC).maxAgeNanos);
    expect(restored.duplicate_window).toBe(eventsStream(nsC).duplicateWindowNanos);
    expect(restored).toMatchObject({
      discard: DiscardPolicy.New,
      max_bytes: DEFAULT_EVENTS_MAX_BYTES,
      max_msg_size: eventsStream(nsC).maxMessageBytes,
    });
  });

  it('keeps each namespace’s Redis keys apart', async () => {
    const [a, b] = [createRedis(REDIS_URL, nsA, logger), createRedis(REDIS_URL, nsB, logger)];
    const raw = new Redis(REDIS_URL);
    try {
      await a.set('session:same-id', 'alice', 'EX', 60);
      await b.set('session:same-id', 'bob', 'EX', 60);
      expect(await a.get('session:same-id')).toBe('alice');
      expect(await b.get('session:same-id')).toBe('bob');
      expect(await raw.get(`${nsA}:session:same-id`)).toBe('alice');
      expect(await raw.keys(`${nsB}:*`)).toEqual([`${nsB}:session:same-id`]);
    } finally {
      await raw.del(`${nsA}:session:same-id`, `${nsB}:session:same-id`);
      a.disconnect();
      b.disconnect();
      raw.disconnect();
    }
  });

  it('gives each namespace its own database', async () => {
    const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    const urlFor = (namespace: string) => {
      const url = new URL(
        loadConfig(databaseEnvShape, databaseDevDefaults, { APP_NAMESPACE: namespace }).DATABASE_URL,
      );
      url.host = server.host;
      url.username = server.username;
      url.password = server.password;
      return url;
    };
    const [urlA, urlB] = [urlFor(nsA), urlFor(nsB)];
    expect(urlA.pathname).toBe(`/${nsA}`);
    expect(urlB.pathname).toBe(`/${nsB}`);

    const admin = new Client({
      connectionString: Object.assign(new URL(server), { pathname: '/postgres' }).toString(),
    });
    await admin.connect();
    try {
      for (const namespace of [nsA, nsB]) {
        await admin.query(`DROP DATABASE IF EXISTS "${namespace}"`);
        await admin.query(`CREATE DATABASE "${namespace}"`);
      }
      const [a, b] = [
        new Client({ connectionString: urlA.toString() }),
        new Client({ connectionString: urlB.toString() }),
      ];
      await Promise.all([a.connect(), b.connect()]);
      try {
        await a.query('CREATE SCHEMA library; CREATE TABLE library.prompts (id int)');
        const seenFromB = await b.query(
          "SELECT count(*)::int AS n FROM information_schema.schemata WHERE schema_name = 'library'",
        );
        expect(seenFromB.rows[0].n).toBe(0);
      } finally {
        await Promise.all([a.end(), b.end()]);
      }
    } finally {
      for (const namespace of [nsA, nsB]) await admin.query(`DROP DATABASE IF EXISTS "${namespace}"`);
      await admin.end();
    }
  });
});
