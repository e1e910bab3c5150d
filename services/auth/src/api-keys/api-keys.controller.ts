import { Controller } from '@nestjs/common';
import { Handles } from '@promptlib/platform';
import {
  subjects,
  type ApiKeySummary,
  type CreatedApiKey,
  type RevokedApiKey,
  type GetUserRequest,
  type VerifiedApiKey,
} from '@promptlib/proto';
import { ApiKeysService, type CreateApiKey } from './api-keys.service';

@Controller()
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  @Handles(subjects.auth.apiKeysCreate)
  create(request: CreateApiKey): Promise<CreatedApiKey> {
    return this.apiKeys.create(request);
  }

  @Handles(subjects.auth.apiKeysList)
  list(request: GetUserRequest): Promise<ApiKeySummary[]> {
    return this.apiKeys.list(request.userId);
  }

  @Handles(subjects.auth.apiKeysRevoke)
  revoke(request: { userId: number; id: number }): Promise<RevokedApiKey> {
    return this.apiKeys.revoke(request.userId, request.id);
  }

  @Handles(subjects.auth.apiKeysVerify)
  verify(request: { hash: string }): Promise<VerifiedApiKey> {
    return this.apiKeys.verify(request.hash);
  }
}
