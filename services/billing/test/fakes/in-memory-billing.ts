import { createLogger } from '@promptlib/platform';
import { uniqueViolation } from '@promptlib/platform/service';
import { InMemoryUnitOfWork, rememberDeletedUser } from '@promptlib/platform/testing/services';
import type { RpcException } from '@nestjs/microservices';
import type { ServiceError } from '@promptlib/proto';
import type Stripe from 'stripe';
import type { BillingRepositories } from '../../src/billing-data';
import type { CheckoutSessionEntity } from '../../src/checkout/checkout-session.entity';
import { CheckoutService } from '../../src/checkout/checkout.service';
import type { BillingConfig } from '../../src/config/billing-config';
import type { CustomerEntity } from '../../src/customers/customer.entity';
import { CustomersService } from '../../src/customers/customers.service';
import { SubscriptionMirror } from '../../src/subscriptions/subscription-mirror';
import type { SubscriptionEntity } from '../../src/subscriptions/subscription.entity';
import { SubscriptionsService } from '../../src/subscriptions/subscriptions.service';
import type { NewSubscription, SubscriptionChange } from '../../src/subscriptions/subscriptions.repository';
import type { Tier } from '../../src/subscriptions/subscription-rules';
import { TierLedger } from '../../src/tiers/tier-ledger';
import type { UserTierEntity } from '../../src/tiers/user-tier.entity';
import type { EventTarget } from '../../src/webhooks/event-target';
import { AccountsService } from '../../src/accounts/accounts.service';
import { StripeEventProcessor } from '../../src/webhooks/stripe-event-processor';
import type { StripeEventEntity } from '../../src/webhooks/stripe-event.entity';
import type { FakeStripe } from './fake-stripe';

/** Billing's rows, as the in-memory repositories keep them. */
export type BillingTables = {
  customers: CustomerEntity[];
  checkouts: CheckoutSessionEntity[];
  subscriptions: SubscriptionEntity[];
  tiers: UserTierEntity[];
  stripeEvents: StripeEventEntity[];
  /** Users whose tier row another process holds locked: a skip-locked read passes them by. */
  busyUsers: number[];
  /** Deleted accounts, by user id, with when they were deleted. */
  deletedUsers: Map<number, Date>;
};

export const testBillingConfig = {
  APP_NAMESPACE: 'unit',
  PUBLIC_URL: 'http://app.test',
  STRIPE_PRICE_MONTHLY: 'price_pro_monthly',
  STRIPE_PRICE_ANNUAL: 'price_pro_annual',
  BILLING_SWEEP_INTERVAL_MS: 60_000,
  BILLING_RESYNC_AFTER_MS: 3_600_000,
} as BillingConfig;

export const silentLogger = createLogger('billing-unit', 'silent');

type Customers = BillingRepositories['customers'];
type Checkouts = BillingRepositories['checkouts'];
type Subscriptions = BillingRepositories['subscriptions'];
type Tiers = BillingRepositories['tiers'];
type StripeEvents = BillingRepositories['stripeEvents'];
type Accounts = BillingRepositories['accounts'];

const copy = <T extends object>(row: T): T => ({ ...row });

class InMemoryCustomers implements Customers {
  constructor(private readonly tables: BillingTables) {}

  async stripeIdOf(userId: number): Promise<string | null> {
    return this.tables.customers.find((row) => row.userId === userId)?.stripeCustomerId ?? null;
  }

  async insert(userId: number, stripeCustomerId: string): Promise<void> {
    if (this.tables.customers.some((row) => row.userId === userId)) throw uniqueViolation('customers_pkey');
    if (this.tables.customers.some((row) => row.stripeCustomerId === stripeCustomerId)) {
      throw uniqueViolation('customers_stripe_customer_id_key');
    }
    this.tables.customers.push({ userId, stripeCustomerId, createdAt: new Date() });
  }
}

class InMemoryCheckouts implements Checkouts {
  constructor(private readonly tables: BillingTables) {}

