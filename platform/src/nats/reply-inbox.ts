import { createInbox, type Msg, type MsgHdrs, type NatsConnection } from 'nats';

/**
 * Why a request got no reply: TIMEOUT, NO_RESPONDERS (503 from the server), CONNECTION_CLOSED, or
 * DISCONNECTED (refused at once while the connection is down).
 */
export class RequestFailed extends Error {
  constructor(readonly code: 'TIMEOUT' | 'NO_RESPONDERS' | 'CONNECTION_CLOSED' | 'DISCONNECTED') {
    super(`NATS request failed: ${code}`);
  }
}

type Pending = { resolve: (message: Msg) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

const NO_RESPONDERS = 503;

/**
 * Request-reply over one wildcard inbox subscription per connection: a reply subject per request
 * (the inbox and a counter), one timer, one promise. nats.js's own request() does the same but
 * builds an Error (a stack trace) for every request it completes, even a successful one, which
 * cost a few percent of a small request. A request with no responder is answered by the server
 * itself with a 503 status, as for nats.js.
 */
export class ReplyInbox {
  private static readonly byConnection = new WeakMap<NatsConnection, ReplyInbox>();

  // Under the connection's own inbox prefix, as nats.js's requests and JetStream's are: the only
  // inboxes the server lets this process read.
  private readonly prefix: string;
  private readonly pending = new Map<string, Pending>();
  private next = 0;
  private connected = true;

  static of(connection: NatsConnection): ReplyInbox {
    let inbox = ReplyInbox.byConnection.get(connection);
    if (!inbox) {
      inbox = new ReplyInbox(connection);
      ReplyInbox.byConnection.set(connection, inbox);
    }
    return inbox;
  }

  private constructor(private readonly connection: NatsConnection) {
    this.prefix = `${createInbox(inboxPrefixOf(connection))}.`;
    const subscription = connection.subscribe(`${this.prefix}*`, {
      callback: (error, message) => {
        if (error) return;
        const token = message.subject.slice(this.prefix.length);
        const waiting = this.pending.get(token);
        if (!waiting) return;
        this.settle(token, waiting);
        if (
          message.headers?.hasError &&
          message.headers.code === NO_RESPONDERS &&
          message.data.length === 0
        ) {
          waiting.reject(new RequestFailed('NO_RESPONDERS'));
        } else {
          waiting.resolve(message);
        }
      },
    });
    void this.followConnection();
    void subscription.closed.then(() => {
      for (const [token, waiting] of this.pending) {
        this.settle(token, waiting);
        waiting.reject(new RequestFailed('CONNECTION_CLOSED'));
      }
    });
  }

  request(
    subject: string,
    payload: Uint8Array,
    options: { timeout: number; headers?: MsgHdrs },
  ): Promise<Msg> {
    // While NATS reconnects the client would buffer the request and send it later, after its
    // caller was told it failed: refused at once instead, it never happens.
    if (this.connection.isClosed()) return Promise.reject(new RequestFailed('CONNECTION_CLOSED'));
    if (!this.connected) return Promise.reject(new RequestFailed('DISCONNECTED'));
    const token = (this.next++).toString(36);
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(token);
        reject(new RequestFailed('TIMEOUT'));
      }, options.timeout);
      this.pending.set(token, { resolve, reject, timer });
      try {
        this.connection.publish(subject, payload, { reply: this.prefix + token, headers: options.headers });
      } catch (error) {
        this.settle(token, this.pending.get(token)!);
        reject(error as Error);
      }
    });
  }

  private async followConnection(): Promise<void> {
    for await (const status of this.connection.status()) {
      if (status.type === 'disconnect') this.connected = false;
      else if (status.type === 'reconnect') this.connected = true;
    }
  }

  private settle(token: string, waiting: Pending): void {
    clearTimeout(waiting.timer);
    this.pending.delete(token);
  }
}

/** The inbox prefix the connection was made with (nats.js keeps its options on the connection). */
function inboxPrefixOf(connection: NatsConnection): string | undefined {
  return (connection as NatsConnection & { options?: { inboxPrefix?: string } }).options?.inboxPrefix;
}
