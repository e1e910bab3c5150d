import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SessionModule } from '../session/session.module';
import { AccountExporter } from './account-export';
import { AccountController } from './account.controller';

@Module({
  imports: [SessionModule, RateLimitModule, AuthModule, ApiKeysModule, BillingModule],
  controllers: [AccountController],
  providers: [AccountExporter],
})
export class AccountModule {}
