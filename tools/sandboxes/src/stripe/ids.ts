import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id as Stripe makes them: its object's prefix, an underscore, 24 letters and digits. */
export function newId(
  prefix: 'cus' | 'cs_test' | 'sub' | 'si' | 'in' | 'inpay' | 'pi' | 're' | 'evt' | 'req',
): string {
  const bytes = randomBytes(24);
  let id = `${prefix}_`;
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/** Stripe's timestamps: whole seconds since the epoch. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
