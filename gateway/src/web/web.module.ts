import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SharePageController } from './share-page.controller';
import { WebController } from './web.controller';

// The share page's route comes before the SPA's catch-all.
@Module({ imports: [RateLimitModule], controllers: [SharePageController, WebController] })
export class WebModule {}
