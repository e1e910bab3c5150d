import {
  REQUEST_ID_HEADER,
  SERVICE_ERROR_HEADER,
  contracts,
  namespaced,
  queueGroup,
  type ParsedRequestOf,
  type RawSubject,
  type ServiceName,
} from '@promptlib/proto';
import { headers, type Msg, type NatsConnection, type Subscription } from 'nats';
import type { Logger } from 'pino';
import { setTimeout as sleep } from 'node:timers/promises';
import { parsePayload } from '../errors/parse-payload';
import { serviceErrorFor } from '../errors/service-exception.filter';

export type RawReply = { body: Uint8Array; headers: Record<string, string> };
export type RawHandler<S extends RawSubject> = (
  request: ParsedRequestOf<S>,
  requestId: string | undefined,
) => Promise<RawReply>;

/**
 * Answers a subject with bytes instead of Nest's JSON packet, for replies whose body is already
 * serialised (a page of prompts as JSON text from Postgres): wrapping it in another JSON document
 * would escape and unescape every byte on both sides. Same queue group as the service's other
 * handlers; errors travel as a ServiceError in a header, as ServiceClient.requestRaw expects. The
 * payload is checked against the subject's request schema in proto before the handler runs.
 */
export class RawResponder {
  private readonly subscriptions: Subscription[] = [];
  private inFlight = 0;

  constructor(
    private readonly connection: NatsConnection,
    private readonly namespace: string,
    private readonly service: ServiceName,
    private readonly logger: Logger,
  ) {}

  serve<S extends RawSubject>(subject: S, handler: RawHandler<S>): void {
    this.subscriptions.push(
      this.connection.subscribe(namespaced(this.namespace, subject), {
        queue: queueGroup(this.namespace, this.service),
        callback: (error, message) => {
          if (error) return this.logger.error({ err: error, subject }, 'Raw subscription failed');
          void this.answer(subject, message, handler);
        },
      }),
    );
  }

  /** Stops taking requests and waits for the ones in flight to be answered. */
  async stop(): Promise<void> {
    await Promise.allSettled(this.subscriptions.map((subscription) => subscription.drain()));
    while (this.inFlight > 0) await sleep(20);
  }

  private async answer<S extends RawSubject>(
    subject: S,
    message: Msg,
    handler: RawHandler<S>,
  ): Promise<void> {
    this.inFlight += 1;
    const requestId = message.headers?.get(REQUEST_ID_HEADER) || undefined;
    try {
      const payload: unknown = JSON.parse(Buffer.from(message.data).toString('utf8'));
      const request = parsePayload(contracts[subject].request, payload) as ParsedRequestOf<S>;
      const reply = await handler(request, requestId);
      const replyHeaders = headers();
      for (const [name, value] of Object.entries(reply.headers)) replyHeaders.set(name, value);
      message.respond(reply.body, { headers: replyHeaders });
    } catch (error) {
      const serviceError = serviceErrorFor(error, this.logger, { subject, requestId });
      const errorHeaders = headers();
      errorHeaders.set(SERVICE_ERROR_HEADER, JSON.stringify(serviceError));
      message.respond(new Uint8Array(0), { headers: errorHeaders });
    } finally {
      this.inFlight -= 1;
    }
  }
}
