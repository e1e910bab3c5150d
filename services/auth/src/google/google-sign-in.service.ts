import { Inject, Injectable } from '@nestjs/common';
import { ROOT_LOGGER, serviceError } from '@promptlib/platform';
import { isUniqueViolation } from '@promptlib/platform/service';
import {
  authMessages,
  eventSubjects,
  type GoogleSignInReply,
  type ParsedRequestOf,
  type subjects,
  usernameKey,
} from '@promptlib/proto';
import crypto from 'node:crypto';
import type { Logger } from 'pino';
import { AUTH_DATA, type AuthData } from '../auth-data';
import type { UserEntity } from '../users/user.entity';
import { GOOGLE_SUBJECT_INDEX, violatedIndex } from '../users/users.repository';
import { toAuthUser } from '../users/users.service';
import {
  GoogleIdTokens,
  IdTokenRejected,
  type GoogleIdentity,
  type IdTokenVerifier,
} from './google-id-tokens';
import { usernameCandidates } from './google-usernames';

type SignInRequest = ParsedRequestOf<typeof subjects.auth.usersGoogleSignIn>;

/**
 * Signs in with a verified Google ID token: the token's subject finds the user, or makes one. The
 * identity comes from the token alone; what the browser says beside it must agree or nothing
 * happens. A Google account is matched by its subject only, never by a username or an email, so
 * it can never take over an account made with a password.
 */
@Injectable()
export class GoogleSignInService {
  constructor(
    @Inject(AUTH_DATA) private readonly data: AuthData,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
    @Inject(GoogleIdTokens) private readonly tokens: IdTokenVerifier,
  ) {}

  async signIn({ idToken, nonce, claimedSubject }: SignInRequest): Promise<GoogleSignInReply> {
    if (!this.tokens.enabled) throw serviceError('INVALID_CREDENTIALS', authMessages.googleNotConfigured);
    const identity = await this.verified(idToken, nonce);
    if (claimedSubject !== undefined && claimedSubject !== identity.subject) {
      this.logger.warn('Google sign-in refused: the account sent is not the token’s');
      throw serviceError('INVALID_CREDENTIALS', authMessages.googleRejected);
    }
    const existing = await this.findBySubject(identity.subject);
    if (existing) return { user: toAuthUser(await this.refreshPhoto(existing, identity)), created: false };
    return this.create(identity);
  }

  private async verified(idToken: string, nonce: string): Promise<GoogleIdentity> {
    try {
      return await this.tokens.verify(idToken, nonce);
    } catch (error) {
      if (!(error instanceof IdTokenRejected)) throw error;
      this.logger.warn({ reason: error.message }, 'Google ID token refused');
      throw serviceError('INVALID_CREDENTIALS', authMessages.googleRejected);
    }
  }

  /** A new user under the first free username; they get General through user.registered. */
  private async create(identity: GoogleIdentity): Promise<GoogleSignInReply> {
    // crypto.randomInt is read at each call, so a unit spec can fix the suffixes it picks.
    for (const username of usernameCandidates(identity.name, (below) => crypto.randomInt(below))) {
      try {
        const user = await this.data.transaction(async (tx) => {
          const created = await tx.users.insert({
            username,
            usernameKey: usernameKey(username),
            passwordHash: null,
            googleSubject: identity.subject,
            photoUrl: identity.picture,
          });
          await tx.outbox.add(eventSubjects.userRegistered, { userId: created.id, username });
          return created;
        });
        return { user: toAuthUser(user), created: true };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // The same person signing in twice at once: the other attempt made the user.
        if (violatedIndex(error) === GOOGLE_SUBJECT_INDEX) {
          const made = await this.findBySubject(identity.subject);
          if (made) return { user: toAuthUser(made), created: false };
        }
      }
    }
    throw serviceError('SERVICE_UNAVAILABLE', 'No free username was found. Please try again.');
  }

  private findBySubject(subject: string): Promise<UserEntity | null> {
    return this.data.direct.users.findByGoogleSubject(subject);
  }

  private async refreshPhoto(user: UserEntity, identity: GoogleIdentity): Promise<UserEntity> {
    if (user.photoUrl === identity.picture) return user;
    await this.data.direct.users.setPhoto(user.id, identity.picture);
    return { ...user, photoUrl: identity.picture };
  }
}
