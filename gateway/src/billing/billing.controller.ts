import { Body, Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import {
  checkoutSession,
  checkoutStatus,
  done,
  subscriptionPlan,
  type CheckoutSession,
  type CheckoutStatus,
  type Done,
  type SubscriptionPlan,
} from '@promptlib/proto';
import { BillingClient } from '../clients/billing.client';
import { LibraryClient } from '../clients/library.client';
import { ApiDoc, errorsOf } from '../common/api-doc.decorator';
import { notFoundException } from '../common/api-exception';
import { validateBody } from '../common/validate-body';
import { CurrentUserId } from '../session/current-user.decorator';
import { SignedIn, SignedInWrite } from '../session/signed-in.decorator';
import { RateLimits } from '../rate-limit/rate-limits';
import { CheckoutStateCache } from './checkout-state-cache';
import { CHECKOUT_SESSION_ID, createCheckoutDto } from './dto/checkout.dto';

/**
 * How long a finished checkout waits for the library's limits to read Pro before saying "not yet",
 * and a cancel for them to read cancelled before answering anyway.
 */
const TIER_WAIT_MS = 5_000;

@Controller('api')
export class BillingController {
  constructor(
    private readonly billing: BillingClient,
    private readonly library: LibraryClient,
    private readonly rateLimits: RateLimits,
    private readonly checkoutStates: CheckoutStateCache,
  ) {}

  @Post('create-subscription')
  @ApiDoc({
    summary: 'Start a checkout for a Pro plan on the payment provider’s hosted page',
    description:
      'A user who already has a running subscription gets 409. Limited per user ' +
      '(RATE_LIMIT_CHECKOUTS_PER_USER) on top of the write limit: each checkout costs Stripe calls.',
    tag: 'Billing',
    body: createCheckoutDto,
    response: checkoutSession,
    errors: [...errorsOf.write, 409],
  })
  @HttpCode(200)
  @SignedInWrite()
  async create(@CurrentUserId() userId: number, @Body() body: unknown): Promise<CheckoutSession> {
    const { priceId } = validateBody(createCheckoutDto, body);
    await this.rateLimits.beforeCheckout(userId);
    return this.billing.createCheckout(userId, priceId);
  }

  /**
   * Success only once the payment went through and the library's limits read Pro, so the success
   * page never shows success while creating is still limited; until then (up to 5 s) it waits.
   */
  @Get('checkout-session/:sessionId')
  @ApiDoc({
    summary: 'Whether the user’s checkout is paid and Pro is active',
    description:
      'Limited per user (RATE_LIMIT_CHECKOUT_READS_PER_USER); reads within 2 s of each other share ' +
      'one answer, so Stripe is read at most once in that time.',
    tag: 'Billing',
    response: checkoutStatus,
    errors: [...errorsOf.read, 404, 429],
  })
  @Header('Cache-Control', 'no-store')
  @SignedIn()
  async status(
    @CurrentUserId() userId: number,
    @Param('sessionId') sessionId: string,
  ): Promise<CheckoutStatus> {
    if (!CHECKOUT_SESSION_ID.test(sessionId)) {
      throw notFoundException('checkout');
    }
    await this.rateLimits.beforeCheckoutRead(userId);
    const state = await this.checkoutStates.read(userId, sessionId, () =>
      this.billing.checkoutState(userId, sessionId),
    );
    if (!state.paid) return { success: false };
    const { reached } = await this.library.awaitTierVersion(userId, state.tierVersion, TIER_WAIT_MS);
    return state.refunded ? { success: reached, refunded: true } : { success: reached };
  }

  @Post('subscription/cancel')
  @ApiDoc({
    summary: 'Cancel the subscription at the end of the period paid for',
    description: 'Pro lasts until then. A user with no running subscription gets 404.',
    tag: 'Billing',
    response: done,
    errors: errorsOf.itemAction,
  })
  @HttpCode(200)
  @SignedInWrite()
  async cancel(@CurrentUserId() userId: number): Promise<Done> {
    const { tierVersion } = await this.billing.cancelSubscription(userId);
    // Answered once the limits read cancelled (or after 5 s), so the page reloading on this answer
    // and every tab told of it read the end date rather than the subscription as it was.
    await this.library.awaitTierVersion(userId, tierVersion, TIER_WAIT_MS);
    return { success: true };
  }

  @Post('subscription/resume')
  @ApiDoc({
    summary: 'Take a cancel back before the period ends',
    description:
      'The subscription renews again and Pro has no end date; one that renews already is left as it is. ' +
      'A user with no running subscription gets 404.',
    tag: 'Billing',
    response: done,
    errors: errorsOf.itemAction,
  })
  @HttpCode(200)
  @SignedInWrite()
  async resume(@CurrentUserId() userId: number): Promise<Done> {
    const { tierVersion } = await this.billing.resumeSubscription(userId);
    // Answered once the limits read renewing again (or after 5 s), as a cancel is.
    await this.library.awaitTierVersion(userId, tierVersion, TIER_WAIT_MS);
    return { success: true };
  }

  @Get('subscription')
  @ApiDoc({
    summary: 'The Pro plan the user’s subscription renews (or ends) at',
    description: 'The price id, one of those /api/config lists; null without a running subscription.',
    tag: 'Billing',
    response: subscriptionPlan,
    errors: errorsOf.read,
  })
  @Header('Cache-Control', 'no-store')
  @SignedIn()
  plan(@CurrentUserId() userId: number): Promise<SubscriptionPlan> {
    return this.billing.subscriptionPlan(userId);
  }

  @Post('subscription/plan')
  @ApiDoc({
    summary: 'Move the running subscription to the other Pro plan',
    description:
      'From now on, the payment provider prorating what was paid; a cancelled subscription keeps its end ' +
      'date. A user with no running subscription gets 404.',
    tag: 'Billing',
    body: createCheckoutDto,
    response: subscriptionPlan,
    errors: [...errorsOf.write, 404],
  })
  @HttpCode(200)
  @SignedInWrite()
  changePlan(@CurrentUserId() userId: number, @Body() body: unknown): Promise<SubscriptionPlan> {
    return this.billing.changePlan(userId, validateBody(createCheckoutDto, body).priceId);
  }
}
