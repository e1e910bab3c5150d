import { API_KEYS_MAX, type ApiKeySummary } from '@promptlib/proto';
import { createTestI18n } from '../../shared/testing/render-with-app';

import { apiKeyFieldText, atKeyLimit, expiresAtFor, isExpired, nameRule } from './api-key-form';

const now = new Date('2026-03-01T12:00:00.000Z');

const summary = (id: number): ApiKeySummary => ({
  id,
  name: `Key ${id}`,
  scope: 'read',
  start: 'plk_Ab3xYz12',
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
});

describe('expiresAtFor', () => {
  it('never for never, else the number of days from now, within the server’s year', () => {
    expect(expiresAtFor('never', now)).toBeNull();
    expect(expiresAtFor('30', now)).toBe('2026-03-31T12:00:00.000Z');
    expect(expiresAtFor('90', now)).toBe('2026-05-30T12:00:00.000Z');
    expect(expiresAtFor('365', now)).toBe('2027-03-01T12:00:00.000Z');
  });
});

describe('nameRule', () => {
  it('takes 1 to 60 characters of plain text, trimmed as the server trims', () => {
    expect(nameRule('Claude on my laptop')).toBeNull();
    expect(nameRule('x')).toBeNull();
    expect(nameRule('x'.repeat(60))).toBeNull();
    expect(nameRule(`  ${'x'.repeat(60)}  `)).toBeNull();
    expect(nameRule('   ')).toBe('tooShort');
    expect(nameRule('x'.repeat(61))).toBe('tooLong');
    expect(nameRule('bell\u0007')).toBe('controlCharacters');
    expect(nameRule('half \ud800')).toBe('malformedText');
  });
});

describe('apiKeyFieldText', () => {
  it('says the name’s rules with the key’s own limits, not a category’s', async () => {
    const { t } = await createTestI18n('en');
    expect(apiKeyFieldText(t, 'name', 'tooShort')).toBe('Give the key a name');
    expect(apiKeyFieldText(t, 'name', 'tooLong')).toBe('Name must be at most 60 characters long');
    expect(apiKeyFieldText(t, 'name', 'controlCharacters')).toBe('Name must not contain control characters');
    expect(apiKeyFieldText(t, 'expiresAt', 'invalid')).toBe(
      'The expiry must be in the future and within a year.',
    );
    expect(apiKeyFieldText(t, 'scope', 'invalid')).toBe('This value is not valid');
  });

  it('says them in German', async () => {
    const { t } = await createTestI18n('de');
    expect(apiKeyFieldText(t, 'name', 'tooLong')).toBe('Der Name darf höchstens 60 Zeichen lang sein');
    expect(apiKeyFieldText(t, 'name', 'malformedText')).toBe(
      'Name enthält Zeichen, die kein gültiger Text sind',
    );
  });
});

describe('atKeyLimit', () => {
  it('holds at the tenth key, expired ones counted as the server counts them', () => {
    const keys = Array.from({ length: API_KEYS_MAX }, (_, index) => summary(index + 1));
    expect(atKeyLimit(undefined)).toBe(false);
    expect(atKeyLimit(keys.slice(1))).toBe(false);
    expect(atKeyLimit(keys)).toBe(true);
  });
});

describe('isExpired', () => {
  it('is expired from its expiry on, and never without one', () => {
    expect(isExpired({ expiresAt: null }, now)).toBe(false);
    expect(isExpired({ expiresAt: '2026-03-01T12:00:00.001Z' }, now)).toBe(false);
    expect(isExpired({ expiresAt: '2026-03-01T12:00:00.000Z' }, now)).toBe(true);
  });
});
