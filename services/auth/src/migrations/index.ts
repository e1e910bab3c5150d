import { CreateUsersAndOutbox1763769600000 } from './1763769600000-CreateUsersAndOutbox';
import { AddGoogleIdentity1764288000000 } from './1764288000000-AddGoogleIdentity';
import { AddUsernameKey1764892800000 } from './1764892800000-AddUsernameKey';
import { CreateApiKeys1765152000000 } from './1765152000000-CreateApiKeys';
import { AddOutboxTraceContext1765324800000 } from './1765324800000-AddOutboxTraceContext';

/** In the order they run. */
export const migrations = [
  CreateUsersAndOutbox1763769600000,
  AddGoogleIdentity1764288000000,
  AddUsernameKey1764892800000,
  CreateApiKeys1765152000000,
  AddOutboxTraceContext1765324800000,
];
