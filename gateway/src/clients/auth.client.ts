import { Injectable } from '@nestjs/common';
import { ServiceClient } from '@promptlib/platform';
import {
  subjects,
  type AuthUser,
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

  googleSignIn(request: GoogleSignInRequest): Promise<GoogleSignInReply> {
    return this.services.request(subjects.auth.usersGoogleSignIn, request);
  }
}
