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
    const manager = await connection.jetstreamManager();
    const stream = `${stack.namespace.toUpperCase()}_EVENTS`;
    const { state } = await manager.streams.info(stream);
    const events: EventEnvelope<S>[] = [];
    for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq += 1) {
      const message = await manager.streams.getMessage(stream, { seq }).catch(() => undefined);
      if (message?.subject === namespaced(stack.namespace, type))
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
