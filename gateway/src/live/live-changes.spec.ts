import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@promptlib/proto';
import {
  changeFrame,
  feedItemOf,
  formatEventId,
  parseEventId,
  resetFrame,
  streamEpoch,
} from './live-changes';

const envelope = <E extends EventEnvelope>(event: Omit<E, 'id' | 'occurredAt'>): EventEnvelope =>
  ({ id: 'e1', occurredAt: '2026-11-28T10:00:00.000Z', ...event }) as EventEnvelope;

describe('feedItemOf', () => {
  it('hands the user a prompt’s change without their id', () => {
    const item = feedItemOf(
      envelope({
        type: 'events.prompt.updated',
        data: { userId: 7, promptId: 3, title: 'T', content: 'C', categoryId: null, version: 2 },
      }),
    );
    expect(item).toEqual({
      kind: 'change',
      userId: 7,
      change: {
        type: 'prompt.updated',
        promptId: 3,
        title: 'T',
        content: 'C',
        categoryId: null,
        version: 2,
        occurredAt: '2026-11-28T10:00:00.000Z',
      },
    });
  });

  it('hands on a star or tags changed, a tag changed everywhere and a category made or moved', () => {
    expect(
      feedItemOf(
        envelope({
          type: 'events.prompt.marked',
          data: { userId: 7, promptId: 3, isFavorite: 1, tags: ['a'] },
        }),
      ),
    ).toMatchObject({
      kind: 'change',
      userId: 7,
      change: { type: 'prompt.marked', promptId: 3, isFavorite: 1, tags: ['a'] },
    });
    expect(
      feedItemOf(envelope({ type: 'events.tag.changed', data: { userId: 7, name: 'a', newName: null } })),
    ).toMatchObject({ kind: 'change', change: { type: 'tag.changed', name: 'a', newName: null } });
    const category = feedItemOf(
      envelope({
        type: 'events.category.updated',
        data: { userId: 7, categoryId: 4, name: 'Work', position: 2 },
      }),
    );
    expect(category).toEqual({
      kind: 'change',
      userId: 7,
      change: {
        type: 'category.updated',
        categoryId: 4,
        name: 'Work',
        position: 2,
        occurredAt: '2026-11-28T10:00:00.000Z',
      },
    });
  });

  it('hands on deletions and tier changes, ends a deleted user’s feeds, and ignores registrations', () => {
    expect(
      feedItemOf(envelope({ type: 'events.prompt.deleted', data: { userId: 1, promptId: 2, version: 3 } })),
    ).toMatchObject({
      kind: 'change',
      userId: 1,
      change: { type: 'prompt.deleted', promptId: 2, version: 3 },
    });
    expect(
      feedItemOf(
        envelope({ type: 'events.category.deleted', data: { userId: 1, categoryId: 4, promptIds: [5] } }),
      ),
    ).toMatchObject({ kind: 'change', change: { type: 'category.deleted', categoryId: 4, promptIds: [5] } });
    expect(
      feedItemOf(
        envelope({
          type: 'events.tier.changed',
          data: { userId: 1, isPro: true, isCancelled: false, endsAt: null, version: 9 },
        }),
      ),
    ).toMatchObject({ kind: 'change', change: { type: 'tier.changed', isPro: true, version: 9 } });
    expect(feedItemOf(envelope({ type: 'events.user.deleted', data: { userId: 1 } }))).toEqual({
      kind: 'userDeleted',
      userId: 1,
    });
    expect(
      feedItemOf(envelope({ type: 'events.user.registered', data: { userId: 1, username: 'a' } })),
    ).toEqual({
      kind: 'none',
    });
  });
});

describe('event ids', () => {
  it('round-trips a position and refuses anything else', () => {
    const position = { epoch: streamEpoch('2026-11-28T10:00:00Z'), seq: 42 };
    expect(parseEventId(formatEventId(position))).toEqual(position);
    for (const bad of ['', '42', 'abc-', '-5', 'ABC-5', 'a-1-2', `a-${'9'.repeat(16)}`, 'a-1\n'])
      expect(parseEventId(bad)).toBeNull();
  });

  it('writes frames an EventSource reads: id, event and one data line', () => {
    const frame = changeFrame(
      { epoch: 'x', seq: 5 },
      { type: 'prompt.deleted', promptId: 1, version: 2, occurredAt: 'now' },
    );
    expect(frame).toBe(
      'id: x-5\nevent: change\ndata: {"type":"prompt.deleted","promptId":1,"version":2,"occurredAt":"now"}\n\n',
    );
    expect(resetFrame({ epoch: 'x', seq: 6 })).toBe('id: x-6\nevent: reset\ndata: {}\n\n');
  });
});
