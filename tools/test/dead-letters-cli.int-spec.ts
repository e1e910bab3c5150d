import { ensureDeadLettersStream, ensureEventsStream } from '@promptlib/platform';
import { freePort, removeEventStreams } from '@promptlib/platform/testing';
import { deadLetterHeaders, deadLetterSubject, eventsStream, type EventEnvelope } from '@promptlib/proto';
import { connect, headers, type NatsConnection } from 'nats';
import { randomBytes, randomUUID } from 'node:crypto';
import { runDeadLettersCommand } from '../src/dead-letters/cli';
import { vi } from 'vitest';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const namespace = `${process.env.APP_NAMESPACE ?? 'plt_local'}_dlcli${randomBytes(2).toString('hex')}`;
const env = { ...process.env, NATS_URL, APP_NAMESPACE: namespace };

describe('npm run dead-letters', () => {
  let nats: NatsConnection;
  let printed: string[];
  let errors: string[];

  beforeAll(async () => {
    nats = await connect({ servers: NATS_URL });
    await ensureEventsStream(nats, namespace, { maxBytes: 8 * 1024 * 1024 });
    await ensureDeadLettersStream(nats, namespace);
  });

  beforeEach(() => {
    printed = [];
    errors = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
  });

  afterEach(() => vi.restoreAllMocks());

  afterAll(async () => {
    await removeEventStreams(nats, namespace);
    await nats.close();
  });

  /** A dead letter as sharing's consumer writes one. */
  async function giveUp(event: EventEnvelope<'events.prompt.updated'>, sequence: number): Promise<void> {
    const letterHeaders = headers();
    letterHeaders.set(deadLetterHeaders.reason, 'failed');
    letterHeaders.set(deadLetterHeaders.error, 'relation "prompt_texts" does not exist');
    letterHeaders.set(deadLetterHeaders.deliveries, '50');
    letterHeaders.set(deadLetterHeaders.eventSequence, String(sequence));
    await nats
      .jetstream()
      .publish(deadLetterSubject(namespace, 'sharing', event.type), JSON.stringify(event), {
        headers: letterHeaders,
      });
  }

  const promptUpdated = (promptId: number): EventEnvelope<'events.prompt.updated'> => ({
    id: randomUUID(),
    type: 'events.prompt.updated',
    occurredAt: new Date().toISOString(),
    data: { userId: 1, promptId, title: 'T', content: 'C', categoryId: null, version: 2 },
  });

  it('lists, replays into the events stream, and drops what it names, and nothing else', async () => {
    expect(await runDeadLettersCommand([], env)).toBe(0);
    expect(printed).toEqual([`0 dead letters in ${namespace}`]);

    const [first, second, third] = [promptUpdated(1), promptUpdated(2), promptUpdated(3)];
    await giveUp(first, 11);
    await giveUp(second, 12);
    await giveUp(third, 13);
    printed = [];
    expect(await runDeadLettersCommand(['list', 'sharing'], env)).toBe(0);
    expect(printed).toHaveLength(4);
    expect(printed[0]).toMatch(
      new RegExp(
        `^ +1  \\S+Z  sharing  events\\.prompt\\.updated  event ${first.id} #11  50 deliveries  failed: relation "prompt_texts" does not exist$`,
      ),
    );
    expect(printed[3]).toBe(`3 dead letters in ${namespace}`);
    printed = [];
    expect(await runDeadLettersCommand(['list', 'library'], env)).toBe(0);
    expect(printed).toEqual([`0 dead letters in ${namespace}`]);

    expect(await runDeadLettersCommand(['replay', 'sharing', '2'], env)).toBe(0);
    expect(await runDeadLettersCommand(['drop', 'sharing', '3'], env)).toBe(0);
    expect(printed.slice(-2)).toEqual([
      `✔ Replayed 1 of sharing's dead letters in ${namespace}`,
      `✔ Dropped 1 of sharing's dead letters in ${namespace}`,
    ]);
    // The replayed event is back in the events stream as it was, for every consumer of its type.
    const manager = await nats.jetstreamManager();
    const replayed = await manager.streams.getMessage(eventsStream(namespace).name, { seq: 1 });
    expect(replayed.subject).toBe(`${namespace}.events.prompt.updated`);
    expect(JSON.parse(new TextDecoder().decode(replayed.data))).toEqual(second);
    expect((await manager.streams.info(eventsStream(namespace).name)).state.messages).toBe(1);

    printed = [];
    expect(await runDeadLettersCommand(['replay', 'sharing'], env)).toBe(0);
    expect(printed).toEqual([`✔ Replayed 1 of sharing's dead letters in ${namespace}`]);
    printed = [];
    expect(await runDeadLettersCommand(['list'], env)).toBe(0);
    expect(printed).toEqual([`0 dead letters in ${namespace}`]);
    expect((await manager.streams.info(eventsStream(namespace).name)).state.messages).toBe(2);
  });

  it('refuses a sequence that is not one of the service’s, changing nothing', async () => {
    await giveUp(promptUpdated(4), 14);
    expect(await runDeadLettersCommand(['drop', 'library', '99'], env)).toBe(1);
    expect(errors).toEqual(["✖ Not among the service's dead letters: 99"]);
    printed = [];
    expect(await runDeadLettersCommand(['list', 'sharing'], env)).toBe(0);
    expect(printed.at(-1)).toBe(`1 dead letter in ${namespace}`);
  });

  it('says what it cannot reach, and how it is used', async () => {
    const nowhere = `nats://127.0.0.1:${await freePort()}`;
    expect(await runDeadLettersCommand(['list'], { ...env, NATS_URL: nowhere })).toBe(1);
    expect(errors).toEqual([expect.stringMatching(/^✖ CONNECTION_REFUSED/)]);
    errors = [];
    expect(await runDeadLettersCommand(['list'], { ...env, APP_NAMESPACE: `${namespace}x` })).toBe(1);
    expect(errors).toEqual([
      `✖ ${namespace}x has no dead letters' stream: the migrate step (npm start, npm run migrate, the chart's job) makes it`,
    ]);
    errors = [];
    expect(await runDeadLettersCommand(['replay'], env)).toBe(2);
    expect(errors[0]).toMatch(/^Not a command: replay\n\nUsage:/);
  });
});
