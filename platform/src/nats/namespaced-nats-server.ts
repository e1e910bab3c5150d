import { ServerNats, type NatsOptions } from '@nestjs/microservices';
import { namespaced, queueGroup, type ServiceName } from '@promptlib/proto';
import type { NatsConnection, SubscriptionOptions } from 'nats';

export type NamespacedNatsServerOptions = {
  namespace: string;
  service: ServiceName;
  options: Omit<Required<NatsOptions>['options'], 'queue'>;
};

/**
 * Nest's NATS transport with every handler's subject prefixed by the namespace and every replica
 * of the service in one queue group, so `@MessagePattern(subjects.library.promptsCreate)` stays a
 * plain constant while two installations on one NATS never answer each other.
 */
export class NamespacedNatsServer extends ServerNats {
  private readonly namespace: string;

  constructor({ namespace, service, options }: NamespacedNatsServerOptions) {
    super({ ...options, queue: queueGroup(namespace, service) });
    this.namespace = namespace;
  }

  override bindEvents(client: NatsConnection): void {
    const namespace = this.namespace;
    // Handlers stay registered under the bare subject; only the wire subscription carries the prefix.
    super.bindEvents({
      subscribe: (subject: string, options: SubscriptionOptions) =>
        client.subscribe(namespaced(namespace, subject), options),
    });
  }
}
