import { eventually } from '@promptlib/platform/testing';
import { publishEvent } from './events';
import { limitsOf, type LibraryUser } from './library-api';
import type { StackAddress } from './stack';

// Each test file has its own module registry, so its own counter, and its users are its own.
let version = 0;

/**
 * Sets a user's tier as billing does: a `tier.changed` event with a newer version than any before
 * it, then waits until the library has applied it.
 */
async function setTier(stack: StackAddress, user: LibraryUser, isPro: boolean): Promise<void> {
  version += 1;
  await publishEvent(stack, 'events.tier.changed', {
    userId: user.id,
    isPro,
    isCancelled: false,
    endsAt: null,
    version,
  });
  await eventually(
    () => limitsOf(user),
    (limits) => limits.isPro === isPro,
  );
}

export const makePro = (stack: StackAddress, user: LibraryUser) => setTier(stack, user, true);

/** Back to free, as when a subscription has ended: what the user made as Pro stays. */
export const makeFree = (stack: StackAddress, user: LibraryUser) => setTier(stack, user, false);
