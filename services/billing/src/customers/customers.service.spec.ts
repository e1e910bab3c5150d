import { describe, expect, it } from 'vitest';
import { FakeStripe } from '../../test/fakes/fake-stripe';
import { inMemoryBilling } from '../../test/fakes/in-memory-billing';
import { CustomersService } from './customers.service';

describe('CustomersService', () => {
  it('makes the user’s Stripe customer on first need and answers the same one after', async () => {
    const billing = inMemoryBilling();
    const stripe = new FakeStripe();
    const customers = new CustomersService(stripe.api);
    expect(await billing.transaction((tx) => customers.ensure(tx, 1))).toBe('cus_1');
    expect(await billing.transaction((tx) => customers.ensure(tx, 1))).toBe('cus_1');
    expect(await billing.transaction((tx) => customers.ensure(tx, 2))).toBe('cus_2');
    expect(stripe.customersCreated).toEqual([1, 2]);
    expect(billing.tables.customers.map((row) => [row.userId, row.stripeCustomerId])).toEqual([
      [1, 'cus_1'],
      [2, 'cus_2'],
    ]);
  });

  it('keeps no customer row when Stripe refuses to make one', async () => {
    const billing = inMemoryBilling();
    const stripe = new FakeStripe();
    stripe.down = true;
    const customers = new CustomersService(stripe.api);
    await expect(billing.transaction((tx) => customers.ensure(tx, 1))).rejects.toMatchObject({
      error: { code: 'SERVICE_UNAVAILABLE' },
    });
    expect(billing.tables.customers).toEqual([]);
  });
});
