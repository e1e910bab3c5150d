import { eventually } from '@promptlib/platform/testing';
import {
  durableName,
  namespaced,
  type EventEnvelope,
  type EventSubject,
  type EventData,
  type ServiceName,
} from '@promptlib/proto';
import { connect } from 'nats';
import { randomUUID } from 'node:crypto';
import type { StackAddress } from './stack';

/**
 * Publishes a domain event into the stack's stream as its owning service would (billing, for tier
 * changes). Pass the same `id` twice to model a redelivery.
 */
export async function publishEvent<S extends EventSubject>(
  stack: StackAddress,
  type: S,
  data: EventData[S],
  id: string = randomUUID(),
): Promise<EventEnvelope<S>> {
  const envelope: EventEnvelope<S> = { id, type, occurredAt: new Date().toISOString(), data };
  const connection = await connect({ servers: stack.env.NATS_URL });
  try {
    await connection
      .jetstream()
      .publish(namespaced(stack.namespace, type), JSON.stringify(envelope), { msgID: id });
  } finally {
    await connection.close();
  }
  return envelope;
}

/** The stream's events of one type, oldest first. */
export async function streamEvents<S extends EventSubject>(
  stack: StackAddress,
  type: S,
): Promise<EventEnvelope<S>[]> {
  const connection = await connect({ servers: stack.env.NATS_URL });
  try {
    const stream = `${stack.namespace.toUpperCase()}_EVENTS`;
    const subject = namespaced(stack.namespace, type);
    // Read through a consumer of this subject alone: a stream shared by many test files holds
    // thousands of other events, which reading message by message would fetch one round trip each.
    // One subject as a string: the Debian NATS server (2.9) knows no list of filter subjects.
    const { state } = await (
      await connection.jetstreamManager()
    ).streams.info(stream, {
      subjects_filter: subject,
    });
    const count = state.subjects?.[subject] ?? 0;
    const events: EventEnvelope<S>[] = [];
    if (count === 0) return events;
    const consumer = await connection.jetstream().consumers.get(stream, { filterSubjects: subject });
    while (events.length < count) {
      const message = await consumer.next({ expires: 5_000 });
      if (!message) throw new Error(`The stream held ${count} ${type} events, but gave ${events.length}`);
      events.push(message.json<EventEnvelope<S>>());
    }
    return events;
  } finally {
    await connection.close();
  }
}

/**
 * Waits until `service` has taken and acknowledged every event of its subjects in the stream, so
 * what it does on them (sharing's invalidations of cached reads, say) is done before a test looks.
 */
export async function eventsHandledBy(stack: StackAddress, service: ServiceName): Promise<void> {
  const connection = await connect({ servers: stack.env.NATS_URL });
  try {
    const manager = await connection.jetstreamManager();
    const stream = `${stack.namespace.toUpperCase()}_EVENTS`;
    const info = await eventually(
      () => manager.consumers.info(stream, durableName(service)),
      (consumer) => consumer.num_pending === 0 && consumer.num_ack_pending === 0,
    );
    if (info.num_pending > 0 || info.num_ack_pending > 0) {
      throw new Error(`${service} still has ${info.num_pending + info.num_ack_pending} events to handle`);
    }
  } finally {
    await connection.close();
  }
}
