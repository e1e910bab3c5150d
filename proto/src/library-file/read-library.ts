import type { Category, Prompt, WholePromptsPage } from '../library';
import type { HistoryVersion, PromptHistoryPage } from '../prompt-versions';
import type { StoredLibrary } from './library-json';

/** GETs a path of the API (`/api/...`) as the signed-in user and gives its JSON; throws unless 200. */
export type GetJson = <T>(path: string) => Promise<T>;

/**
 * What an export holds, read a page at a time (never one response of the whole library or of its
 * history), with the number of prompts read so far after each page.
 */
export async function readLibrary(get: GetJson, onProgress: (read: number) => void): Promise<StoredLibrary> {
  const [prompts, categories, versions] = await Promise.all([
    readPrompts(get, onProgress),
    get<Category[]>('/api/categories'),
    readHistory(get),
  ]);
  return { prompts, categories, versions };
}

async function readPrompts(get: GetJson, onProgress: (read: number) => void): Promise<Prompt[]> {
  const prompts: Prompt[] = [];
  let before: number | null = null;
  do {
    const page: WholePromptsPage = await get(
      `/api/prompts/pages${before === null ? '' : `?before=${before}`}`,
    );
    prompts.push(...page.prompts);
    before = page.nextBefore;
    onProgress(prompts.length);
  } while (before !== null);
  return prompts;
}

async function readHistory(get: GetJson): Promise<HistoryVersion[]> {
  const versions: HistoryVersion[] = [];
  let after: PromptHistoryPage['next'] = null;
  do {
    const query: string =
      after === null ? '' : `?afterPrompt=${after.promptId}&afterVersion=${after.version}`;
    const page: PromptHistoryPage = await get(`/api/prompts/history${query}`);
    versions.push(...page.versions);
    after = page.next;
  } while (after !== null);
  return versions;
}
