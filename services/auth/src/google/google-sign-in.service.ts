import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE, OutboxRelay, ROOT_LOGGER, serviceError, writeOutbox } from '@promptlib/platform';
import {
  authMessages,
  eventSubjects,
  type GoogleSignInReply,
  type ParsedRequestOf,
  type subjects,
  usernameKey,
} from '@promptlib/proto';
import { randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { UserEntity } from '../users/user.entity';
import { toAuthUser } from '../users/users.service';
import { GoogleIdTokens, IdTokenRejected, type GoogleIdentity } from './google-id-tokens';
import { usernameCandidates } from './google-usernames';

type SignInRequest = ParsedRequestOf<typeof subjects.auth.usersGoogleSignIn>;

const UNIQUE_VIOLATION = '23505';
const SUBJECT_INDEX = 'users_google_subject_key';

/**
 * Signs in with a verified Google ID token: the token's subject finds the user, or makes one. The
 * identity comes from the token alone; what the browser says beside it must agree or nothing
 * happens. A Google account is matched by its subject only, never by a username or an email, so
 * it can never take over an account made with a password.
 */
@Injectable()
export class GoogleSignInService {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
    private readonly tokens: GoogleIdTokens,
    private readonly outbox: OutboxRelay,
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
    for (const username of usernameCandidates(identity.name, (below) => randomInt(below))) {
      try {
        const user = await this.dataSource.transaction(async (manager) => {
          const created = await manager.save(
            manager.create(UserEntity, {
              username,
              usernameKey: usernameKey(username),
              passwordHash: null,
              googleSubject: identity.subject,
              photoUrl: identity.picture,
            }),
          );
          await writeOutbox(manager, eventSubjects.userRegistered, { userId: created.id, username });
          return created;
        });
        this.outbox.notify();
        return { user: toAuthUser(user), created: true };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // The same person signing in twice at once: the other attempt made the user.
        if (constraintOf(error) === SUBJECT_INDEX) {
          const made = await this.findBySubject(identity.subject);
          if (made) return { user: toAuthUser(made), created: false };
        }
      }
    }
    throw serviceError('SERVICE_UNAVAILABLE', 'No free username was found. Please try again.');
  }

  private findBySubject(subject: string): Promise<UserEntity | null> {
    return this.dataSource.getRepository(UserEntity).findOneBy({ googleSubject: subject });
  }

  private async refreshPhoto(user: UserEntity, identity: GoogleIdentity): Promise<UserEntity> {
    if (user.photoUrl === identity.picture) return user;
    await this.dataSource.getRepository(UserEntity).update({ id: user.id }, { photoUrl: identity.picture });
    return { ...user, photoUrl: identity.picture };
  }
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { driverError?: { code?: string } }).driverError?.code === UNIQUE_VIOLATION;
}

function constraintOf(error: unknown): string | undefined {
  return (error as { driverError?: { constraint?: string } }).driverError?.constraint;
}
