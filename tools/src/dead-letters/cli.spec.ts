import { describe, expect, it } from 'vitest';
import { describeDeadLetter, parseCommand } from './cli';

describe('npm run dead-letters', () => {
  it('lists every service’s dead letters by default, or one service’s', () => {
    expect(parseCommand([])).toEqual({ name: 'list', service: undefined });
    expect(parseCommand(['list', 'sharing'])).toEqual({ name: 'list', service: 'sharing' });
  });

  it('replays all of a service’s dead letters, or those named, and drops only those named', () => {
    expect(parseCommand(['replay', 'billing'])).toEqual({
      name: 'replay',
      service: 'billing',
      sequences: [],
    });
    expect(parseCommand(['replay', 'billing', '4', '9'])).toEqual({
      name: 'replay',
      service: 'billing',
      sequences: [4, 9],
    });
    expect(parseCommand(['drop', 'library', '2'])).toEqual({
      name: 'drop',
      service: 'library',
      sequences: [2],
    });
  });

  it.each([
    [['replay'], /Not a command/],
    [['drop', 'library'], /Not a command/],
    [['replay', 'gateway'], /No service is called "gateway"/],
    [['replay', 'library', '0'], /whole numbers from 1/],
    [['drop', 'library', '2x'], /whole numbers from 1/],
    [['list', 'library', '3'], /Not a command/],
    [['purge', 'library'], /Not a command/],
  ])('refuses %p', (args, error) => {
    const parsed = parseCommand(args);
    expect('error' in parsed && parsed.error).toMatch(error);
  });

  it('shows each dead letter on one line, with what it is and why it was given up', () => {
    const line = describeDeadLetter({
      sequence: 12,
      service: 'sharing',
      type: 'events.prompt.updated',
      eventId: 'e1',
      reason: 'failed',
      error: 'relation "prompt_texts" does not exist',
      deliveries: 50,
      eventSequence: 340,
      givenUpAt: new Date('2026-11-29T10:00:00Z'),
    });
    expect(line).toBe(
      '    12  2026-11-29T10:00:00.000Z  sharing  events.prompt.updated  event e1 #340  50 deliveries  failed: relation "prompt_texts" does not exist',
    );
  });
});
