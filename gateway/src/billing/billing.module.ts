import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module';
import { BillingController } from './billing.controller';
import { StripeWebhookController } from './stripe-webhook.controller';

@Module({ imports: [SessionModule], controllers: [BillingController, StripeWebhookController] })
export class BillingModule {}
