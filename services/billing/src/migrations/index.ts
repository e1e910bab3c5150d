import { CreateBilling1763942400000 } from './1763942400000-CreateBilling';

/** In the order they run. */
export const migrations = [CreateBilling1763942400000];