  async insert(checkout: Pick<CheckoutSessionEntity, 'id' | 'userId' | 'priceId'>): Promise<void> {
    if (this.tables.checkouts.some((row) => row.id === checkout.id)) {
      throw uniqueViolation('checkout_sessions_pkey');
    }
    this.tables.checkouts.push({
      ...checkout,
      subscriptionId: null,
      completedAt: null,
      expiredAt: null,
      refundedAt: null,
      createdAt: new Date(),
    });
  }

  async findOwned(userId: number, id: string): Promise<CheckoutSessionEntity | null> {
    const checkout = this.tables.checkouts.find((row) => row.id === id && row.userId === userId);
    return checkout ? copy(checkout) : null;
  }

  async pending(userId: number, since: Date, limit: number): Promise<CheckoutSessionEntity[]> {
    return this.tables.checkouts
      .filter(
        (row) =>
          row.userId === userId &&
          row.completedAt === null &&
          row.expiredAt === null &&
          row.createdAt > since,
      )
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, limit)
      .map(copy);
  }

  async markCompleted(id: string, subscriptionId: string): Promise<void> {
    const checkout = this.tables.checkouts.find((row) => row.id === id && row.completedAt === null);
    const refundedAt = this.tables.subscriptions.find((row) => row.id === subscriptionId)?.refundedAt ?? null;
    if (checkout) Object.assign(checkout, { subscriptionId, completedAt: new Date(), refundedAt });
  }

  async markRefunded(subscriptionId: string): Promise<void> {
    for (const row of this.tables.checkouts)
      if (row.subscriptionId === subscriptionId && row.refundedAt === null) row.refundedAt = new Date();
  }

  async markExpired(id: string): Promise<void> {
    const checkout = this.tables.checkouts.find(
      (row) => row.id === id && row.completedAt === null && row.expiredAt === null,
    );
    if (checkout) checkout.expiredAt = new Date();
  }
}

class InMemorySubscriptions implements Subscriptions {
  constructor(private readonly tables: BillingTables) {}

  async markRefunded(id: string): Promise<void> {
    const subscription = this.tables.subscriptions.find((row) => row.id === id && row.refundedAt === null);
    if (subscription) subscription.refundedAt = new Date();
  }

  async find(id: string): Promise<SubscriptionEntity | null> {
    const subscription = this.tables.subscriptions.find((row) => row.id === id);
    return subscription ? copy(subscription) : null;
  }

  async ofUser(userId: number): Promise<SubscriptionEntity[]> {
    return this.tables.subscriptions.filter((row) => row.userId === userId).map(copy);
  }

  async ofUserExcept(userId: number, finalStatuses: readonly string[]): Promise<SubscriptionEntity[]> {
    return (await this.ofUser(userId)).filter((row) => !finalStatuses.includes(row.status));
  }

  async insert(subscription: NewSubscription): Promise<SubscriptionEntity> {
    if (this.tables.subscriptions.some((row) => row.id === subscription.id)) {
      throw uniqueViolation('subscriptions_pkey');
    }
    const row: SubscriptionEntity = {
      ...subscription,
      sweepFailures: 0,
      sweepRetryAt: null,
      refundedAt: null,
      createdAt: new Date(),
    };
    this.tables.subscriptions.push(row);
    return copy(row);
  }

  async update(id: string, change: SubscriptionChange): Promise<void> {
    const subscription = this.tables.subscriptions.find((row) => row.id === id);
    if (subscription) Object.assign(subscription, change, { sweepFailures: 0, sweepRetryAt: null });
  }

  async deferSweep(id: string): Promise<void> {
    const subscription = this.tables.subscriptions.find((row) => row.id === id);
    if (!subscription) return;
    const waitMs = Math.min(60_000 * 2 ** Math.min(subscription.sweepFailures, 20), 86_400_000);
    subscription.sweepFailures += 1;
    subscription.sweepRetryAt = new Date(Date.now() + waitMs);
  }

