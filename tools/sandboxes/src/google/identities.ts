import { createHash } from 'node:crypto';

/** Who signs in: what the ID token says about the person. */
export type GoogleIdentity = { sub: string; email: string; name?: string; picture?: string };

/** The accounts the picker offers, by the key its buttons send; one has no display name, as some Google accounts don't. */
export const PRESET_IDENTITIES: Readonly<Record<string, GoogleIdentity>> = {
  ada: identityFor('ada@example.com', 'Ada Lovelace'),
  grace: identityFor('grace@example.com', 'Grace Hopper'),
  anon: identityFor('anon@example.com'),
};

/**
 * The identity of an address, with a sub that depends on the address alone, so signing in with
 * it again (typed, or as a preset) is the same account.
 */
export function identityFor(email: string, name?: string): GoogleIdentity {
  const address = email.trim().toLowerCase();
  const displayName = name?.trim();
  return { sub: subFor(address), email: address, ...(displayName ? { name: displayName } : {}) };
}

/** Whether typed text can be an email address: something@domain.tld, no spaces. */
export function isEmailAddress(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim()) && text.trim().length <= 254;
}

// Google's subs are decimal numbers of 21 digits.
function subFor(address: string): string {
  const digest = createHash('sha256').update(address).digest();
  return `1${(digest.readBigUInt64BE(0) % 10n ** 20n).toString().padStart(20, '0')}`;
}
