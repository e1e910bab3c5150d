import { Global, Module } from '@nestjs/common';
import {
  unitOfWorkProvider,
  type Db,
  type RepositoryContract,
  type Transaction,
  type UnitOfWork,
} from '@promptlib/platform/service';
import { AccountsRepository } from './accounts/accounts.repository';
import { CheckoutSessionsRepository } from './checkout/checkout-sessions.repository';
import { CustomersRepository } from './customers/customers.repository';
import { SubscriptionsRepository } from './subscriptions/subscriptions.repository';
import { UserTiersRepository } from './tiers/user-tiers.repository';
import { StripeEventsRepository } from './webhooks/stripe-events.repository';

/** Billing's data, one repository per aggregate, each owning its SQL and the schema's name. */
export type BillingRepositories = {
  customers: RepositoryContract<CustomersRepository>;
  checkouts: RepositoryContract<CheckoutSessionsRepository>;
  subscriptions: RepositoryContract<SubscriptionsRepository>;
  tiers: RepositoryContract<UserTiersRepository>;
  stripeEvents: RepositoryContract<StripeEventsRepository>;
  accounts: RepositoryContract<AccountsRepository>;
};

/** Billing's unit of work: its rules change data only through it. */
export type BillingData = UnitOfWork<BillingRepositories>;

/** The repositories of one transaction, and its outbox. */
export type BillingTransaction = Transaction<BillingRepositories>;

export const BILLING_DATA = Symbol('BILLING_DATA');

export function billingRepositories(db: Db): BillingRepositories {
  return {
    customers: new CustomersRepository(db),
    checkouts: new CheckoutSessionsRepository(db),
    subscriptions: new SubscriptionsRepository(db),
    tiers: new UserTiersRepository(db),
    stripeEvents: new StripeEventsRepository(db),
    accounts: new AccountsRepository(db),
  };
}

@Global()
@Module({
  providers: [unitOfWorkProvider(BILLING_DATA, billingRepositories)],
  exports: [BILLING_DATA],
})
export class BillingDataModule {}