  async dueUsers(finalStatuses: readonly string[], resyncAfterMs: number, limit: number): Promise<number[]> {
    const now = Date.now();
    const ended = this.tables.tiers
      .filter((tier) => tier.isPro && tier.endsAt !== null && tier.endsAt.getTime() <= now)
      .map((tier) => tier.userId);
    const stale = this.tables.subscriptions
      .filter((row) => {
        if (finalStatuses.includes(row.status)) return false;
        if (row.sweepRetryAt && row.sweepRetryAt.getTime() > now) return false;
        const end = Math.min(row.currentPeriodEnd.getTime(), row.endsAt?.getTime() ?? Infinity);
        const synced = row.syncedAt.getTime();
        return (synced < end && end <= now) || synced < now - resyncAfterMs;
      })
      .map((row) => row.userId);
    return [...new Set([...ended, ...stale])].slice(0, limit);
  }
}

class InMemoryTiers implements Tiers {
  constructor(private readonly tables: BillingTables) {}

  async lock(userId: number, skipLocked: boolean): Promise<UserTierEntity | null> {
    let tier = this.tables.tiers.find((row) => row.userId === userId);
    if (!tier) {
      tier = { userId, isPro: false, isCancelled: false, endsAt: null, version: 0, updatedAt: new Date() };
      this.tables.tiers.push(tier);
    }
    if (skipLocked && this.tables.busyUsers.includes(userId)) return null;
    return copy(tier);
  }

  async settle(userId: number, tier: Tier, version: number): Promise<void> {
    const row = this.tables.tiers.find((other) => other.userId === userId);
    // The row's CHECK and int4 column.
    if (version < 0 || version > 2_147_483_647) throw new Error(`version ${version} out of range`);
    if (row) Object.assign(row, tier, { version, updatedAt: new Date() });
  }
}

class InMemoryStripeEvents implements StripeEvents {
  constructor(private readonly tables: BillingTables) {}

  private row(id: string): StripeEventEntity | undefined {
    return this.tables.stripeEvents.find((event) => event.id === id);
  }

  async store(event: Stripe.Event): Promise<{ processed: boolean } | null> {
    const stored = this.row(event.id);
    if (stored) return { processed: stored.processedAt !== null };
    this.tables.stripeEvents.push({
      id: event.id,
      type: event.type,
      payload: structuredClone(event),
      receivedAt: new Date(),
      processedAt: null,
      outcome: null,
      attempts: 0,
      lastError: null,
    });
    return { processed: false };
  }

  async claim(id: string): Promise<Stripe.Event | null> {
    const event = this.row(id);
    if (!event || event.processedAt !== null) return null;
    event.attempts += 1;
    return structuredClone(event.payload) as Stripe.Event;
  }

  async exists(id: string): Promise<boolean> {
    return this.row(id) !== undefined;
  }

  async ownerOf(target: EventTarget): Promise<number | null> {
    return (
      this.tables.checkouts.find((row) => row.id === target.checkoutSessionId)?.userId ??
      this.tables.subscriptions.find((row) => row.id === target.subscriptionId)?.userId ??
      this.tables.customers.find((row) => row.stripeCustomerId === target.customerId)?.userId ??
      null
    );
  }

  async markIgnored(id: string): Promise<void> {
    const event = this.row(id);
    if (event && event.processedAt === null)
      Object.assign(event, { processedAt: new Date(), outcome: 'ignored' });
  }

  async markApplied(id: string): Promise<void> {
    const event = this.row(id);
    if (event) Object.assign(event, { processedAt: new Date(), outcome: 'applied', lastError: null });
  }

  async recordFailure(id: string, message: string): Promise<void> {
    const event = this.row(id);
    if (event) event.lastError = message;
  }

  async oldestUnprocessedAge(): Promise<number> {
    const received = this.tables.stripeEvents
      .filter((event) => event.processedAt === null)
      .map((event) => event.receivedAt.getTime());
    return received.length === 0 ? 0 : (Date.now() - Math.min(...received)) / 1000;
  }

