import { describe, expect, it, type Mock, vi } from 'vitest';
import { MAX_EVENT_BYTES, MAX_MESSAGE_BYTES } from '@promptlib/proto';
import type { EntityManager } from 'typeorm';
import { OutboxMessage } from './outbox-message.entity';
import { writeOutbox, writeOutboxMany } from './write-outbox';

function fakeManager(inTransaction: boolean): { manager: EntityManager; insert: Mock } {
  const insert = vi.fn().mockResolvedValue(undefined);
  const manager = { queryRunner: { isTransactionActive: inTransaction }, insert } as unknown as EntityManager;
  return { manager, insert };
}

describe('writeOutbox', () => {
  it('inserts the event envelope under its id and un-namespaced subject', async () => {
    const { manager, insert } = fakeManager(true);
    const envelope = await writeOutbox(manager, 'events.user.registered', { userId: 1, username: 'alice' });

    expect(envelope).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'events.user.registered',
      occurredAt: expect.any(String),
      data: { userId: 1, username: 'alice' },
    });
    expect(new Date(envelope.occurredAt).toISOString()).toBe(envelope.occurredAt);
    expect(insert).toHaveBeenCalledWith(OutboxMessage, {
      id: envelope.id,
      subject: 'events.user.registered',
      payload: envelope,
      // Written outside a trace (no tracer provider in a unit test): none to continue.
      traceContext: null,
      createdAt: expect.any(Function),
    });
  });

  it('gives every event its own id', async () => {
    const { manager } = fakeManager(true);
    const data = { userId: 1, promptId: 2, version: 3 };
    const [a, b] = await Promise.all([
      writeOutbox(manager, 'events.prompt.deleted', data),
      writeOutbox(manager, 'events.prompt.deleted', data),
    ]);
    expect(a.id).not.toBe(b.id);
  });

  it('refuses a manager without an open transaction', async () => {
    const { manager, insert } = fakeManager(false);
    await expect(
      writeOutbox(manager, 'events.user.registered', { userId: 1, username: 'a' }),
    ).rejects.toThrow(/open transaction/);
    expect(insert).not.toHaveBeenCalled();
  });

  it('refuses an event too large to publish, so it cannot block the outbox', async () => {
    const { manager, insert } = fakeManager(true);
    const data = {
      userId: 1,
      promptId: 2,
      title: 't',
      content: 'x'.repeat(MAX_MESSAGE_BYTES),
      categoryId: null,
      version: 1,
    };
    await expect(writeOutbox(manager, 'events.prompt.updated', data)).rejects.toThrow(/byte limit/);
    expect(insert).not.toHaveBeenCalled();
  });

  it('refuses an event the events stream would refuse, though a request of its size would pass', async () => {
    const { manager, insert } = fakeManager(true);
    const promptIds = Array.from({ length: 40_000 }, (_, index) => 1_000_000 + index);
    const size = Buffer.byteLength(JSON.stringify(promptIds));
    expect(size).toBeGreaterThan(MAX_EVENT_BYTES);
    expect(size).toBeLessThan(MAX_MESSAGE_BYTES);

    await expect(
      writeOutbox(manager, 'events.category.deleted', { userId: 1, categoryId: 2, promptIds }),
    ).rejects.toThrow(`above the ${MAX_EVENT_BYTES} byte limit`);
    expect(insert).not.toHaveBeenCalled();
  });

  it('writes many events of one subject in one insert, each as writeOutbox would, in order', async () => {
    const { manager, insert } = fakeManager(true);
    const items = [1, 2, 3].map((promptId) => ({ userId: 1, promptId, version: 1 }));
    const envelopes = await writeOutboxMany(manager, 'events.prompt.deleted', items);

    expect(envelopes.map((envelope) => envelope.data)).toEqual(items);
    expect(new Set(envelopes.map((envelope) => envelope.id)).size).toBe(3);
    expect(insert).toHaveBeenCalledTimes(1);
    expect(insert).toHaveBeenCalledWith(
      OutboxMessage,
      envelopes.map((envelope) => ({
        id: envelope.id,
        subject: 'events.prompt.deleted',
        payload: envelope,
        traceContext: null,
        createdAt: expect.any(Function),
      })),
    );
  });

  it('writes nothing for no events, and nothing at all when one of them is too large', async () => {
    const { manager, insert } = fakeManager(true);
    expect(await writeOutboxMany(manager, 'events.prompt.deleted', [])).toEqual([]);
    const small = { userId: 1, promptId: 2, title: 't', content: 'c', categoryId: null, version: 1 };
    const large = { ...small, content: 'x'.repeat(MAX_MESSAGE_BYTES) };
    await expect(writeOutboxMany(manager, 'events.prompt.updated', [small, large])).rejects.toThrow(
      /byte limit/,
    );
    expect(insert).not.toHaveBeenCalled();
  });
});
