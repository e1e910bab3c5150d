import {
  entityId,
  limits,
  MAX_ID,
  plainText,
  shareId,
  type EventData,
  type EventEnvelope,
  type EventSubject,
} from '@promptlib/proto';
import { z } from 'zod';

// Versions live in int4 columns, in the producer's table and in every projection of it.
const version = z.number().int().nonnegative().max(MAX_ID);

// Far above any real list: the stream's message size limit stops one at some tens of thousands of
// ids. The bound only spares a consumer the work of a forged list of millions.
const MAX_DELETED_PROMPT_IDS = 100_000;

// Shape, with room above the product limits, as in proto's requests: the rules live with the
// producer, and a limit lowered later must not refuse the events of before still in the stream.
const username = plainText('username').max(limits.username.max * 4);
const title = plainText('title').max(limits.promptTitle.max * 4);
const content = plainText('content', 'multiline').max(limits.promptContent.max * 4);
const tag = plainText('tag').max(limits.tag.max * 4);
const categoryName = plainText('name').max(limits.categoryName.max * 4);
// A prompt holds 20 tags at most; the room above it is the same as the texts'.
const MAX_TAGS = 80;

/** A schema for every event type, each yielding exactly what its proto contract declares. */
export type EventDataSchemas = { [S in EventSubject]: z.ZodType<EventData[S]> };

/**
 * The `data` of each event type, checked by every consumer before its handler runs: anyone who can
 * publish on the stream could otherwise hand a handler any JSON at all. Unknown fields are stripped,
 * not refused: a producer deployed with a new field before its consumers must not have every event
 * terminated by them, and a handler still sees only the fields it was compiled against.
 */
export const eventDataSchemas = {
  'events.user.registered': z.object({ userId: entityId, username }),
  'events.user.deleted': z.object({ userId: entityId }),
  'events.prompt.updated': z.object({
    userId: entityId,
    promptId: entityId,
    title,
    content,
    categoryId: entityId.nullable(),
    version,
  }),
  'events.prompt.deleted': z.object({ userId: entityId, promptId: entityId, version }),
  'events.category.deleted': z.object({
    userId: entityId,
    categoryId: entityId,
    promptIds: z.array(entityId).max(MAX_DELETED_PROMPT_IDS),
  }),
  'events.prompt.marked': z.object({
    userId: entityId,
    promptId: entityId,
    isFavorite: z.number().int().min(0).max(1),
    tags: z.array(tag).max(MAX_TAGS),
  }),
  'events.tag.changed': z.object({ userId: entityId, name: tag, newName: tag.nullable() }),
  'events.category.updated': z.object({
    userId: entityId,
    categoryId: entityId,
    name: categoryName,
    position: z.number().int().nonnegative().max(MAX_ID),
  }),
  'events.share.changed': z.object({
    userId: entityId,
    promptId: entityId,
    shareId: shareId.nullable(),
  }),
  'events.tier.changed': z.object({
    userId: entityId,
    isPro: z.boolean(),
    isCancelled: z.boolean(),
    // Billing sends Date.toISOString(); an offset is as exact, and Postgres reads either.
    endsAt: z.iso.datetime({ offset: true }).nullable(),
    version,
  }),
} satisfies EventDataSchemas;

/** The envelope of an event of type S with its data checked; unknown envelope fields are stripped too. */
export function eventEnvelopeSchema<S extends EventSubject>(type: S): z.ZodType<EventEnvelope<S>> {
  const data: z.ZodType<EventData[S]> = (eventDataSchemas as EventDataSchemas)[type];
  return z.object({ id: z.string(), type: z.literal(type), occurredAt: z.string(), data });
}