  async unapplied(olderThanMs: number, limit: number): Promise<string[]> {
    return this.tables.stripeEvents
      .filter((event) => event.processedAt === null && event.receivedAt.getTime() < Date.now() - olderThanMs)
      .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime())
      .slice(0, limit)
      .map((event) => event.id);
  }
}

class InMemoryAccounts implements Accounts {
  constructor(private readonly tables: BillingTables) {}

  async erase(userId: number): Promise<Record<string, number>> {
    const t = this.tables;
    rememberDeletedUser(t.deletedUsers, userId);
    const customerIds = t.customers.filter((row) => row.userId === userId).map((row) => row.stripeCustomerId);
    const objectIds = [...t.subscriptions, ...t.checkouts]
      .filter((row) => row.userId === userId)
      .map((row) => row.id);
    const deleted: Record<string, number> = {};
    const drop = <Row>(name: string, rows: Row[], mine: (row: Row) => boolean): Row[] => {
      const kept = rows.filter((row) => !mine(row));
      deleted[name] = rows.length - kept.length;
      return kept;
    };
    t.stripeEvents = drop('stripe_events', t.stripeEvents, (event) => {
      const object = (event.payload as { data: { object: { id?: string; customer?: string } } }).data.object;
      return customerIds.includes(object.customer ?? '') || objectIds.includes(object.id ?? '');
    });
    t.checkouts = drop('checkout_sessions', t.checkouts, (row) => row.userId === userId);
    t.subscriptions = drop('subscriptions', t.subscriptions, (row) => row.userId === userId);
    t.customers = drop('customers', t.customers, (row) => row.userId === userId);
    t.tiers = drop('user_tiers', t.tiers, (row) => row.userId === userId);
    return deleted;
  }

  async isErased(userId: number): Promise<boolean> {
    return this.tables.deletedUsers.has(userId);
  }
}

export type InMemoryBilling = InMemoryUnitOfWork<BillingRepositories, BillingTables>;

/** Billing's unit of work over empty in-memory tables, for the rules' unit specs. */
export function inMemoryBilling(): InMemoryBilling {
  return new InMemoryUnitOfWork<BillingRepositories, BillingTables>(
    {
      customers: [],
      checkouts: [],
      subscriptions: [],
      tiers: [],
      stripeEvents: [],
      busyUsers: [],
      deletedUsers: new Map(),
    },
    (tables) => ({
      customers: new InMemoryCustomers(tables),
      checkouts: new InMemoryCheckouts(tables),
      subscriptions: new InMemorySubscriptions(tables),
      tiers: new InMemoryTiers(tables),
      stripeEvents: new InMemoryStripeEvents(tables),
      accounts: new InMemoryAccounts(tables),
    }),
  );
}

/** The typed error a rule threw, for a spec to compare whole. */
export async function failureOf(call: Promise<unknown>): Promise<ServiceError> {
  try {
    await call;
  } catch (error) {
    return (error as RpcException).getError() as ServiceError;
  }
  throw new Error('Expected the call to fail');
}

/** Billing's rules on an in-memory unit of work and a fake Stripe, wired as the module wires them. */
export function billingRules(billing: InMemoryBilling, stripe: FakeStripe, config = testBillingConfig) {
  const ledger = new TierLedger(billing);
  const mirror = new SubscriptionMirror(stripe.api, silentLogger);
  const customers = new CustomersService(stripe.api);
  return {
    ledger,
    mirror,
    customers,
    checkout: new CheckoutService(billing, config, stripe.api, customers, mirror, ledger),
    subscriptions: new SubscriptionsService(config, stripe.api, mirror, ledger, billing),
    processor: new StripeEventProcessor(billing, mirror, ledger),
    accounts: new AccountsService(billing, stripe.api, silentLogger),
  };
}
