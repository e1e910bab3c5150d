import { SetMetadata } from '@nestjs/common';

export const KEYS_ALLOWED = 'keysAllowed';

/**
 * The controller's signed-in routes also answer a program with a personal API key: its reads (GET)
 * any key, its changes a read-and-write key. Routes without it answer sessions only, so a key can
 * never manage keys, change the password, delete the account or pay.
 */
export const KeysAllowed = () => SetMetadata(KEYS_ALLOWED, true);
