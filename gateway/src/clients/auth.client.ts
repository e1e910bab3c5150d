import { Injectable } from '@nestjs/common';
import { ServiceClient } from '@promptlib/platform';
import {
  subjects,
  type AccountDetails,
  type ApiKeySummary,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  type DeletedAccount,
  type Done,
  type AuthUser,
  type CreateApiKeyBody,
  type CreatedApiKey,
  type RevokedApiKey,
  type VerifiedApiKey,
  type GoogleSignInReply,
  type GoogleSignInRequest,
  type RegisterRequest,
  type VerifyPasswordRequest,
} from '@promptlib/proto';

/** The auth service's calls; the request id travels by itself. */
@Injectable()
export class AuthClient {
  constructor(private readonly services: ServiceClient) {}

  register(request: RegisterRequest): Promise<AuthUser> {
    return this.services.request(subjects.auth.usersRegister, request);
  }

  verifyPassword(request: VerifyPasswordRequest): Promise<AuthUser> {
    return this.services.request(subjects.auth.usersVerifyPassword, request);
  }

  account(userId: number): Promise<AccountDetails> {
    return this.services.request(subjects.auth.usersAccount, { userId });
  }

  deleteAccount(request: DeleteAccountRequest): Promise<DeletedAccount> {
    return this.services.request(subjects.auth.usersDelete, request);
  }

  changePassword(request: ChangePasswordRequest): Promise<Done> {
    return this.services.request(subjects.auth.usersChangePassword, request);
  }

  googleSignIn(request: GoogleSignInRequest): Promise<GoogleSignInReply> {
    return this.services.request(subjects.auth.usersGoogleSignIn, request);
  }

  createApiKey(request: CreateApiKeyBody & { userId: number }): Promise<CreatedApiKey> {
    return this.services.request(subjects.auth.apiKeysCreate, request);
  }

  listApiKeys(userId: number): Promise<ApiKeySummary[]> {
    return this.services.request(subjects.auth.apiKeysList, { userId });
  }

  revokeApiKey(userId: number, id: number): Promise<RevokedApiKey> {
    return this.services.request(subjects.auth.apiKeysRevoke, { userId, id });
  }

  /** Who the key with this SHA-256 (hex) acts for; null for none. */
  verifyApiKey(hash: string): Promise<VerifiedApiKey> {
    return this.services.request(subjects.auth.apiKeysVerify, { hash });
  }
}
