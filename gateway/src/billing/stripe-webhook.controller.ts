import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { billingMessages, webhookReceived, type WebhookReceived } from '@promptlib/proto';
import type { FastifyRequest } from 'fastify';
import { BillingClient } from '../clients/billing.client';
import { ApiDoc } from '../common/api-doc.decorator';
import { ApiException } from '../common/api-exception';
import { RAW_BODY } from '../common/json-body';
import { RateLimits } from '../rate-limit/rate-limits';

/**
 * Stripe-Signature as Stripe writes it: the timestamp, then one or more signatures (v1, and v0 in
 * test mode), each 64 hex digits. Anything else cannot be a delivery of Stripe's.
 */
const SIGNATURE_HEADER = /^t=\d{1,12}(,v\d=[0-9a-f]{64}){1,8}$/;

/**
 * Stripe's webhooks: no session and no CSRF check (Stripe's servers send them; the signature,
 * verified by billing with the secret only it holds, stands in for both). Limited per sending
 * address, and a signature header that is not Stripe's shape is refused, before anything reaches
 * billing. The bytes go to billing exactly as received; 200 only once billing has stored the
 * event, so Stripe sends again whatever was not stored.
 */
@Controller('api/webhooks')
export class StripeWebhookController {
  constructor(
    private readonly billing: BillingClient,
    private readonly rateLimits: RateLimits,
  ) {}

  @Post('stripe')
  @RouteConfig(RAW_BODY)
  @ApiDoc({
    summary: 'Stripe webhook intake',
    description:
      'The raw JSON body as Stripe sent it, signed in Stripe-Signature. 400: a bad, missing or stale signature; 429: too many from this address (RATE_LIMIT_WEBHOOKS_PER_CLIENT); 503: not stored, send again.',
    tag: 'Billing',
    response: webhookReceived,
    errors: [400, 413, 415, 429, 503],
  })
  @HttpCode(200)
  async receive(
    @Req() request: FastifyRequest,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<WebhookReceived> {
    await this.rateLimits.beforeWebhook(request.ip);
    const body = request.body;
    if (!signature || !SIGNATURE_HEADER.test(signature) || !Buffer.isBuffer(body) || body.length === 0) {
      throw new ApiException(400, 'VALIDATION_FAILED', billingMessages.badSignature);
    }
    return this.billing.ingestWebhook(body.toString('base64'), signature);
  }
}
