import { KeysAllowed } from '../api-keys/keys-allowed.decorator';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { ROOT_LOGGER } from '@promptlib/platform';
import {
  PROMPT_BULK_MAX_IDS,
  changedPrompts,
  copyResult,
  done,
  importPage,
  importResult,
  prompt,
  promptCardsPage,
  promptCounts,
  PROMPT_CARDS_PAGE,
  PROMPT_SEARCH_COUNT_CAP,
  type ChangedPrompts,
  type CopyResult,
  type Done,
  type ImportResult,
  type Prompt,
  type PromptCardsPage,
  type PromptCounts,
  type PromptTitlesPage,
  promptTitlesPage,
  wholePromptsPage,
} from '@promptlib/proto';
import type { FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { CurrentUserId } from '../session/current-user.decorator';
import { SignedIn, SignedInImport, SignedInWrite } from '../session/signed-in.decorator';
import { validateBody, validateQuery } from '../common/validate-body';
import { promptCardsQuery, pageBeforeQuery } from './dto/prompt-cards.dto';
import { ApiDoc, errorsOf } from '../common/api-doc.decorator';
import { promptDto } from './dto/prompt.dto';
import { movePromptsDto, promptIdsDto } from './dto/prompt-batch.dto';
import { LibraryClient } from '../clients/library.client';
import { currentRequest } from '../common/request-context';
import { routeId } from '../common/route-id';

@KeysAllowed()
@Controller('api/prompts')
export class PromptsController {
  constructor(
    private readonly library: LibraryClient,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The whole library as one JSON array, streamed page by page as the service sends them (each page
   * arrives as JSON text and is passed on untouched). A library of one page (every free account's)
   * is that page's text, sent in one write with its length. A page that fails after the first has
   * been sent cuts the connection: the client sees an error, never a shorter list that looks complete.
   */
  @Get()
  @SignedIn()
  @ApiDoc({
    summary: 'Every prompt of the user, newest first, as one array',
    description:
      'Streamed page by page; a failure after the first byte cuts the connection, never a shorter 200.',
    tag: 'Library',
    response: prompt.array(),
    writesResponse: true,
    errors: errorsOf.read,
  })
  async list(@CurrentUserId() userId: number, @Res() reply: FastifyReply): Promise<void> {
    let page = await this.library.promptPage(userId, null);
    // Written to the Node response from here on (the request, security and session headers are already on it).
    reply.hijack();
    const res = reply.raw;
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    if (page.nextBefore === null) {
      res.setHeader('Content-Length', page.promptsJson.length);
      res.end(page.promptsJson);
      return;
    }
    const write = backpressuredWriter(res);
    let written = 0;
    try {
      await write('[');
      for (;;) {
        // Ask for the next page before writing this one, so the service works while the client reads.
        const next = page.nextBefore === null ? null : this.library.promptPage(userId, page.nextBefore);
        next?.catch(() => undefined);
        if (page.count > 0) {
          // The bytes of "[a,b]" less the brackets, joined to what came before with a comma.
          if (written > 0) await write(',');
          await write(page.promptsJson.subarray(1, page.promptsJson.length - 1));
          written += page.count;
        }
        if (next === null || res.destroyed) break;
        page = await next;
      }
      res.end(']');
    } catch (error) {
      this.logger.error(
        { ...currentRequest(), err: error, written },
        'Prompt list failed mid-stream; connection cut',
      );
      res.destroy(error as Error);
    }
  }

  /** The dashboard's list, a page at a time: never the whole library, whatever its size. */
  @Get('cards')
  @SignedIn()
  @ApiDoc({
    summary: 'A page of the user’s prompt cards, filtered, searched and sorted',
    description:
      'filter: all (default), favorites, or category with categoryId. tag: only prompts with this ' +
      'tag (any case), with any filter. search: a case-insensitive substring of the title, the content ' +
      'or a tag. sort: recent (default, newest first), name (title A–Z, ' +
      `numbers by value) or used (most copied first). limit: 1 to ${PROMPT_CARDS_PAGE.max} cards ` +
      `(${PROMPT_CARDS_PAGE.default} by default). A card holds the start of the content and its ` +
      'length; the next page is asked for with the page’s nextCursor, and stays right while prompts ' +
      'are created or deleted in between. total counts the whole list, on the first page only; a ' +
      `search counts up to ${PROMPT_SEARCH_COUNT_CAP}, and totalAtLeast says the list holds more.`,
    tag: 'Library',
    query: promptCardsQuery,
    response: promptCardsPage,
    errors: [400, ...errorsOf.read],
  })
  cards(@CurrentUserId() userId: number, @Query() query: unknown): Promise<PromptCardsPage> {
    const {
      filter = 'all',
      categoryId,
      tag,
      search = '',
      sort = 'recent',
      cursor,
      limit,
    } = validateQuery(promptCardsQuery, query);
    return this.library.promptCards({
      userId,
      filter,
      categoryId: categoryId ?? null,
      tag: tag ?? null,
      search,
      sort,
      cursor: cursor ?? null,
      limit: limit ?? PROMPT_CARDS_PAGE.default,
    });
  }

  /**
   * The whole prompts a page at a time, for a client that shows progress between pages (an export).
   * The page is the service's JSON text, passed on without being parsed again.
   */
  @Get('pages')
  @SignedIn()
  @ApiDoc({
    summary: 'A page of the user’s whole prompts, newest first',
    description:
      'The first page without before; each next page with the nextBefore the page before gave (null ' +
      'at the end). Pages are cut by size, a few hundred kilobytes each.',
    tag: 'Library',
    query: pageBeforeQuery,
    response: wholePromptsPage,
    writesResponse: true,
    errors: [400, ...errorsOf.read],
  })
  async pages(
    @CurrentUserId() userId: number,
    @Query() query: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { before } = validateQuery(pageBeforeQuery, query);
    const page = await this.library.promptPage(userId, before ?? null);
    const body = Buffer.concat([
      Buffer.from('{"prompts":'),
      page.promptsJson,
      Buffer.from(`,"nextBefore":${page.nextBefore === null ? 'null' : page.nextBefore}}`),
    ]);
    reply.header('Content-Type', 'application/json; charset=utf-8').header('Cache-Control', 'no-store');
    await reply.send(body);
  }

  /** The command palette's index of every title, a page at a time: never the prompts' text. */
  @Get('titles')
  @SignedIn()
  @ApiDoc({
    summary: 'A page of the user’s prompt titles, newest first, for a search index',
    description:
      'Each title as [id, title, categoryId, usageCount]. The first page without before; each next ' +
      'page with the nextBefore the page before gave (null at the end).',
    tag: 'Library',
    query: pageBeforeQuery,
    response: promptTitlesPage,
    errors: [400, ...errorsOf.read],
  })
  titles(@CurrentUserId() userId: number, @Query() query: unknown): Promise<PromptTitlesPage> {
    const { before } = validateQuery(pageBeforeQuery, query);
    return this.library.promptTitles(userId, before ?? null);
  }

  @Get('counts')
  @SignedIn()
  @ApiDoc({
    summary: 'How many prompts the user has: in all, favourites, and per category',
    tag: 'Library',
    response: promptCounts,
    errors: errorsOf.read,
  })
  counts(@CurrentUserId() userId: number): Promise<PromptCounts> {
    return this.library.promptCounts(userId);
  }

  @Post()
  @ApiDoc({
    summary: 'Create a prompt',
    description: 'A free user’s prompt always goes to General, whatever category is asked for.',
    tag: 'Library',
    body: promptDto,
    response: prompt,
    errors: [...errorsOf.write, 404],
  })
  @SignedInWrite()
  create(@CurrentUserId() userId: number, @Body() body: unknown): Promise<Prompt> {
    return this.library.createPrompt(userId, validateBody(promptDto, body));
  }

  /**
   * One page of a file the SPA parsed. Only the page's shape can fail it (400); an item that breaks
   * a rule is skipped and said so, so one bad row never fails an import.
   */
  @Post('import')
  @ApiDoc({
    summary: 'Import a page of prompts',
    description:
      'Up to 100 prompts and 500 category names per page. Missing categories are created in the order ' +
      'given, within the tier’s category limit; a prompt whose exact title and content (only their ' +
      'ends trimmed) its category already holds is skipped as a duplicate, so importing a file twice ' +
      'adds nothing; past the prompt limit the rest are skipped. Favourites, use counts, dates and ' +
      'versions are kept (the plan’s newest versions); a history too long for one page follows in ' +
      'later pages’ history entries, for the id the first page answered. The answer says what became ' +
      'of each category, prompt and history, in the page’s order. Limited per user by pages, apart ' +
      'from other changes.',
    tag: 'Library',
    body: importPage,
    response: importResult,
    errors: errorsOf.write,
  })
  @HttpCode(200)
  @SignedInImport()
  importPrompts(@CurrentUserId() userId: number, @Body() body: unknown): Promise<ImportResult> {
    return this.library.importPage(userId, validateBody(importPage, body));
  }

  @Post('delete')
  @ApiDoc({
    summary: 'Delete many prompts at once',
    description:
      `At most ${PROMPT_BULK_MAX_IDS} ids; those that are not the user’s are passed over (404 when none ` +
      'is). Deleted prompts leave every list, count and limit at once and their share links answer 404; ' +
      'each can be restored with POST /api/prompts/restore for DELETED_PROMPT_RESTORE_SECONDS (10 ' +
      'minutes by default), after which it is gone for good. DELETE /api/prompts/{id} deletes the same way.',
    tag: 'Library',
    body: promptIdsDto,
    response: changedPrompts,
    errors: [...errorsOf.write, 404],
  })
  @HttpCode(200)
  @SignedInWrite()
  deleteMany(@CurrentUserId() userId: number, @Body() body: unknown): Promise<ChangedPrompts> {
    return this.library.deletePrompts(userId, validateBody(promptIdsDto, body).promptIds);
  }

  @Post('move')
  @ApiDoc({
    summary: 'Move many prompts to one category',
    description:
      `At most ${PROMPT_BULK_MAX_IDS} ids, to one of the user’s categories (null is General), on any ` +
      'plan, as an edit may. Answers every named prompt of the user’s now in the category; 404 when ' +
      'the category or every prompt is not the user’s.',
    tag: 'Library',
    body: movePromptsDto,
    response: changedPrompts,
    errors: [...errorsOf.write, 404],
  })
  @HttpCode(200)
  @SignedInWrite()
  moveMany(@CurrentUserId() userId: number, @Body() body: unknown): Promise<ChangedPrompts> {
    const { promptIds, categoryId } = validateBody(movePromptsDto, body);
    return this.library.movePrompts(userId, promptIds, categoryId);
  }

  @Post('restore')
  @ApiDoc({
    summary: 'Restore deleted prompts (the Undo of a deletion)',
    description:
      'Brings back the named prompts deleted within the restore window, as they were: id, category, ' +
      'uses, favourite mark and share link. They count against the plan’s limit again: 403 ' +
      'PROMPT_LIMIT_REACHED when they would not all fit (then none comes back); 404 when none can be ' +
      'restored.',
    tag: 'Library',
    body: promptIdsDto,
    response: changedPrompts,
    errors: [...errorsOf.write, 404],
  })
  @HttpCode(200)
  @SignedInWrite()
  restore(@CurrentUserId() userId: number, @Body() body: unknown): Promise<ChangedPrompts> {
    return this.library.restorePrompts(userId, validateBody(promptIdsDto, body).promptIds);
  }

  /** One prompt whole: a card holds only the start of its content, so copy and edit read it here. */
  @Get(':id')
  @SignedIn()
  @ApiDoc({
    summary: 'One of the user’s prompts, with its whole content',
    tag: 'Library',
    response: prompt,
    errors: [...errorsOf.read, 404],
  })
  get(@CurrentUserId() userId: number, @Param('id') id: string): Promise<Prompt> {
    return this.library.prompt(userId, routeId(id, 'prompt'));
  }

  @Patch(':id')
  @ApiDoc({
    summary: 'Edit a prompt',
    tag: 'Library',
    body: promptDto,
    response: prompt,
    errors: [...errorsOf.write, 404],
  })
  @SignedInWrite()
  update(@CurrentUserId() userId: number, @Param('id') id: string, @Body() body: unknown): Promise<Prompt> {
    const promptId = routeId(id, 'prompt');
    return this.library.updatePrompt(userId, promptId, validateBody(promptDto, body));
  }

  @Delete(':id')
  @ApiDoc({
    summary: 'Delete a prompt',
    description: 'It can be restored with POST /api/prompts/restore within the restore window.',
    tag: 'Library',
    response: done,
    errors: errorsOf.itemAction,
  })
  @SignedInWrite()
  delete(@CurrentUserId() userId: number, @Param('id') id: string): Promise<Done> {
    return this.library.deletePrompt(userId, routeId(id, 'prompt'));
  }

  @Post(':id/copy')
  @ApiDoc({
    summary: 'Record that the prompt was copied',
    tag: 'Library',
    response: copyResult,
    errors: errorsOf.itemAction,
  })
  @HttpCode(200)
  @SignedInWrite()
  copy(@CurrentUserId() userId: number, @Param('id') id: string): Promise<CopyResult> {
    return this.library.copyPrompt(userId, routeId(id, 'prompt'));
  }

  @Post(':id/toggle-favorite')
  @ApiDoc({
    summary: 'Mark or unmark the prompt as a favourite',
    tag: 'Library',
    response: prompt,
    errors: errorsOf.itemAction,
  })
  @HttpCode(200)
  @SignedInWrite()
  toggleFavorite(@CurrentUserId() userId: number, @Param('id') id: string): Promise<Prompt> {
    return this.library.toggleFavorite(userId, routeId(id, 'prompt'));
  }
}

/**
 * Writes that wait when the client reads slower than the service answers, so a big library never
 * piles up in memory; a client that goes away ends the wait. One 'drain' listener per response:
 * the compression middleware moves 'drain' listeners to its gzip stream, where the per-write
 * `once` listeners would never be removed again.
 */
function backpressuredWriter(res: ServerResponse): (chunk: string | Uint8Array) => Promise<void> {
  let release: (() => void) | null = null;
  const wake = () => {
    release?.();
    release = null;
  };
  res.on('drain', wake);
  res.once('close', wake);
  return (chunk) =>
    res.write(chunk) || res.destroyed
      ? Promise.resolve()
      : new Promise((resolve) => {
          release = resolve;
        });
}
