import type { EventEnvelope } from '@promptlib/proto';

/**
 * The envelope of a message, or undefined when it is not one. Only the envelope is checked: `data`
 * follows the proto contract of its type, which every producer is compiled against.
 */
export function parseEnvelope(text: string): EventEnvelope | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, type, occurredAt, data } = value as Record<string, unknown>;
  const valid =
    typeof id === 'string' &&
    typeof type === 'string' &&
    typeof occurredAt === 'string' &&
    typeof data === 'object' &&
    data !== null;
  return valid ? (value as EventEnvelope) : undefined;
}
