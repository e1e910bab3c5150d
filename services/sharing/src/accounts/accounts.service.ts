import { Inject, Injectable } from '@nestjs/common';
import { ROOT_LOGGER } from '@promptlib/platform';
import type { UserDeleted } from '@promptlib/proto';
import type { Logger } from 'pino';
import { ReadCache } from '../public-reads/read-cache';
import { SHARING_DATA, type SharingData } from '../sharing-data';

/**
 * A deleted account's links and texts: gone in one transaction, each link answering 404 from then
 * on (its cached reads cleared once the deletion is committed), and the user remembered as deleted
 * so a late prompt event cannot bring a text back. Idempotent.
 */
@Injectable()
export class AccountsService {
  constructor(
    @Inject(SHARING_DATA) private readonly data: SharingData,
    @Inject(ReadCache) private readonly cache: Pick<ReadCache, 'invalidate'>,
    @Inject(ROOT_LOGGER) private readonly logger: Pick<Logger, 'info'>,
  ) {}

  async userDeleted({ userId }: UserDeleted): Promise<void> {
    const { shareIds, texts } = await this.data.transaction(async (tx) => {
      await tx.accounts.lockUser(userId);
      const erased = await tx.accounts.erase(userId);
      return erased;
    });
    await this.cache.invalidate(shareIds);
    this.logger.info({ userId, links: shareIds.length, texts }, 'Deleted the links of a deleted account');
  }
}
