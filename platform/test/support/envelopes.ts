import type { EventData, EventEnvelope, EventSubject } from '@promptlib/proto';
import { randomUUID } from 'node:crypto';

/** An event as a service's outbox writes it: a fresh id, now, and the data. */
export function envelope<S extends EventSubject>(type: S, data: EventData[S]): EventEnvelope<S> {
  return { id: randomUUID(), type, occurredAt: new Date().toISOString(), data };
}

export const registered = (userId: number) =>
  envelope('events.user.registered', { userId, username: `user${userId}` });
