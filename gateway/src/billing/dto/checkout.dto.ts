import { plainText } from '@promptlib/proto';
import { z } from 'zod';

/**
 * The plan chosen on /subscribe, for a checkout or a running subscription's plan change: one of the
 * price ids /api/config lists (billing checks which).
 */
export const createCheckoutDto = z.object({
  priceId: plainText('priceId', 'line', z.string({ error: 'priceId is required' }))
    .min(1, 'priceId is required')
    .max(255),
});

/** Stripe's checkout session ids: anything else names no session. */
export const CHECKOUT_SESSION_ID = /^[A-Za-z0-9_]{1,255}$/;
