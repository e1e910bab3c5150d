import { Controller } from '@nestjs/common';
import { Handles } from '@promptlib/platform';
import { subjects, type CheckoutSession, type CheckoutState } from '@promptlib/proto';
import { CheckoutService, type CheckoutStatusRequest, type CreateCheckoutRequest } from './checkout.service';

@Controller()
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  @Handles(subjects.billing.checkoutCreate)
  create(request: CreateCheckoutRequest): Promise<CheckoutSession> {
    return this.checkout.create(request);
  }

  @Handles(subjects.billing.checkoutStatus)
  status(request: CheckoutStatusRequest): Promise<CheckoutState> {
    return this.checkout.status(request);
  }
}
