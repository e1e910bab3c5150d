import { Controller } from '@nestjs/common';
import { Handles } from '@promptlib/platform';
import {
  subjects,
  type SubscriptionCancelled,
  type SubscriptionPlan,
  type SubscriptionRecord,
  type SubscriptionResumed,
  type UserScoped,
} from '@promptlib/proto';
import { SubscriptionsService, type ChangePlanRequest } from './subscriptions.service';

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

  @Handles(subjects.billing.subscriptionGet)
  plan(request: UserScoped): Promise<SubscriptionPlan> {
    return this.subscriptions.plan(request);
  }

  @Handles(subjects.billing.subscriptionHistory)
  history(request: UserScoped): Promise<SubscriptionRecord[]> {
    return this.subscriptions.history(request);
  }

  @Handles(subjects.billing.subscriptionChangePlan)
  changePlan(request: ChangePlanRequest): Promise<SubscriptionPlan> {
    return this.subscriptions.changePlan(request);
  }
}
