import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { SessionModule } from '../session/session.module';
import { LiveController } from './live.controller';
import { LiveFeed } from './live-feed';
import { LiveStreams } from './live-streams';
import { OpenFeeds } from './open-feeds';

/** GET /api/events: the user's own changes, live, from the events stream. */
@Module({
  imports: [SessionModule, ApiKeysModule],
  controllers: [LiveController],
  providers: [LiveFeed, OpenFeeds, LiveStreams],
  exports: [LiveStreams],
})
export class LiveModule {}
