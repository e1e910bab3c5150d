import type Stripe from 'stripe';
import { missing } from './api-error';
import type { FormFields } from './form-body';
import { newId, nowSeconds } from './ids';
import { metadataOf, optionalText } from './params';

/** Customers: created and read back; billing keeps one per user, found again by its id. */
export class Customers {
  private readonly byId = new Map<string, Stripe.Customer>();

  create(params: FormFields): Stripe.Customer {
    const customer = {
      id: newId('cus'),
      object: 'customer',
      balance: 0,
      created: nowSeconds(),
      default_source: null,
      description: optionalText(params, 'description'),
      email: optionalText(params, 'email'),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: metadataOf(params),
      name: optionalText(params, 'name'),
      shipping: null,
    } satisfies Stripe.Customer;
    this.byId.set(customer.id, customer);
    return customer;
  }

  retrieve(id: string): Stripe.Customer {
    const customer = this.byId.get(id);
    if (!customer) throw missing('customer', id);
    return customer;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  all(): Stripe.Customer[] {
    return [...this.byId.values()];
  }

  restore(customers: Stripe.Customer[]): void {
    for (const customer of customers) this.byId.set(customer.id, customer);
  }
}
