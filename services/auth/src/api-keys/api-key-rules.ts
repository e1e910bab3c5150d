import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_MAX_DAYS,
  API_KEY_PREFIX,
  limits,
  textMessages,
  textProblem,
  textProblemRules,
  validationMessages,
  type FieldProblems,
} from '@promptlib/proto';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How much of a key the list shows: the prefix and 8 of its random characters. */
const START_LENGTH = API_KEY_PREFIX.length + 8;

/** A new key: the prefix and 256 random bits in base64url, 47 characters in all. */
export function newApiKey(): { key: string; start: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, start: key.slice(0, START_LENGTH), hash: apiKeyHash(key) };
}

/** What is stored of a key and what a presented key is looked up by. */
export function apiKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * A key's name, trimmed, and its expiry, or the rules they break: a name of 1–60 characters of
 * plain text; an expiry, when given, after now and within a year of it.
 */
export function apiKeyProblems(
  name: string,
  expiresAt: string | null | undefined,
  now: Date,
): { name: string; expiresAt: Date | null } | { problems: FieldProblems } {
  const trimmed = name.trim();
  const problems: FieldProblems = {};
  if (trimmed.length < limits.apiKeyName.min)
    problems.name = { rule: 'tooShort', message: validationMessages.apiKeyNameMin };
  else if (trimmed.length > limits.apiKeyName.max)
    problems.name = { rule: 'tooLong', message: validationMessages.apiKeyNameMax };
  else {
    const text = textProblem(trimmed);
    if (text) problems.name = { rule: textProblemRules[text], message: textMessages[text]('Name') };
  }
  let expiry: Date | null = null;
  if (expiresAt !== null && expiresAt !== undefined) {
    expiry = new Date(expiresAt);
    const ms = expiry.getTime() - now.getTime();
    if (Number.isNaN(ms) || ms <= 0 || ms > API_KEY_MAX_DAYS * DAY_MS)
      problems.expiresAt = { rule: 'invalid', message: validationMessages.apiKeyExpiry };
  }
  return Object.keys(problems).length > 0 ? { problems } : { name: trimmed, expiresAt: expiry };
}
