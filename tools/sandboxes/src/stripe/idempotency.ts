import { StripeApiError } from './api-error';

type Remembered = { request: string; status: number; body: unknown };

// Stripe keeps keys for at least a day; the sandbox forgets the oldest past this many.
const MAX_KEYS = 10_000;

/**
 * `Idempotency-Key` as Stripe honours it: a write retried with the same key and the same
 * parameters answers what the first answered, without doing it again; the same key with other
 * parameters is refused.
 */
export class IdempotencyKeys {
  private readonly answers = new Map<string, Remembered>();

  replay(key: string, request: string): Remembered | undefined {
    const remembered = this.answers.get(key);
    if (remembered && remembered.request !== request) {
      throw new StripeApiError(
        400,
        'idempotency_error',
        'Keys for idempotent requests can only be used with the same parameters they were first used with. ' +
          'Try using a key other than ' +
          `'${key}' if you meant to execute a different request.`,
      );
    }
    return remembered;
  }

  remember(key: string, request: string, status: number, body: unknown): void {
    if (this.answers.size >= MAX_KEYS) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, { request, status, body });
  }
}
