import { randomBytes } from 'node:crypto';

/** 128 random bits, base64url: 22 characters that cannot be guessed or enumerated. */
export function newShareId(): string {
  return randomBytes(16).toString('base64url');
}
