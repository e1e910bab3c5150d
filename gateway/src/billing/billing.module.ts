import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SessionModule } from '../session/session.module';
import { BillingController } from './billing.controller';
import { CheckoutStateCache } from './checkout-state-cache';
import { StripeWebhookController } from './stripe-webhook.controller';

@Module({
  imports: [SessionModule, RateLimitModule],
  controllers: [BillingController, StripeWebhookController],
  providers: [CheckoutStateCache],
  // The Account page's deletion forgets a deleted account's answers.
  exports: [CheckoutStateCache],
})
export class BillingModule {}
