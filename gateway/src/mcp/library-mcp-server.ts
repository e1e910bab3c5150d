import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  McpError,
  type GetPromptResult,
  type ListPromptsResult,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import { ServiceCallError } from '@promptlib/platform';
import { plainText, PROMPT_CARDS_PAGE, PROMPT_SEARCH_MAX_CHARS } from '@promptlib/proto';
import { z } from 'zod';
import type { LibraryClient } from '../clients/library.client';
import { CallerLibrary, promptName } from './caller-library';
import { mapInTurns } from './map-in-turns';
import { fillFromArguments, MissingArguments, promptArguments } from './prompt-arguments';

const PAGE = PROMPT_CARDS_PAGE.default;
// A list page's prompt reads pending at once: enough to overlap their round trips, few enough that
// none waits behind a whole page in a busy library (mapInTurns).
const READS_IN_FLIGHT = 8;
const jsonSchemaValidator = new AjvJsonSchemaValidator();
const SEARCH_LIMIT = { default: 10, max: 50 };

/**
 * The user's library as an MCP server: every prompt as an MCP prompt whose arguments are its
 * template's blanks, and tools to search, read and (with a read-and-write key) save prompts.
 * It holds nothing of a user: each handler answers for the caller its request carries
 * (`CallerLibrary.of`), so one server answers one request after another, of any user, and any
 * gateway replica answers any request. Its validator is shared, as it compiles schemas once.
 */
export function libraryMcpServer(library: LibraryClient, version: string): McpServer {
  const server = new McpServer(
    { name: 'prompt-library', title: 'Prompt Library', version },
    // The list changes as the user's library does: GET /mcp streams notifications/prompts/list_changed.
    { capabilities: { prompts: { listChanged: true }, tools: {} }, jsonSchemaValidator },
  );

  server.server.setRequestHandler(
    ListPromptsRequestSchema,
    async (request, extra): Promise<ListPromptsResult> => {
      const caller = CallerLibrary.of(extra);
      const { userId } = caller;
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
      const prompts = await mapInTurns(page.cards, READS_IN_FLIGHT, async (card) => {
        const prompt = await caller.prompt(card.id);
        const template = prompt ? await caller.template(prompt) : { segments: [], variables: [] };
        return {
          name: promptName(card.id),
          title: card.title,
          description: await caller.describe(card),
          arguments: promptArguments(template),
        };
      });
      return { prompts, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
    },
  );

  server.server.setRequestHandler(
    GetPromptRequestSchema,
    async (request, extra): Promise<GetPromptResult> => {
      const caller = CallerLibrary.of(extra);
      const prompt = await caller.named(request.params.name);
      const template = await caller.template(prompt);
      let text: string;
      try {
        text = fillFromArguments(template, request.params.arguments, new Date());
      } catch (error) {
        if (error instanceof MissingArguments) throw new McpError(ErrorCode.InvalidParams, error.message);
        throw error;
      }
      await library.copyPrompt(caller.userId, prompt.id);
      // The title alone: the list's description already names the category, and reading the
      // categories here would cost every get a second call to the library.
      return {
        description: prompt.title,
        messages: [{ role: 'user', content: { type: 'text', text } }],
      };
    },
  );

  server.registerTool(
    'search_prompts',
    {
      title: 'Search prompts',
      description:
        'Finds prompts in the user’s library by words in the title, text or tags, optionally within a ' +
        'category or a tag, most used first. Answers each prompt’s name (for get_prompt and prompts/get), ' +
        'title, category, tags and the start of its text.',
      inputSchema: {
        query: plainText('Query', 'line', z.string().max(PROMPT_SEARCH_MAX_CHARS))
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
    async ({ query, category, tag, limit }, extra) => {
      const caller = CallerLibrary.of(extra);
      let categoryId: number | null = null;
      if (category !== undefined) {
        const found = await caller.categoryNamed(category);
        if (!found) return toolError(`There is no category named ${category}`);
        categoryId = found.id;
      }
      const page = await library.promptCards({
        userId: caller.userId,
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
          category: await caller.categoryName(card.categoryId),
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
    async ({ name }, extra) => {
      const caller = CallerLibrary.of(extra);
      const prompt = await caller.byName(name);
      if (!prompt) return toolError(`No prompt named ${name}`);
      const template = await caller.template(prompt);
      const answer = {
        name: promptName(prompt.id),
        title: prompt.title,
        category: await caller.categoryName(prompt.categoryId),
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
    async ({ title, content, category, tags }, extra) => {
      const caller = CallerLibrary.of(extra);
      if (caller.caller.scope !== 'write')
        return toolError('This API key may only read: saving needs a read-and-write key.');
      let categoryId: number | null = null;
      if (category !== undefined) {
        const found = await caller.categoryNamed(category);
        if (!found) return toolError(`There is no category named ${category}`);
        categoryId = found.id;
      }
      try {
        const saved = await library.createPrompt(caller.userId, {
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
