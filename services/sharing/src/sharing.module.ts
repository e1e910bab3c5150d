import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceInfrastructureModule } from '@promptlib/platform/service';
import type { Logger } from 'pino';
import { AccountsService } from './accounts/accounts.service';
import { SHARING_CONFIG, type SharingConfig } from './config/sharing-config';
import { SharingEvents } from './events/sharing-events';
import { LibraryPrompts } from './links/library-prompts';
import { ShareLinksController } from './links/share-links.controller';
import { ShareLinksService } from './links/share-links.service';
import { RevokedLinksSweep } from './links/revoked-links-sweep';
import { migrations } from './migrations';
import { PromptTextsService } from './prompt-texts/prompt-texts.service';
import { PublicReadsController } from './public-reads/public-reads.controller';
import { PublicReadsService } from './public-reads/public-reads.service';
import { ReadCache } from './public-reads/read-cache';
import { SharingDataModule } from './sharing-data';
import { ViewCounts } from './views/view-counts';

@Module({})
export class SharingModule {
  static forRoot(config: SharingConfig, logger: Logger): DynamicModule {
    return {
      module: SharingModule,
      imports: [
        ServiceInfrastructureModule.forRoot({
          service: 'sharing',
          config,
          logger,
          // Plain SQL over its tables: no entities beyond the platform's outbox.
          entities: [],
          migrations,
          // Readiness counts Redis: the read cache and the view counts live there.
          redisUrl: config.REDIS_URL,
        }),
        SharingDataModule,
      ],
      controllers: [ShareLinksController, PublicReadsController],
      providers: [
        { provide: SHARING_CONFIG, useValue: config },
        ReadCache,
        ViewCounts,
        AccountsService,
        RevokedLinksSweep,
        LibraryPrompts,
        ShareLinksService,
        PublicReadsService,
        PromptTextsService,
        SharingEvents,
      ],
    };
  }
}
