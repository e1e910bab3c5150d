import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  McpError,
  type GetPromptResult,
  type ListPromptsResult,
} from '@modelcontextprotocol/sdk/types.js';
import { ServiceCallError } from '@promptlib/platform';
import {
  PROMPT_CARDS_PAGE,
  type ApiKeyScope,
  type Category,
  type Prompt,
  type PromptCard,
} from '@promptlib/proto';
import { z } from 'zod';
import type { LibraryClient } from '../clients/library.client';
import { composedTemplate } from './included-prompts';
import { fillFromArguments, MissingArguments, promptArguments } from './prompt-arguments';

/** Who the server answers for: a key's user, within the key's scope. */
export type McpCaller = { userId: number; scope: ApiKeyScope };

const PAGE = PROMPT_CARDS_PAGE.default;
const NAME = /^prompt-([1-9]\d{0,9})$/;
const SEARCH_LIMIT = { default: 10, max: 50 };

/** A prompt's MCP name: by its id, so a renamed prompt keeps it. */
export const promptName = (id: number) => `prompt-${id}`;

/**
 * The user's library as an MCP server: every prompt as an MCP prompt whose arguments are its
 * template's blanks, and tools to search, read and (with a read-and-write key) save prompts.
 * Built per request: it holds nothing between requests, so any gateway replica answers any one.
 */
