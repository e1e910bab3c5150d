import { Controller, Delete, Get, Header, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { KeysAllowed } from '../api-keys/keys-allowed.decorator';
import { done, shareLink, sharedLink, type Done, type ShareLink, type SharedLink } from '@promptlib/proto';
import { SharingClient } from '../clients/sharing.client';
import { ApiDoc, errorsOf } from '../common/api-doc.decorator';
import { routeId } from '../common/route-id';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config';
import { CurrentUserId } from '../session/current-user.decorator';
import { SignedIn, SignedInWrite } from '../session/signed-in.decorator';
import { shareUrl } from './share-urls';

/** A user's public links: make one for a prompt, end it, and list the live ones with their views. */
@KeysAllowed()
@Controller('api')
export class SharesController {
  constructor(
    private readonly sharing: SharingClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('prompts/:id/share')
  @ApiDoc({
    summary: 'Share a prompt by a public link',
    description: 'Answers the prompt’s live link, made on the first call; after a revoke, a new one.',
    tag: 'Sharing',
    response: shareLink,
    errors: errorsOf.itemAction,
  })
  @HttpCode(200)
  @SignedInWrite()
  async share(@CurrentUserId() userId: number, @Param('id') id: string): Promise<ShareLink> {
    const { shareId } = await this.sharing.share(userId, routeId(id, 'prompt'));
    return { shareId, url: shareUrl(this.config.PUBLIC_URL, shareId) };
  }

  @Delete('prompts/:id/share')
  @ApiDoc({
    summary: 'Stop sharing a prompt',
    description: 'Its public link answers 404 from now on.',
    tag: 'Sharing',
    response: done,
    errors: errorsOf.itemAction,
  })
  @SignedInWrite()
  revoke(@CurrentUserId() userId: number, @Param('id') id: string): Promise<Done> {
    return this.sharing.revoke(userId, routeId(id, 'prompt'));
  }

  @Get('shares')
  @ApiDoc({
    summary: 'The user’s live public links, newest first, with their view counts',
    tag: 'Sharing',
    response: sharedLink.array(),
    errors: errorsOf.read,
  })
  @Header('Cache-Control', 'no-store')
  @SignedIn()
  async list(@CurrentUserId() userId: number): Promise<SharedLink[]> {
    const links = await this.sharing.links(userId);
    return links.map((link) => ({ ...link, url: shareUrl(this.config.PUBLIC_URL, link.shareId) }));
  }
}
