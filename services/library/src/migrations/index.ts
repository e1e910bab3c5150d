import { CreateLibrary1763856000000 } from './1763856000000-CreateLibrary';
import { CreatePromptSearch1764115200000 } from './1764115200000-CreatePromptSearch';
import { StorePromptSearchText1764201600000 } from './1764201600000-StorePromptSearchText';
import { AddPromptLastUsed1764806400000 } from './1764806400000-AddPromptLastUsed';
import { CreateDeletedPrompts1764892800000 } from './1764892800000-CreateDeletedPrompts';
import { CreatePromptVersions1764979200000 } from './1764979200000-CreatePromptVersions';
import { AddPromptTags1765065600000 } from './1765065600000-AddPromptTags';
import { CreateDeletedUsers1765152000000 } from './1765152000000-CreateDeletedUsers';
import { KeepSearchTextUncompressed1765238400000 } from './1765238400000-KeepSearchTextUncompressed';
import { AddOutboxTraceContext1765324800000 } from './1765324800000-AddOutboxTraceContext';
import { SearchTitleWithContent1765411200000 } from './1765411200000-SearchTitleWithContent';

/** In the order they run. */
export const migrations = [
  CreateLibrary1763856000000,
  CreatePromptSearch1764115200000,
  StorePromptSearchText1764201600000,
  AddPromptLastUsed1764806400000,
  CreateDeletedPrompts1764892800000,
  CreatePromptVersions1764979200000,
  AddPromptTags1765065600000,
  CreateDeletedUsers1765152000000,
  KeepSearchTextUncompressed1765238400000,
  AddOutboxTraceContext1765324800000,
  SearchTitleWithContent1765411200000,
];
