import type { EventEnvelope, EventSubject, FieldErrors } from '@promptlib/proto';
import type { z } from 'zod';
import { fieldErrorsOf } from '../errors/parse-payload';
import { eventDataSchemas, eventEnvelopeSchema } from './event-schemas';

/** What is logged of a malformed event: never its text, which anyone able to publish chose. */
export type MalformedEvent = { eventId: string | undefined; fields: FieldErrors };

export type ParsedEvent<S extends EventSubject> = { event: EventEnvelope<S> } | { malformed: MalformedEvent };

// Enough to tell what is wrong; a forged event can fail on thousands of fields (an array of ids).
const LOGGED_FIELDS = 5;
// Event ids are UUIDs; a forged one could be any length.
const LOGGED_ID_CHARS = 64;

const envelopeSchemas = Object.fromEntries(
  (Object.keys(eventDataSchemas) as EventSubject[]).map((type) => [type, eventEnvelopeSchema(type)]),
) as { [S in EventSubject]: z.ZodType<EventEnvelope<S>> };

/**
 * The event of type `type` in a message, its envelope and its data checked against the schema of
 * that type, or which fields are wrong. Anyone who can publish on the stream chooses the text.
 */
export function parseEvent<S extends EventSubject>(text: string, type: S): ParsedEvent<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { malformed: { eventId: undefined, fields: { body: 'Not JSON' } } };
  }
  const result = envelopeSchemas[type].safeParse(value);
  if (result.success) return { event: result.data };
  const fields = Object.entries(fieldErrorsOf(result.error)).slice(0, LOGGED_FIELDS);
  return { malformed: { eventId: idOf(value), fields: Object.fromEntries(fields) } };
}

function idOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id } = value as { id?: unknown };
  return typeof id === 'string' ? id.slice(0, LOGGED_ID_CHARS) : undefined;
}
