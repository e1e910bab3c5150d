import { CreateBilling1763942400000 } from './1763942400000-CreateBilling';
import { CreateStripeEventInbox1764028800000 } from './1764028800000-CreateStripeEventInbox';
import { AddSweepBackoff1764892800000 } from './1764892800000-AddSweepBackoff';
import { ExpireOpenCheckouts1764892900000 } from './1764892900000-ExpireOpenCheckouts';
import { RememberRefundedSubscriptions1765065700000 } from './1765065700000-RememberRefundedSubscriptions';
import { CreateDeletedUsers1765152000000 } from './1765152000000-CreateDeletedUsers';
import { AddOutboxTraceContext1765324800000 } from './1765324800000-AddOutboxTraceContext';

/** In the order they run. */
export const migrations = [
  CreateBilling1763942400000,
  CreateStripeEventInbox1764028800000,
  AddSweepBackoff1764892800000,
  ExpireOpenCheckouts1764892900000,
  RememberRefundedSubscriptions1765065700000,
  CreateDeletedUsers1765152000000,
  AddOutboxTraceContext1765324800000,
];
