import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import {
  apiKeySummary,
  createApiKeyBody,
  createdApiKey,
  done,
  type ApiKeySummary,
  type CreatedApiKey,
  type Done,
} from '@promptlib/proto';
import { AuthClient } from '../clients/auth.client';
import { ApiKeyVerifier } from './api-key-verifier';
import { ApiDoc, errorsOf } from '../common/api-doc.decorator';
import { validateBody } from '../common/validate-body';
import { CurrentUserId } from '../session/current-user.decorator';
import { SignedIn, SignedInWrite } from '../session/signed-in.decorator';
import { routeId } from '../common/route-id';

/** The user's personal API keys: managed from a session only, never with a key. */
@Controller('api/api-keys')
export class ApiKeysController {
  constructor(
    private readonly auth: AuthClient,
    private readonly verifier: ApiKeyVerifier,
  ) {}

  @Get()
  @SignedIn()
  @ApiDoc({
    summary: 'The user’s API keys, newest first',
    description: 'Each key’s name, scope, start, dates and last use; never the key itself.',
    tag: 'API keys',
    response: apiKeySummary.array(),
    errors: errorsOf.read,
  })
  list(@CurrentUserId() userId: number): Promise<ApiKeySummary[]> {
    return this.auth.listApiKeys(userId);
  }

  @Post()
  @ApiDoc({
    summary: 'Create an API key',
    description:
      'The answer holds the key, the only time it is shown: programs send it as ' +
      '`Authorization: Bearer <key>`. A read key reads the library; a write key changes it too. ' +
      'At most 10 keys a user (403 API_KEY_LIMIT_REACHED).',
    tag: 'API keys',
    body: createApiKeyBody,
    response: createdApiKey,
    errors: [...errorsOf.write, 403],
  })
  @SignedInWrite()
  create(@CurrentUserId() userId: number, @Body() body: unknown): Promise<CreatedApiKey> {
    return this.auth.createApiKey({ userId, ...validateBody(createApiKeyBody, body) });
  }

  @Delete(':id')
  @ApiDoc({
    summary: 'Revoke an API key',
    description: 'Refused at once by every gateway: the next request with the key is 401.',
    tag: 'API keys',
    response: done,
    errors: errorsOf.itemAction,
  })
  @SignedInWrite()
  async revoke(@CurrentUserId() userId: number, @Param('id') id: string): Promise<Done> {
    const { hash } = await this.auth.revokeApiKey(userId, routeId(id, 'apiKey'));
    await this.verifier.forget(hash);
    return { success: true };
  }
}
