import { CreateLibrary1763856000000 } from './1763856000000-CreateLibrary';

/** In the order they run. */
export const migrations = [CreateLibrary1763856000000];
