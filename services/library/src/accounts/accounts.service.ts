import { Inject, Injectable } from '@nestjs/common';
import { ROOT_LOGGER } from '@promptlib/platform';
import type { UserDeleted } from '@promptlib/proto';
import type { Logger } from 'pino';
import { LIBRARY_DATA, type LibraryData } from '../library-data';

/**
 * A deleted account's library: every prompt, version, tag, category and tier row goes in one
 * transaction, and the user is remembered as deleted so a late event cannot bring any of it back.
 * Idempotent: a redelivered deletion finds nothing left and changes nothing.
 */
@Injectable()
export class AccountsService {
  constructor(
    @Inject(LIBRARY_DATA) private readonly data: LibraryData,
    @Inject(ROOT_LOGGER) private readonly logger: Pick<Logger, 'info'>,
  ) {}

  async userDeleted({ userId }: UserDeleted): Promise<void> {
    const deleted = await this.data.transaction(async (tx) => {
      await tx.accounts.lockUser(userId);
      const rows = await tx.accounts.erase(userId);
      return rows;
    });
    this.logger.info({ userId, deleted }, 'Deleted the library of a deleted account');
  }

  isErased(userId: number): Promise<boolean> {
    return this.data.direct.accounts.isErased(userId);
  }
}
