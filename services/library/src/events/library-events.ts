import { Injectable } from '@nestjs/common';
import { EventConsumers, EventSubscriber } from '@promptlib/platform/service';
import { AccountsService } from '../accounts/accounts.service';
import { CategoriesService } from '../categories/categories.service';
import { TiersService } from '../tiers/tiers.service';

/**
 * The events the library listens to: a new user gets General (even if registration could not wait
 * for it), and billing's tier changes feed the projection. Both handlers are idempotent.
 */
@Injectable()
export class LibraryEvents extends EventSubscriber {
  constructor(
    consumers: EventConsumers,
    categories: CategoriesService,
    tiers: TiersService,
    accounts: AccountsService,
  ) {
    super(
      consumers.create({
        'events.user.registered': async (event) => {
          // Redelivered after the account was deleted: nothing may be made for it again.
          if (await accounts.isErased(event.data.userId)) return;
          await categories.ensureDefault({ userId: event.data.userId });
        },
        'events.user.deleted': (event) => accounts.userDeleted(event.data),
        'events.tier.changed': async (event) => {
          await tiers.applyTierChanged(event.data);
        },
      }),
    );
  }
}
