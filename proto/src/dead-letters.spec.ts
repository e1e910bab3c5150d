import { describe, expect, it } from 'vitest';
import {
  DEAD_LETTERS_MAX_BYTES,
  deadLetterFilter,
  deadLettersStream,
  deadLetterSubject,
  parseDeadLetterSubject,
} from './dead-letters';
import { eventsStream } from './events';

describe('deadLettersStream', () => {
  it('is named after the namespace, beside its events stream, and holds every service’s dead letters', () => {
    const stream = deadLettersStream('promptlib');
    expect(stream.name).toBe('PROMPTLIB_DEAD_LETTERS');
    expect(stream.subjects).toEqual(['promptlib.deadletters.>']);
    // The events stream's subjects do not take them in.
    expect(eventsStream('promptlib').subjects).toEqual(['promptlib.events.>']);
  });

  it('keeps dead letters as long as the events stream keeps events, and refuses more when full', () => {
    const stream = deadLettersStream('x');
    expect(stream.maxAgeNanos).toBe(eventsStream('x').maxAgeNanos);
    expect(stream.discard).toBe('new');
    expect(stream.maxBytes).toBe(DEAD_LETTERS_MAX_BYTES);
  });

  it('takes any event the events stream takes, with room for the headers that say why', () => {
    expect(deadLettersStream('x').maxMessageBytes).toBeGreaterThan(eventsStream('x').maxMessageBytes);
  });
});

describe('dead letter subjects', () => {
  it('put the service before the event type, so one filter is one service’s dead letters', () => {
    const subject = deadLetterSubject('ns', 'sharing', 'events.prompt.updated');
    expect(subject).toBe('ns.deadletters.sharing.events.prompt.updated');
    expect(deadLetterFilter('ns', 'sharing')).toBe('ns.deadletters.sharing.>');
    expect(deadLetterFilter('ns')).toBe('ns.deadletters.*.>');
  });

  it('read back to their service and type', () => {
    const subject = deadLetterSubject('ns', 'billing', 'events.user.deleted');
    expect(parseDeadLetterSubject('ns', subject)).toEqual({
      service: 'billing',
      type: 'events.user.deleted',
    });
  });

  it.each([
    'other.deadletters.billing.events.user.deleted',
    'ns.deadletters.gateway.events.user.deleted',
    'ns.deadletters.billing.events.user.renamed',
    'ns.events.user.deleted',
  ])('are not read from %p', (subject) => {
    expect(parseDeadLetterSubject('ns', subject)).toBeNull();
  });
});
