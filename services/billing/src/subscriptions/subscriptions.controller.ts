import { Controller } from '@nestjs/common';
import { Handles } from '@promptlib/platform';
import {
  subjects,
  type SubscriptionCancelled,
  type SubscriptionResumed,
  type UserScoped,
} from '@promptlib/proto';
import { SubscriptionsService } from './subscriptions.service';

@Controller()
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Handles(subjects.billing.subscriptionCancel)
  cancel(request: UserScoped): Promise<SubscriptionCancelled> {
    return this.subscriptions.cancel(request);
  }

  @Handles(subjects.billing.subscriptionResume)
  resume(request: UserScoped): Promise<SubscriptionResumed> {
    return this.subscriptions.resume(request);
  }
}
