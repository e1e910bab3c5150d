import { Module } from '@nestjs/common';
import { TiersModule } from '../tiers/tiers.module';
import { VersionsController } from './versions.controller';
import { VersionsService } from './versions.service';

@Module({
  imports: [TiersModule],
  controllers: [VersionsController],
  providers: [VersionsService],
})
export class VersionsModule {}
