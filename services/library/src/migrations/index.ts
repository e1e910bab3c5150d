import { CreateLibrary1763856000000 } from './1763856000000-CreateLibrary';
import { CreatePromptSearch1764115200000 } from './1764115200000-CreatePromptSearch';

/** In the order they run. */
export const migrations = [CreateLibrary1763856000000, CreatePromptSearch1764115200000];
