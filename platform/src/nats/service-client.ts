import {
  commonMessages,
  DEFAULT_REQUEST_TIMEOUT_MS,
  MAX_MESSAGE_BYTES,
  REQUEST_DEADLINE_HEADER,
  REQUEST_ID_HEADER,
  SERVICE_ERROR_HEADER,
  namespaced,
  type JsonSubject,
  type RawSubject,
  type ReplyOf,
  type RequestOf,
} from '@promptlib/proto';
import { randomUUID } from 'node:crypto';
import { headers, type MsgHdrs, type NatsConnection } from 'nats';
import { ServiceCallError, isServiceError } from '../errors/service-error';
import { SpanKind, inSpan, injectTraceContext, natsSpanAttributes } from '../tracing/trace-context';
import { ReplyInbox } from './reply-inbox';

export type RequestOptions = { requestId?: string; timeoutMs?: number };

export type ServiceClientOptions = {
  defaultTimeoutMs?: number;
  /**
   * The id of the request being served when a call is made (the gateway keeps it in
   * AsyncLocalStorage), so every call carries it without each caller passing it along.
   */
  currentRequestId?: () => string | undefined;
};

/** A raw reply: the body as bytes and the metadata the responder put in headers. */
export type RawResponse = { body: Uint8Array; header: (name: string) => string | undefined };

/** Nest's NATS transport reply: `{ id, response }` on success, `{ id, err }` on failure. */
type NestReply = { id?: string; response?: unknown; err?: unknown; isDisposed?: boolean };

/**
 * Request-reply to a service's queue group over the shared connection. Speaks the packet format
 * of Nest's NATS transport, which the services listen with, and turns every failure into a
 * ServiceCallError with a proto error code: a missing responder or a timeout is SERVICE_UNAVAILABLE.
 * Each call is typed by the subject's contract in proto: a payload of the wrong shape, or a reply
 * used as something it is not, does not compile.
 */
export class ServiceClient {
  private readonly defaultTimeoutMs: number;
  private readonly currentRequestId: () => string | undefined;
  private readonly inbox: ReplyInbox;

  constructor(
    connection: NatsConnection,
    private readonly namespace: string,
    options: ServiceClientOptions = {},
  ) {
    this.defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.currentRequestId = options.currentRequestId ?? (() => undefined);
    this.inbox = ReplyInbox.of(connection);
  }

  async request<S extends JsonSubject>(
    subject: S,
    data: RequestOf<S>,
    options: RequestOptions = {},
  ): Promise<ReplyOf<S>> {
    const payload = Buffer.from(JSON.stringify({ pattern: subject, data, id: randomUUID() }));
    if (payload.length > MAX_MESSAGE_BYTES) {
      throw new Error(
        `Request to ${subject} is ${payload.length} bytes, above the ${MAX_MESSAGE_BYTES} byte limit`,
      );
    }
    const timeout = options.timeoutMs ?? this.defaultTimeoutMs;
    return inSpan(`send ${subject}`, requestSpan(subject), async () => {
      const messageHeaders = this.headers(options, timeout);
      let replyData: Uint8Array;
      try {
        const reply = await this.inbox.request(namespaced(this.namespace, subject), payload, {
          timeout,
          headers: messageHeaders,
        });
        replyData = reply.data;
      } catch (error) {
        throw unavailable(subject, error);
      }
      return decodeReply(subject, replyData) as ReplyOf<S>;
    });
  }

  /** Request-reply to a RawResponder: JSON out, bytes and headers back, the same error mapping. */
  async requestRaw<S extends RawSubject>(
    subject: S,
    data: RequestOf<S>,
    options: RequestOptions = {},
  ): Promise<RawResponse> {
    const timeout = options.timeoutMs ?? this.defaultTimeoutMs;
    const reply = await inSpan(`send ${subject}`, requestSpan(subject), async () => {
      const messageHeaders = this.headers(options, timeout);
      try {
        return await this.inbox.request(
          namespaced(this.namespace, subject),
          Buffer.from(JSON.stringify(data)),
          {
            timeout,
            headers: messageHeaders,
          },
        );
      } catch (error) {
        throw unavailable(subject, error);
      }
    });
    const header = (name: string) => reply.headers?.get(name) || undefined;
    const failure = header(SERVICE_ERROR_HEADER);
    if (failure !== undefined) {
      const error: unknown = JSON.parse(failure);
      if (isServiceError(error)) throw new ServiceCallError(error, subject);
      throw new ServiceCallError({ code: 'INTERNAL', message: `Unexpected failure in ${subject}` }, subject);
    }
    return { body: reply.data, header };
  }

  private headers(options: RequestOptions, timeoutMs: number): MsgHdrs {
    const messageHeaders = headers();
    const requestId = options.requestId ?? this.currentRequestId();
    if (requestId) messageHeaders.set(REQUEST_ID_HEADER, requestId);
    messageHeaders.set(REQUEST_DEADLINE_HEADER, String(Date.now() + timeoutMs));
    // The service that answers continues the caller's trace.
    injectTraceContext(messageHeaders);
    return messageHeaders;
  }
}

function requestSpan(subject: string) {
  return {
    kind: SpanKind.CLIENT,
    attributes: natsSpanAttributes(subject),
  };
}

function decodeReply(subject: string, data: Uint8Array): unknown {
  let reply: NestReply;
  try {
    reply = JSON.parse(Buffer.from(data).toString('utf8')) as NestReply;
  } catch {
    throw new ServiceCallError({ code: 'INTERNAL', message: `Unreadable reply from ${subject}` }, subject);
  }
  if (reply.err !== undefined && reply.err !== null) {
    if (isServiceError(reply.err)) throw new ServiceCallError(reply.err, subject);
    throw new ServiceCallError({ code: 'INTERNAL', message: `Unexpected failure in ${subject}` }, subject);
  }
  return reply.response;
}

// No responder, a timeout, a closed or draining connection: all mean "try again later" to the caller.
function unavailable(subject: string, cause: unknown): ServiceCallError {
  const reason = (cause as { code?: string } | undefined)?.code ?? 'unknown';
  return new ServiceCallError(
    { code: 'SERVICE_UNAVAILABLE', message: commonMessages.unavailable },
    subject,
    `transport: ${reason}`,
  );
}
