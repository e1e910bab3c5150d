import { CreateSharing1764201600000 } from './1764201600000-CreateSharing';
import { TrackRevokedCacheClears1764892800000 } from './1764892800000-TrackRevokedCacheClears';

/** In the order they run. */
export const migrations = [CreateSharing1764201600000, TrackRevokedCacheClears1764892800000];