export function libraryMcpServer(library: LibraryClient, caller: McpCaller, version: string): McpServer {
  const { userId } = caller;
  const server = new McpServer(
    { name: 'prompt-library', title: 'Prompt Library', version },
    { capabilities: { prompts: {}, tools: {} } },
  );
  const known = new Map<number, string | null>();
  // Read once per request, by the first answer that needs a category.
  let categories: Promise<Category[]> | undefined;
  const userCategories = () => (categories ??= library.categories(userId));
  const categoryName = async (categoryId: number | null) =>
    (await userCategories()).find((category) => category.id === categoryId)?.name ?? 'General';
  const categoryNamed = async (name: string) =>
    (await userCategories()).find((category) => category.name.toLowerCase() === name.trim().toLowerCase());
  const describe = async (prompt: Pick<PromptCard, 'categoryId' | 'tags'>) =>
    [
      `Category: ${await categoryName(prompt.categoryId)}`,
      ...(prompt.tags.length > 0 ? [`Tags: ${prompt.tags.join(', ')}`] : []),
    ].join(' · ');
  const whole = async (name: string): Promise<Prompt> => {
    const id = NAME.exec(name)?.[1];
    const prompt = id ? await library.prompt(userId, Number(id)).catch(notFoundAsNull) : null;
    if (!prompt) throw new McpError(ErrorCode.InvalidParams, `No prompt named ${name}`);
    return prompt;
  };

  server.server.setRequestHandler(ListPromptsRequestSchema, async (request): Promise<ListPromptsResult> => {
    const page = await library
      .promptCards({
        userId,
        filter: 'all',
        categoryId: null,
        tag: null,
        search: '',
        sort: 'name',
        cursor: request.params?.cursor ?? null,
        limit: PAGE,
      })
      .catch((error: unknown) => {
        if (error instanceof ServiceCallError && error.error.code === 'VALIDATION_FAILED')
          throw new McpError(ErrorCode.InvalidParams, 'This cursor is not one prompts/list gave');
        throw error;
      });
    const prompts = await Promise.all(
      page.cards.map(async (card) => {
        const prompt = await library.prompt(userId, card.id).catch(notFoundAsNull);
        const template = prompt
          ? await composedTemplate(library, userId, card.id, prompt.content, known)
          : { segments: [], variables: [] };
        return {
          name: promptName(card.id),
          title: card.title,
          description: await describe(card),
          arguments: promptArguments(template),
        };
      }),
    );
    return { prompts, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
  });

  server.server.setRequestHandler(GetPromptRequestSchema, async (request): Promise<GetPromptResult> => {
    const prompt = await whole(request.params.name);
    const template = await composedTemplate(library, userId, prompt.id, prompt.content, known);
    let text: string;
    try {
      text = fillFromArguments(template, request.params.arguments, new Date());
    } catch (error) {
      if (error instanceof MissingArguments) throw new McpError(ErrorCode.InvalidParams, error.message);
      throw error;
    }
    const [description] = await Promise.all([describe(prompt), library.copyPrompt(userId, prompt.id)]);
    return {
      description: `${prompt.title} (${description})`,
      messages: [{ role: 'user', content: { type: 'text', text } }],
    };
  });

  server.registerTool(
    'search_prompts',
    {
      title: 'Search prompts',
      description:
        'Finds prompts in the user’s library by words in the title, text or tags, optionally within a ' +
        'category or a tag, most used first. Answers each prompt’s name (for get_prompt and prompts/get), ' +
        'title, category, tags and the start of its text.',
      inputSchema: {
        query: z
          .string()
          .max(200)
          .optional()
          .describe('Words to find; leave out to list the most used prompts'),
        category: z.string().max(200).optional().describe('Only prompts in the category of this name'),
        tag: z.string().max(200).optional().describe('Only prompts with this tag'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(SEARCH_LIMIT.max)
          .optional()
          .describe('How many, 10 when left out'),
      },
    },
    async ({ query, category, tag, limit }) => {
      let categoryId: number | null = null;
      if (category !== undefined) {
        const found = await categoryNamed(category);
        if (!found) return toolError(`There is no category named ${category}`);
        categoryId = found.id;
      }
      const page = await library.promptCards({
        userId,
        filter: categoryId === null ? 'all' : 'category',
        categoryId,
        tag: tag ?? null,
        search: query?.trim() ?? '',
        sort: 'used',
        cursor: null,
        limit: limit ?? SEARCH_LIMIT.default,
      });
      const found = await Promise.all(
        page.cards.map(async (card) => ({
          name: promptName(card.id),
          title: card.title,
          category: await categoryName(card.categoryId),
          tags: card.tags,
          preview: card.preview,
        })),
      );
      return { content: [{ type: 'text', text: JSON.stringify(found, null, 2) }] };
    },
  );

  server.registerTool(
    'get_prompt',
    {
      title: 'Get a prompt',
      description:
        'The whole text of one of the user’s prompts, as written (blanks such as {{name}} unfilled), with ' +
        'its blanks: name, whether required, and what to give. Use prompts/get to have it filled in.',
      inputSchema: { name: z.string().max(40).describe('The prompt’s name, e.g. prompt-12') },
    },
    async ({ name }) => {
      const prompt = await whole(name).catch(() => null);
      if (!prompt) return toolError(`No prompt named ${name}`);
      const template = await composedTemplate(library, userId, prompt.id, prompt.content, known);
      const answer = {
        name: promptName(prompt.id),
        title: prompt.title,
        category: await categoryName(prompt.categoryId),
        tags: prompt.tags,
        text: prompt.content,
        blanks: promptArguments(template),
      };
      return { content: [{ type: 'text', text: JSON.stringify(answer, null, 2) }] };
    },
  );

  server.registerTool(
    'save_prompt',
    {
      title: 'Save a prompt',
      description:
        'Saves a new prompt in the user’s library (a read-and-write key only). The plan’s limits apply: ' +
        'a free account keeps 5 prompts, in General.',
      inputSchema: {
        title: z.string().max(800).describe('3 to 200 characters'),
        content: z.string().max(80_000).describe('5 to 20,000 characters; {{blanks}} make it a template'),
        category: z.string().max(200).optional().describe('The name of one of the user’s categories'),
        tags: z.array(z.string().max(160)).max(20).optional().describe('Up to 20 tags'),
      },
    },
    async ({ title, content, category, tags }) => {
      if (caller.scope !== 'write')
        return toolError('This API key may only read: saving needs a read-and-write key.');
      let categoryId: number | null = null;
      if (category !== undefined) {
        const found = await categoryNamed(category);
        if (!found) return toolError(`There is no category named ${category}`);
        categoryId = found.id;
      }
      try {
        const saved = await library.createPrompt(userId, {
          title,
          content,
          categoryId,
          ...(tags ? { tags } : {}),
        });
        return {
          content: [{ type: 'text', text: `Saved as ${promptName(saved.id)}: ${saved.title}` }],
        };
      } catch (error) {
        if (error instanceof ServiceCallError && error.error.code !== 'INTERNAL')
          return toolError(error.error.message);
        throw error;
      }
    },
  );
  return server;
}

function toolError(text: string) {
  return { isError: true, content: [{ type: 'text' as const, text }] };
}

function notFoundAsNull(error: unknown): null {
  if (error instanceof ServiceCallError && error.error.code === 'NOT_FOUND') return null;
  throw error;
}
