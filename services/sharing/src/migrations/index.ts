import { CreateSharing1764201600000 } from './1764201600000-CreateSharing';
import { TrackRevokedCacheClears1764892800000 } from './1764892800000-TrackRevokedCacheClears';
import { CreateDeletedUsers1765152000000 } from './1765152000000-CreateDeletedUsers';
import { AddOutboxTraceContext1765324800000 } from './1765324800000-AddOutboxTraceContext';

/** In the order they run. */
export const migrations = [
  CreateSharing1764201600000,
  TrackRevokedCacheClears1764892800000,
  CreateDeletedUsers1765152000000,
  AddOutboxTraceContext1765324800000,
];
