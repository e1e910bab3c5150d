import type { Answer, FoundPrompt, FullPrompt, Problem } from '../shared/messages';
import type { Settings } from '../shared/settings';
import { t } from '../shared/i18n';

/** How many prompts a search shows: what fits the palette without scrolling. */
export const SEARCH_RESULTS = 8;

type Fetch = typeof fetch;

/**
 * The library's HTTP API as the extension uses it, with the user's key: every answer is the data
 * or a problem the palette can show, never a thrown error.
 */
export class LibraryApi {
  constructor(
    private readonly settings: Settings | null,
    // Called bare: `fetch` throws "Illegal invocation" when called as a method of another object.
    private readonly fetchFn: Fetch = (input, init) => fetch(input, init),
  ) {}

  async search(query: string): Promise<Answer<{ prompts: FoundPrompt[] }>> {
    const params = new URLSearchParams({ sort: 'used', limit: String(SEARCH_RESULTS) });
    if (query.trim() !== '') params.set('search', query.trim());
    const answer = await this.call<{ cards: FoundPrompt[] }>('GET', `/api/prompts/cards?${params}`);
    if (!answer.ok) return answer;
    return {
      ok: true,
      prompts: answer.body.cards.map(({ id, title, preview }) => ({ id, title, preview })),
    };
  }

  /** The whole prompt, or null when the user has no such prompt (deleted meanwhile, say). */
  async prompt(id: number): Promise<Answer<{ prompt: FullPrompt | null }>> {
    const answer = await this.call<FullPrompt>('GET', `/api/prompts/${id}`);
    if (!answer.ok) return answer.status === 404 ? { ok: true, prompt: null } : answer;
    const { title, content } = answer.body;
    return { ok: true, prompt: { id, title, content } };
  }

  async used(id: number): Promise<Answer<object>> {
    const answer = await this.call('POST', `/api/prompts/${id}/copy`);
    return answer.ok ? { ok: true } : answer;
  }

  async save(title: string, content: string): Promise<Answer<{ id: number; title: string }>> {
    const answer = await this.call<{ id: number; title: string }>('POST', '/api/prompts', {
      title,
      content,
      categoryId: null,
    });
    if (!answer.ok) return answer;
    return { ok: true, id: answer.body.id, title: answer.body.title };
  }

  private async call<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ ok: true; body: T } | ({ ok: false; status: number; code: string } & Problem)> {
    if (!this.settings) return { ok: false, status: 0, code: '', ...problem('notConnected') };
    let response: Response;
    try {
      response = await this.fetchFn(`${this.settings.serverUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.settings.apiKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // The key is the credential; the user's cookies for the site never go with it.
        credentials: 'omit',
      });
    } catch {
      return { ok: false, status: 0, code: '', ...problem('unreachable') };
    }
    const text = await response.text();
    const json = parse(text);
    if (response.ok) return { ok: true, body: json as T };
    const error = (json ?? {}) as { code?: unknown; message?: unknown };
    const code = typeof error.code === 'string' ? error.code : '';
    if (response.status === 401) return { ok: false, status: 401, code, ...problem('keyRefused') };
    const message =
      typeof error.message === 'string' && error.message !== ''
        ? error.message
        : t('serverAnswered', String(response.status));
    return { ok: false, status: response.status, code, problem: 'refused', message };
  }
}

function problem(kind: 'notConnected' | 'keyRefused' | 'unreachable'): Problem {
  return { problem: kind, message: t(kind) };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
