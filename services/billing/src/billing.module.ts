import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceInfrastructureModule } from '@promptlib/platform/service';
import type { Logger } from 'pino';
import { AccountsService } from './accounts/accounts.service';
import { BillingEvents } from './accounts/billing-events';
import { CheckoutSessionEntity } from './checkout/checkout-session.entity';
import { CheckoutController } from './checkout/checkout.controller';
import { CheckoutService } from './checkout/checkout.service';
import type { BillingConfig } from './config/billing-config';
import { BillingConfigModule } from './config/billing-config.module';
import { BillingDataModule } from './billing-data';
import { CustomerEntity } from './customers/customer.entity';
import { CustomersService } from './customers/customers.service';
import { migrations } from './migrations';
import { StripeApi } from './stripe/stripe-api';
import { SubscriptionMirror } from './subscriptions/subscription-mirror';
import { SubscriptionEntity } from './subscriptions/subscription.entity';
import { SubscriptionsController } from './subscriptions/subscriptions.controller';
import { SubscriptionsService } from './subscriptions/subscriptions.service';
import { SubscriptionSweep } from './sweep/subscription-sweep';
import { TierLedger } from './tiers/tier-ledger';
import { UserTierEntity } from './tiers/user-tier.entity';
import { StripeEventProcessor } from './webhooks/stripe-event-processor';
import { StripeEventQueue } from './webhooks/stripe-event-queue';
import { StripeEventEntity } from './webhooks/stripe-event.entity';
import { WebhookInbox } from './webhooks/webhook-inbox';
import { WebhooksController } from './webhooks/webhooks.controller';

@Module({})
export class BillingModule {
  static forRoot(config: BillingConfig, logger: Logger): DynamicModule {
    return {
      module: BillingModule,
      imports: [
        ServiceInfrastructureModule.forRoot({
          service: 'billing',
          config,
          logger,
          entities: [
            CustomerEntity,
            CheckoutSessionEntity,
            SubscriptionEntity,
            UserTierEntity,
            StripeEventEntity,
          ],
          migrations,
          // Readiness counts Redis: without it no webhook can be queued.
          redisUrl: config.REDIS_URL,
          // A checkout or cancellation waits on Stripe inside its transaction; the gateway waits 20 s.
          idleInTransactionTimeoutMs: 18_000,
        }),
        BillingConfigModule.forRoot(config),
        BillingDataModule,
      ],
      controllers: [CheckoutController, SubscriptionsController, WebhooksController],
      providers: [
        StripeApi,
        CustomersService,
        TierLedger,
        SubscriptionMirror,
        CheckoutService,
        SubscriptionsService,
        StripeEventProcessor,
        StripeEventQueue,
        WebhookInbox,
        SubscriptionSweep,
        AccountsService,
        BillingEvents,
      ],
    };
  }
}
