import { ServerNats, type NatsOptions } from '@nestjs/microservices';
import {
  REQUEST_DEADLINE_HEADER,
  deadlinePassed,
  namespaced,
  queueGroup,
  type ServiceName,
} from '@promptlib/proto';
import type { Msg, NatsConnection, Subscription, SubscriptionOptions } from 'nats';
import { Counter, type Registry } from 'prom-client';
import { setTimeout as sleep } from 'node:timers/promises';
import { SpanKind, extractTraceContext, inSpan, natsSpanAttributes } from '../tracing/trace-context';

export type NamespacedNatsServerOptions = {
  namespace: string;
  service: ServiceName;
  options: Omit<Required<NatsOptions>['options'], 'queue'>;
};

/**
 * Nest's NATS transport with every handler's subject prefixed by the namespace and every replica
 * of the service in one queue group, so `@MessagePattern(subjects.library.promptsCreate)` stays a
 * plain constant while two installations on one NATS never answer each other. On close it stops
 * taking requests, lets the ones in flight reply, and only then disconnects.
 */
export class NamespacedNatsServer extends ServerNats {
  private readonly namespace: string;
  private readonly ownSubscriptions: Subscription[] = [];
  private inFlight = 0;
  private requests: Counter<'subject' | 'outcome'> | undefined;

  constructor({ namespace, service, options }: NamespacedNatsServerOptions) {
    super({ ...options, queue: queueGroup(namespace, service) });
    this.namespace = namespace;
  }

  /**
   * Reports the server listening only once NATS holds its subscriptions: a request sent as soon as
   * `listen()` resolves would otherwise find no responder and be answered 503.
   */
  override start(callback: (err?: unknown) => void): void {
    const client = this.unwrap<NatsConnection>();
    this.bindEvents(client);
    client.flush().then(
      () => callback(),
      (error: unknown) => callback(error),
    );
  }

  override bindEvents(client: NatsConnection): void {
    const namespace = this.namespace;
    // Handlers stay registered under the bare subject; only the wire subscription carries the prefix.
    super.bindEvents({
      subscribe: (subject: string, options: SubscriptionOptions) => {
        const subscription = client.subscribe(namespaced(namespace, subject), options);
        this.ownSubscriptions.push(subscription);
        return subscription;
      },
    });
  }

  /**
   * Our patterns are subjects, plain strings. Nest's own version first tries JSON.parse on every
   * message's pattern, which throws (a SyntaxError with its stack) for each one: a measurable share
   * of a small request.
   */
  protected override getRouteFromPattern(pattern: string): string {
    return pattern;
  }

  /** Counts the requests this server handled and those it dropped as late, on the service's registry. */
  countRequestsIn(registry: Registry): void {
    this.requests = new Counter({
      name: 'service_requests_total',
      help: 'Requests taken from NATS by subject: handled, or dropped because their caller had stopped waiting',
      labelNames: ['subject', 'outcome'],
      registers: [registry],
    });
  }

  override async handleMessage(channel: string, message: Msg): Promise<unknown> {
    // The caller answered 503 at its deadline: doing the work now would change what it was told.
    if (deadlinePassed(message.headers?.get(REQUEST_DEADLINE_HEADER))) {
      this.requests?.inc({ subject: channel, outcome: 'late' });
      this.logger.warn(`Dropped a request to ${channel} that arrived after its caller stopped waiting`);
      return undefined;
    }
    this.requests?.inc({ subject: channel, outcome: 'handled' });
    this.inFlight += 1;
    try {
      // The handler, and the queries and calls it makes, continue the caller's trace.
      return await inSpan(channel, handlerSpan(channel, message), () =>
        super.handleMessage(channel, message),
      );
    } finally {
      this.inFlight -= 1;
    }
  }

  override async close(): Promise<void> {
    // Draining hands over what is buffered here and stops delivery; other replicas take new requests.
    await Promise.allSettled(this.ownSubscriptions.map((subscription) => subscription.drain()));
    while (this.inFlight > 0) await sleep(20);
    // Replies are published on the next tick after a handler settles.
    await sleep(20);
    await super.close();
  }
}

/** The span of a request's handling: a server span, a child of the caller's when it sent one. */
export function handlerSpan(subject: string, message: Msg) {
  return {
    kind: SpanKind.SERVER,
    parent: extractTraceContext(message.headers),
    attributes: natsSpanAttributes(subject),
  };
}
