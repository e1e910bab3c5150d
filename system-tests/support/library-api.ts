import { eventually } from '@promptlib/platform/testing';
import type { Category, LimitsRecord, Prompt, RegisteredUserResponse } from '@promptlib/proto';
import { ApiClient, STRONG_PASSWORD, uniqueUsername } from './api-client';

export type LibraryUser = { client: ApiClient; id: number; username: string; general: Category };

/** A new account through the API, signed in, with its General category. */
export async function newLibraryUser(baseUrl: string, prefix = 'lib'): Promise<LibraryUser> {
  const client = new ApiClient(baseUrl);
  const username = uniqueUsername(prefix);
  const res = await client.post<RegisteredUserResponse>('/api/register', {
    username,
    password: STRONG_PASSWORD,
  });
  if (res.status !== 201) throw new Error(`registration failed: ${JSON.stringify(res.body)}`);
  const general = await generalCategoryOf(client, res.body.initialCategory);
  return { client, id: res.body.user.id, username, general };
}

/**
 * The user's General category: the one registration answered, else the one the library makes on
 * the registration event. The gateway answers null when the library is slow, so this waits for it
 * as the app's refetch does.
 */
export async function generalCategoryOf(
  client: ApiClient,
  answered: Category | null = null,
): Promise<Category> {
  if (answered) return answered;
  const categories = await eventually(
    async () => (await client.get<Category[]>('/api/categories')).body,
    (list) => Array.isArray(list) && list.some((category) => category.name === 'General'),
  );
  const general = Array.isArray(categories) && categories.find((category) => category.name === 'General');
  if (!general) throw new Error(`no General category after registration: ${JSON.stringify(categories)}`);
  return general;
}

let counter = 0;

/** A valid prompt body; pass fields to override. */
export function promptBody(
  overrides: Partial<{ title: string; content: string; categoryId: unknown; tags: string[] }> = {},
) {
  counter += 1;
  return {
    title: `Prompt ${counter}`,
    content: `Content of prompt number ${counter}.`,
    categoryId: null,
    ...overrides,
  };
}

export async function createPrompt(
  user: LibraryUser,
  overrides: Parameters<typeof promptBody>[0] = {},
): Promise<Prompt> {
  const res = await user.client.post<Prompt>('/api/prompts', promptBody(overrides));
  if (res.status !== 201)
    throw new Error(`prompt creation failed with ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function listPrompts(user: LibraryUser): Promise<Prompt[]> {
  return (await user.client.get<Prompt[]>('/api/prompts')).body;
}

export async function limitsOf(user: LibraryUser): Promise<LimitsRecord> {
  return (await user.client.get<LimitsRecord>('/api/user/limits')).body;
}
