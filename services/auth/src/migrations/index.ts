import { CreateUsersAndOutbox1763769600000 } from './1763769600000-CreateUsersAndOutbox';

/** In the order they run. */
export const migrations = [CreateUsersAndOutbox1763769600000];
