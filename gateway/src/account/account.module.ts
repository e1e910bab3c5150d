import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SessionModule } from '../session/session.module';
import { AccountController } from './account.controller';

@Module({
  imports: [SessionModule, RateLimitModule, AuthModule],
  controllers: [AccountController],
})
export class AccountModule {}
