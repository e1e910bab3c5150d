import { Injectable } from '@nestjs/common';
import { EventConsumers, EventSubscriber } from '@promptlib/platform/service';
import { AccountsService } from './accounts.service';

/**
 * The events billing listens to: auth's account deletions. A deletion Stripe could not take part
 * in (unreachable) fails and comes again; the handler is idempotent. Stripe is not among billing's
 * dependencies of readiness, so a deletion it refuses for minutes goes to the dead letters, which
 * alert, to be replayed once it answers.
 */
@Injectable()
export class BillingEvents extends EventSubscriber {
  constructor(consumers: EventConsumers, accounts: AccountsService) {
    super(
      consumers.create({
        'events.user.deleted': (event) => accounts.userDeleted(event.data),
      }),
    );
  }
}
