import { CreateBilling1763942400000 } from './1763942400000-CreateBilling';
import { CreateStripeEventInbox1764028800000 } from './1764028800000-CreateStripeEventInbox';

/** In the order they run. */
export const migrations = [CreateBilling1763942400000, CreateStripeEventInbox1764028800000];
