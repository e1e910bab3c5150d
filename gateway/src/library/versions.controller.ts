import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { KeysAllowed } from '../api-keys/keys-allowed.decorator';
import {
  prompt,
  promptHistoryPage,
  promptVersion,
  type Prompt,
  type PromptHistoryPage,
  type PromptVersion,
} from '@promptlib/proto';
import { ApiDoc, errorsOf } from '../common/api-doc.decorator';
import { routeId } from '../common/route-id';
import { validateQuery } from '../common/validate-body';
import { LibraryClient } from '../clients/library.client';
import { CurrentUserId } from '../session/current-user.decorator';
import { SignedIn, SignedInWrite } from '../session/signed-in.decorator';
import { historyAfterQuery } from './dto/prompt-history.dto';

/** A prompt's history: every create and change of title, content or category, kept as a version. */
@KeysAllowed()
@Controller('api/prompts')
export class VersionsController {
  constructor(private readonly library: LibraryClient) {}

  /** Every version of every prompt a page at a time, for an export that carries the history. */
  @Get('history')
  @SignedIn()
  @ApiDoc({
    summary: 'A page of the versions of all the user’s prompts',
    description:
      'By prompt id, then version number, ascending. The first page without a query; each next page ' +
      'with afterPrompt and afterVersion from the page before’s next (null at the end). Pages are cut ' +
      'by size, a few hundred kilobytes each.',
    tag: 'Library',
    query: historyAfterQuery,
    response: promptHistoryPage,
    errors: [400, ...errorsOf.read],
  })
  history(@CurrentUserId() userId: number, @Query() query: unknown): Promise<PromptHistoryPage> {
    const { afterPrompt, afterVersion } = validateQuery(historyAfterQuery, query);
    const after =
      afterPrompt === undefined || afterVersion === undefined
        ? null
        : { promptId: afterPrompt, version: afterVersion };
    return this.library.promptHistory(userId, after);
  }

  @Get(':id/versions')
  @SignedIn()
  @ApiDoc({
    summary: 'A prompt’s versions, newest first',
    description:
      'Each create and each change of title, content or category made one (a copy or a favourite ' +
      'mark does not); the plan keeps the newest 20 (free) or 1,000 (Pro). categoryId is null when ' +
      'that category no longer exists. source: app, import, restore or api.',
    tag: 'Library',
    response: promptVersion.array(),
    errors: [...errorsOf.read, 404],
  })
  async list(@CurrentUserId() userId: number, @Param('id') id: string): Promise<PromptVersion[]> {
    const promptId = routeId(id, 'prompt');
    const versions: PromptVersion[] = [];
    let before: number | null = null;
    do {
      const page = await this.library.promptVersions(userId, promptId, before);
      versions.push(...page.versions);
      before = page.nextBefore;
    } while (before !== null);
    return versions;
  }

  @Get(':id/versions/:version')
  @SignedIn()
  @ApiDoc({
    summary: 'One version of a prompt',
    tag: 'Library',
    response: promptVersion,
    errors: [...errorsOf.read, 404],
  })
  get(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Param('version') version: string,
  ): Promise<PromptVersion> {
    return this.library.promptVersion(userId, routeId(id, 'prompt'), routeId(version, 'version'));
  }

  @Post(':id/versions/:version/restore')
  @ApiDoc({
    summary: 'Make an old version the prompt’s text again',
    description:
      'A new version with the old title, content and category (the category only if the user still ' +
      'has it); history is never rewritten. Announced as an edit, so a shared link shows it. ' +
      'Answers the prompt; restoring the text it already has changes nothing.',
    tag: 'Library',
    response: prompt,
    errors: errorsOf.itemAction,
  })
  @HttpCode(200)
  @SignedInWrite()
  restore(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Param('version') version: string,
  ): Promise<Prompt> {
    return this.library.restoreVersion(userId, routeId(id, 'prompt'), routeId(version, 'version'));
  }
}
