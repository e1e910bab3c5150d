import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SessionModule } from '../session/session.module';
import { SharedPromptController } from './shared-prompt.controller';
import { SharesController } from './shares.controller';

@Module({
  imports: [SessionModule, RateLimitModule],
  controllers: [SharesController, SharedPromptController],
})
export class SharingModule {}
