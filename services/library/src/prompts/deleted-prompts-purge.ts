import { Inject, Injectable } from '@nestjs/common';
import { BackgroundJob, ROOT_LOGGER } from '@promptlib/platform';
import type { Logger } from 'pino';
import { LIBRARY_CONFIG, type LibraryConfig } from '../config/library-config';
import { LIBRARY_DATA, type LibraryData } from '../library-data';

// Rows purged in one statement: short transactions, so a purge never holds up a restore for long.
const ROWS_PER_STEP = 1_000;
const PURGE_INTERVAL_MS = 60_000;

/**
 * Every minute, on every replica: deleted prompts whose restore window has closed are gone for good
 * (a restore already refuses them; this frees their rows). Replicas skip each other's rows. The
 * prompts' deletion was announced when they left the library, so the purge announces nothing.
 */
@Injectable()
export class DeletedPromptsPurge extends BackgroundJob {
  constructor(
    @Inject(LIBRARY_DATA) private readonly data: LibraryData,
    @Inject(LIBRARY_CONFIG) private readonly config: Pick<LibraryConfig, 'DELETED_PROMPT_RESTORE_SECONDS'>,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {
    super();
  }

  /** Purges until nothing is due (or the service stops); answers the pause before the next pass. */
  override async pass(): Promise<number> {
    try {
      let purged: number;
      do {
        purged = await this.data.direct.prompts.purgeDeleted(
          this.config.DELETED_PROMPT_RESTORE_SECONDS,
          ROWS_PER_STEP,
        );
      } while (purged === ROWS_PER_STEP && this.loop.isRunning);
    } catch (error) {
      this.logger.error({ err: error }, 'Purge of deleted prompts failed; trying again next interval');
    }
    return PURGE_INTERVAL_MS;
  }
}
