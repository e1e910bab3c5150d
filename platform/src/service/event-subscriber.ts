import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import { EventConsumer, type EventConsumerOptions, type EventHandlers } from '../events/event-consumer';

/**
 * Makes the service's event consumer from its handlers, wired to what the service infrastructure
 * holds: the bus connection, the namespace and service, the logger, the metrics registry, and the
 * service's readiness (a handler that fails while Postgres or NATS is away is not at fault, so it
 * never gives the event up then).
 */
export class EventConsumers {
  constructor(private readonly wiring: Omit<EventConsumerOptions, 'handlers'>) {}

  create(handlers: EventHandlers): EventConsumer {
    return new EventConsumer({ ...this.wiring, handlers });
  }
}

/**
 * The events a service listens to: its consumer runs from the app's bootstrap until its shutdown.
 * A service's subclass hands it the consumer of its handlers (`EventConsumers.create`).
 */
export abstract class EventSubscriber implements OnApplicationBootstrap, BeforeApplicationShutdown {
  protected constructor(protected readonly consumer: EventConsumer) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumer.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.consumer.stop();
  }
}
