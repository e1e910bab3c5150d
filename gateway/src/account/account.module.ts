import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SessionModule } from '../session/session.module';
import { AccountExporter } from './account-export';
import { AccountController } from './account.controller';

@Module({
  imports: [SessionModule, RateLimitModule, AuthModule],
  controllers: [AccountController],
  providers: [AccountExporter],
})
export class AccountModule {}
