/**
 * Compile-time tests of the event schemas against proto's event contracts: `npm test` typechecks
 * this file and runs none of it. Each `@ts-expect-error` line must produce a type error, or the
 * directive itself fails to compile.
 */
import { entityId, type EventData, type EventSubject } from '@promptlib/proto';
import { z } from 'zod';
import { eventDataSchemas, type EventDataSchemas } from '../src/events/event-schemas';

/**
 * The subjects whose schema asks for more than their contract has. EventDataSchemas proves that a
 * schema yields every field of its contract; this is the other way, so that a field dropped from
 * proto cannot leave behind a schema that refuses every real event.
 */
type AsksForMore<M extends EventDataSchemas> = {
  [S in EventSubject]: EventData[S] extends z.input<M[S]> ? never : S;
}[EventSubject];
type FitsEveryContract<M extends EventDataSchemas> = [AsksForMore<M>] extends [never] ? true : AsksForMore<M>;

export const everyContractFitsItsSchema: FitsEveryContract<typeof eventDataSchemas> = true;

const withoutTier: Omit<typeof eventDataSchemas, 'events.tier.changed'> = eventDataSchemas;
// @ts-expect-error an event type without a schema
export const missingType: EventDataSchemas = withoutTier;

export const wrongFieldType: EventDataSchemas = {
  ...eventDataSchemas,
  // @ts-expect-error a field of another type than its contract's
  'events.prompt.deleted': z.object({ userId: entityId, promptId: z.string(), version: z.number() }),
};

export const missingField: EventDataSchemas = {
  ...eventDataSchemas,
  // @ts-expect-error a schema without a field of its contract
  'events.user.registered': z.object({ userId: entityId }),
};

export const askingForMore = {
  ...eventDataSchemas,
  'events.user.registered': z.object({ userId: entityId, username: z.string(), email: z.string() }),
} satisfies EventDataSchemas;
// @ts-expect-error a schema asking for a field its contract does not have
export const extraField: FitsEveryContract<typeof askingForMore> = true;
