import { Inject, Injectable } from '@nestjs/common';
import { ROOT_LOGGER } from '@promptlib/platform';
import type { Category, User } from '@promptlib/proto';
import type { Logger } from 'pino';
import { LibraryClient } from '../clients/library.client';
import { currentRequest } from '../common/request-context';
import { toApiUser, type SessionUser } from '../session/session-user';

// Signing in must not wait long on the library: these answers have a fallback.
const LIBRARY_WAIT_MS = 1_500;

/** The user object the API answers: identity from the session, Pro status from the library's projection. */
@Injectable()
export class UserProfiles {
  constructor(
    private readonly library: LibraryClient,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * If the library cannot answer in time the user is shown as free: the limits record, which the
   * app also loads and which the server enforces, is what actually decides what they may do.
   */
  async apiUser(user: SessionUser): Promise<User> {
    try {
      const { isPro } = await this.library.tier(user.id, LIBRARY_WAIT_MS);
      return toApiUser(user, isPro);
    } catch (error) {
      this.logger.warn({ ...currentRequest(), err: error }, 'Tier unavailable; answering the user as free');
      return toApiUser(user, false);
    }
  }

  /**
   * A new user's General category. Library also creates it when it sees the registration event,
   * so if it is slow now the app's one-second refetch finds it.
   */
  async initialCategory(userId: number): Promise<Category | null> {
    try {
      return await this.library.ensureDefaultCategory(userId, LIBRARY_WAIT_MS);
    } catch (error) {
      this.logger.warn({ ...currentRequest(), err: error }, 'General category not ready at registration');
      return null;
    }
  }
}
