import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module';
import { ApiKeyVerifier } from './api-key-verifier';
import { ApiKeysController } from './api-keys.controller';

@Module({
  imports: [SessionModule],
  controllers: [ApiKeysController],
  providers: [ApiKeyVerifier],
  exports: [ApiKeyVerifier],
})
export class ApiKeysModule {}
