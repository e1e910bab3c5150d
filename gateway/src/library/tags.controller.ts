import { Body, Controller, Delete, Get, Param, Patch } from '@nestjs/common';
import { KeysAllowed } from '../api-keys/keys-allowed.decorator';
import { renameTagBody, tagChanged, tagSummary, type TagChanged, type TagSummary } from '@promptlib/proto';
import { ApiDoc, errorsOf } from '../common/api-doc.decorator';
import { validateBody } from '../common/validate-body';
import { LibraryClient } from '../clients/library.client';
import { CurrentUserId } from '../session/current-user.decorator';
import { SignedIn, SignedInWrite } from '../session/signed-in.decorator';

/** The user's tags across their prompts; a tag in a path is its name, URL-encoded, any case. */
@KeysAllowed()
@Controller('api/tags')
export class TagsController {
  constructor(private readonly library: LibraryClient) {}

  @Get()
  @SignedIn()
  @ApiDoc({
    summary: 'The user’s tags, with how many prompts carry each',
    tag: 'Library',
    response: tagSummary.array(),
    errors: errorsOf.read,
  })
  list(@CurrentUserId() userId: number): Promise<TagSummary[]> {
    return this.library.tags(userId);
  }

  @Patch(':name')
  @ApiDoc({
    summary: 'Rename a tag on every prompt',
    description:
      'To a name the user already has (any case), the two merge into that spelling. The prompts’ ' +
      'text and history stay as they are. 404 for a tag the user does not have.',
    tag: 'Library',
    body: renameTagBody,
    response: tagChanged,
    errors: [...errorsOf.write, 404],
  })
  @SignedInWrite()
  rename(
    @CurrentUserId() userId: number,
    @Param('name') name: string,
    @Body() body: unknown,
  ): Promise<TagChanged> {
    return this.library.renameTag(userId, name, validateBody(renameTagBody, body).name);
  }

  @Delete(':name')
  @ApiDoc({
    summary: 'Remove a tag from every prompt',
    tag: 'Library',
    response: tagChanged,
    errors: errorsOf.itemAction,
  })
  @SignedInWrite()
  delete(@CurrentUserId() userId: number, @Param('name') name: string): Promise<TagChanged> {
    return this.library.deleteTag(userId, name);
  }
}
