import {
  REQUEST_DEADLINE_HEADER,
  REQUEST_ID_HEADER,
  deadlinePassed,
  SERVICE_ERROR_HEADER,
  contracts,
  namespaced,
  queueGroup,
  type ParsedRequestOf,
  type RawSubject,
  type ServiceName,
} from '@promptlib/proto';
import { headers, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from 'nats';
import type { Logger } from 'pino';
import { setTimeout as sleep } from 'node:timers/promises';
import { parsePayload } from '../errors/parse-payload';
import { serviceErrorFor, type FailureContext } from '../errors/service-exception.filter';
import { inSpan } from '../tracing/trace-context';
import { handlerSpan } from './namespaced-nats-server';

export type RawReply = { body: Uint8Array; headers: Record<string, string> };
export type RawHandler<S extends RawSubject> = (
  request: ParsedRequestOf<S>,
  requestId: string | undefined,
) => Promise<RawReply>;

type Reply = { body: Uint8Array; headers: MsgHdrs; failed: boolean };

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

  /**
   * Resolves once NATS holds the subscription: another connection's request sent before then
   * would meet no responder (503).
   */
  async serve<S extends RawSubject>(subject: S, handler: RawHandler<S>): Promise<void> {
    this.subscriptions.push(
      this.connection.subscribe(namespaced(this.namespace, subject), {
        queue: queueGroup(this.namespace, this.service),
        callback: (error, message) => {
          if (error) return this.logger.error({ err: error, subject }, 'Raw subscription failed');
          void this.answer(subject, message, handler);
        },
      }),
    );
    await this.connection.flush();
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
    // As for the JSON handlers: a request whose caller stopped waiting is not handled.
    if (deadlinePassed(message.headers?.get(REQUEST_DEADLINE_HEADER))) return;
    this.inFlight += 1;
    const requestId = message.headers?.get(REQUEST_ID_HEADER) || undefined;
    const context: FailureContext = { subject, requestId };
    try {
      let reply: Reply;
      try {
        reply = await inSpan(subject, handlerSpan(subject, message), () =>
          this.handle(subject, message, handler, requestId),
        );
      } catch (error) {
        reply = this.failure(error, context);
      }
      const refusal = this.send(message, reply, context);
      // A reply NATS refused (larger than max_payload, say) is answered as a failure, so the caller
      // is not left waiting for its timeout.
      if (refusal !== undefined && !reply.failed) this.send(message, this.failure(refusal, context), context);
    } finally {
      this.inFlight -= 1;
    }
  }

  private async handle<S extends RawSubject>(
    subject: S,
    message: Msg,
    handler: RawHandler<S>,
    requestId: string | undefined,
  ): Promise<Reply> {
    const payload: unknown = JSON.parse(Buffer.from(message.data).toString('utf8'));
    const request = parsePayload(contracts[subject].request, payload) as ParsedRequestOf<S>;
    const reply = await handler(request, requestId);
    const replyHeaders = headers();
    for (const [name, value] of Object.entries(reply.headers)) replyHeaders.set(name, value);
    return { body: reply.body, headers: replyHeaders, failed: false };
  }

  private failure(error: unknown, context: FailureContext): Reply {
    const serviceError = serviceErrorFor(error, this.logger, context);
    const errorHeaders = headers();
    errorHeaders.set(SERVICE_ERROR_HEADER, JSON.stringify(serviceError));
    return { body: new Uint8Array(0), headers: errorHeaders, failed: true };
  }

  /**
   * Returns what respond() threw rather than throwing it: answer() runs detached from the
   * subscription, so a throw would be an unhandled rejection.
   */
  private send(message: Msg, reply: Reply, context: FailureContext): unknown {
    try {
      message.respond(reply.body, { headers: reply.headers });
      return undefined;
    } catch (error) {
      this.logger.warn({ err: error, ...context }, 'Raw reply could not be sent');
      return error;
    }
  }
}
