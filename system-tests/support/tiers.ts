import { publishEvent } from './events';
import { eventually, limitsOf, type LibraryUser } from './library-api';
import type { Stack } from './stack';

// Each test file has its own module registry, so its own counter, and its users are its own.
let version = 0;

/**
 * Turns a user Pro as billing does: a `tier.changed` event with a newer version than any before it,
 * then waits until the library has applied it.
 */
export async function makePro(stack: Stack, user: LibraryUser): Promise<void> {
  version += 1;
  await publishEvent(stack, 'events.tier.changed', {
    userId: user.id,
    isPro: true,
    isCancelled: false,
    endsAt: null,
    version,
  });
  await eventually(
    () => limitsOf(user),
    (limits) => limits.isPro,
  );
}
