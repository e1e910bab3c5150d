import { CreateSharing1764201600000 } from './1764201600000-CreateSharing';

/** In the order they run. */
export const migrations = [CreateSharing1764201600000];
