import { Injectable } from '@nestjs/common';
import { ServiceClient } from '@promptlib/platform';
import { subjects, type AuthUser, type RegisterRequest, type VerifyPasswordRequest } from '@promptlib/proto';

/** The auth service's calls, typed. */
@Injectable()
export class AuthClient {
  constructor(private readonly services: ServiceClient) {}

  register(request: RegisterRequest, requestId: string): Promise<AuthUser> {
    return this.services.request(subjects.auth.usersRegister, request, { requestId });
  }

  verifyPassword(request: VerifyPasswordRequest, requestId: string): Promise<AuthUser> {
    return this.services.request(subjects.auth.usersVerifyPassword, request, { requestId });
  }
}
