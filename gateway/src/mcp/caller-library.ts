import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { ServiceCallError } from '@promptlib/platform';
import {
  composeReading,
  type ApiKeyScope,
  type Category,
  type ParsedTemplate,
  type Prompt,
  type PromptCard,
} from '@promptlib/proto';
import type { LibraryClient } from '../clients/library.client';

/** Who an MCP request answers for: a key's user, within the key's scope. */
export type McpCaller = { userId: number; scope: ApiKeyScope };

const NAME = /^prompt-([1-9]\d{0,9})$/;

/** A prompt's MCP name: by its id, so a renamed prompt keeps it. */
export const promptName = (id: number) => `prompt-${id}`;

/**
 * The library as one MCP request of one caller sees it. It is made per HTTP request and travels
 * with the request (the transport hands it to every handler as `authInfo`), so the servers that
 * answer can be shared between users: what one request reads (categories, included prompts) is
 * read once and never seen by another.
 */
export class CallerLibrary {
  private categories: Promise<Category[]> | undefined;
  private readonly included = new Map<number, string | null>();

  constructor(
    readonly library: LibraryClient,
    readonly caller: McpCaller,
  ) {}

  get userId(): number {
    return this.caller.userId;
  }

  /** The form the transport carries to the handlers. */
  asAuthInfo(token: string): AuthInfo {
    return { token, clientId: `user-${this.userId}`, scopes: [this.caller.scope], extra: { library: this } };
  }

  /** The caller's library of the request a handler answers; a request without one is refused. */
  static of(extra: { authInfo?: AuthInfo }): CallerLibrary {
    const library = extra.authInfo?.extra?.library;
    if (!(library instanceof CallerLibrary)) throw new McpError(ErrorCode.InvalidRequest, 'No API key');
    return library;
  }

  async categoryName(categoryId: number | null): Promise<string> {
    return (await this.userCategories()).find((category) => category.id === categoryId)?.name ?? 'General';
  }

  async categoryNamed(name: string): Promise<Category | undefined> {
    const wanted = name.trim().toLowerCase();
    return (await this.userCategories()).find((category) => category.name.toLowerCase() === wanted);
  }

  /** "Category: Work · Tags: a, b" — what an MCP client shows beside a prompt's title. */
  async describe(prompt: Pick<PromptCard, 'categoryId' | 'tags'>): Promise<string> {
    return [
      `Category: ${await this.categoryName(prompt.categoryId)}`,
      ...(prompt.tags.length > 0 ? [`Tags: ${prompt.tags.join(', ')}`] : []),
    ].join(' · ');
  }

  /** The prompt an MCP name names, or the protocol's invalid-params error. */
  async named(name: string): Promise<Prompt> {
    const prompt = await this.byName(name);
    if (!prompt) throw new McpError(ErrorCode.InvalidParams, `No prompt named ${name}`);
    return prompt;
  }

  async byName(name: string): Promise<Prompt | null> {
    const id = NAME.exec(name)?.[1];
    return id ? this.prompt(Number(id)) : null;
  }

  async prompt(id: number): Promise<Prompt | null> {
    return this.library.prompt(this.userId, id).catch(notFoundAsNull);
  }

  /** The prompt's template with its includes composed from the user's prompts as they are now. */
  template(prompt: Pick<Prompt, 'id' | 'content'>): Promise<ParsedTemplate> {
    const read = async (id: number) => (await this.prompt(id))?.content ?? null;
    return composeReading(prompt.id, prompt.content, read, this.included);
  }

  private userCategories(): Promise<Category[]> {
    return (this.categories ??= this.library.categories(this.userId));
  }
}

export function notFoundAsNull(error: unknown): null {
  if (error instanceof ServiceCallError && error.error.code === 'NOT_FOUND') return null;
  throw error;
}
