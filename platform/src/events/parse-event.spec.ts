import { describe, expect, it } from 'vitest';
import { parseEvent } from './parse-event';

const tierChanged = {
  id: '0b8e1a64-4a43-4d8e-9a3c-3f0f7f7c2f11',
  type: 'events.tier.changed',
  occurredAt: '2026-11-23T10:00:00.000Z',
  data: { userId: 7, isPro: true, isCancelled: false, endsAt: null, version: 2 },
};

describe('parseEvent', () => {
  it('answers the event when its envelope and data follow the contract of its type', () => {
    expect(parseEvent(JSON.stringify(tierChanged), 'events.tier.changed')).toEqual({ event: tierChanged });
  });

  it('strips what the contract does not declare, in the envelope and in the data', () => {
    const text = JSON.stringify({ ...tierChanged, extra: 1, data: { ...tierChanged.data, isAdmin: true } });
    expect(parseEvent(text, 'events.tier.changed')).toEqual({ event: tierChanged });
  });

  it('refuses text that is not JSON', () => {
    expect(parseEvent('not json', 'events.tier.changed')).toEqual({
      malformed: { eventId: undefined, fields: { body: 'Not JSON' } },
    });
  });

  it('refuses an envelope of another type than its subject', () => {
    const parsed = parseEvent(JSON.stringify(tierChanged), 'events.user.registered');
    expect(parsed).toEqual({
      malformed: {
        eventId: tierChanged.id,
        fields: expect.objectContaining({ type: 'Invalid input: expected "events.user.registered"' }),
      },
    });
  });

  it('names the failing fields of the data, without their values', () => {
    const secret = 'a forged value that must not reach the log';
    const data = { userId: -1, isCancelled: secret, endsAt: null, version: 'x' };
    const parsed = parseEvent(JSON.stringify({ ...tierChanged, data }), 'events.tier.changed');
    expect(parsed).toEqual({
      malformed: {
        eventId: tierChanged.id,
        fields: {
          'data.userId': expect.any(String),
          'data.isPro': expect.any(String),
          'data.isCancelled': expect.any(String),
          'data.version': expect.any(String),
        },
      },
    });
    expect(JSON.stringify(parsed)).not.toContain(secret);
  });

  it('names at most five fields and cuts a forged id short', () => {
    const forged = {
      ...tierChanged,
      id: 'x'.repeat(10_000),
      type: 'events.category.deleted',
      data: { userId: 7, categoryId: 3, promptIds: Array(1_000).fill('1') },
    };
    const parsed = parseEvent(JSON.stringify(forged), 'events.category.deleted');
    if (!('malformed' in parsed)) throw new Error('expected a malformed event');
    expect(Object.keys(parsed.malformed.fields)).toHaveLength(5);
    expect(parsed.malformed.eventId).toHaveLength(64);
  });
});
