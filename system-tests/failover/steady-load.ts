import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/** One request of the load: when it was sent and answered, and how. */
export type Sample = {
  route: string;
  sentAt: number;
  ms: number;
  ok: boolean;
  timedOut: boolean;
  status: number;
};

/** What a user of the load was told was saved: the prompts that exist, as last acknowledged. */
export type UserRecord = {
  username: string;
  cookie: string;
  /** By id: the content last acknowledged, and every content a write of unknown outcome may have left. */
  prompts: Map<number, { title: string; content: string; possible: Set<string> }>;
  shares: Map<number, string>;
  /** By share: when each visitor (by address) had a read answered. */
  visits: Map<string, { client: string; at: number }[]>;
  /** Prompts whose deletion got no answer: they may exist or not, and are deleted again. */
  maybeDeleted: Set<number>;
};

/** No answer, or the server's own failure: the write may or may not have happened. */
const unknownOutcome = (status: number) => status === 0 || status >= 500;

const PASSWORD = 'violet-Harbor-71-kettle';
const MAX_SENDS = 5;

/**
 * Steady load through the gateways: each worker a user of its own, in a loop of creating a prompt,
 * editing it, listing, sharing it and reading the share as a visitor, deleting one now and then
 * (a free account holds 5). Every request has a client timeout, and what the server acknowledged is
 * remembered, so that afterwards nothing acknowledged may be missing.
 */
export class SteadyLoad {
  readonly samples: Sample[] = [];
  readonly users: UserRecord[] = [];
  /** Requests sent again because a kept-alive connection closed under them before any answer. */
  resent = 0;
  /** When each request now in flight was sent. */
  private readonly inFlight = new Set<{ sentAt: number }>();
  private running = false;
  private workers: Promise<void>[] = [];

  constructor(
    private readonly baseUrl: string,
    private readonly clientTimeoutMs: number,
    private readonly pauseMs = 20,
  ) {}

  async start(workers: number): Promise<void> {
    for (let index = 0; index < workers; index += 1) this.users.push(await this.signUp(index));
    this.running = true;
    this.workers = this.users.map((user) => this.loop(user));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  /** Resolves once every request sent before `time` has its answer (or its timeout). */
  async settled(time: number): Promise<void> {
    while ([...this.inFlight].some((request) => request.sentAt < time)) await sleep(20);
  }

  /** Samples sent in [from, to). */
  between(from: number, to: number): Sample[] {
    return this.samples.filter((sample) => sample.sentAt >= from && sample.sentAt < to);
  }

  private async loop(user: UserRecord): Promise<void> {
    let step = 0;
    while (this.running) {
      step += 1;
      // A deletion that got no answer is tried again until the server says it is gone (200 or 404),
      // or the account would fill up to the free tier's limit with prompts it believes deleted.
      for (const id of [...user.maybeDeleted]) {
        const retried = await this.call(
          user,
          'DELETE /api/prompts/{id}',
          'DELETE',
          `/api/prompts/${id}`,
          undefined,
          {},
          [404],
        );
        if (retried.status === 200 || retried.status === 404) user.maybeDeleted.delete(id);
      }
      const title = `Failover ${user.username} ${step}`;
      const created = await this.call(user, 'POST /api/prompts', 'POST', '/api/prompts', {
        title,
        content: `Version 1 of prompt ${step}.`,
        categoryId: null,
      });
      if (created.status === 201) {
        const id = (created.body as { id: number }).id;
        user.prompts.set(id, { title, content: `Version 1 of prompt ${step}.`, possible: new Set() });
        const content = `Version 2 of prompt ${step}.`;
        const edited = await this.call(user, 'PATCH /api/prompts/{id}', 'PATCH', `/api/prompts/${id}`, {
          title,
          content,
          categoryId: null,
        });
        const record = user.prompts.get(id);
        if (record && edited.status === 200) record.content = content;
        else if (record && unknownOutcome(edited.status)) record.possible.add(content);
        const shared = await this.call(
          user,
          'POST /api/prompts/{id}/share',
          'POST',
          `/api/prompts/${id}/share`,
        );
        if (shared.status === 200) {
          const shareId = (shared.body as { shareId: string }).shareId;
          user.shares.set(id, shareId);
          // Two visitors (by the address the gateways see through nginx), the first twice: a
          // visitor's view counts once.
          const visitors = [1, 1, 2].map(
            (visitor) => `10.${(this.users.indexOf(user) % 250) + 1}.${step % 250}.${visitor}`,
          );
          for (const client of visitors) {
            const read = await this.call(
              undefined,
              'GET /api/shared/{shareId}',
              'GET',
              `/api/shared/${shareId}`,
              undefined,
              {
                'X-Forwarded-For': client,
              },
            );
            if (read.status === 200)
              user.visits.set(shareId, [...(user.visits.get(shareId) ?? []), { client, at: Date.now() }]);
          }
        }
      }
      await this.call(user, 'GET /api/prompts', 'GET', '/api/prompts');
      // Keep under the free tier's 5 prompts: the oldest goes.
      if (user.prompts.size >= 4) {
        const [oldest] = user.prompts.keys();
        const deleted = await this.call(user, 'DELETE /api/prompts/{id}', 'DELETE', `/api/prompts/${oldest}`);
        if (deleted.status === 200 || unknownOutcome(deleted.status)) {
          user.prompts.delete(oldest);
          user.shares.delete(oldest);
          if (deleted.status !== 200) user.maybeDeleted.add(oldest);
        }
      }
      await sleep(this.pauseMs);
    }
  }

  private async signUp(index: number): Promise<UserRecord> {
    const username = `fo_${index}_${randomBytes(3).toString('hex')}`;
    const response = await fetch(`${this.baseUrl}/api/register`, {
      method: 'POST',
      headers: { Origin: this.baseUrl, 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    if (response.status !== 201)
      throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    return {
      username,
      cookie,
      prompts: new Map(),
      shares: new Map(),
      visits: new Map(),
      maybeDeleted: new Set(),
    };
  }

  /** One request, timed and recorded; a network error or the client timeout is a failure with status 0. */
  async call(
    user: UserRecord | undefined,
    route: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    accepted: number[] = [],
  ): Promise<{ status: number; body: unknown }> {
    const sentAt = Date.now();
    const request = { sentAt };
    this.inFlight.add(request);
    let status = 0;
    let parsed: unknown;
    let timedOut = false;
    const send = () =>
      fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          Origin: this.baseUrl,
          ...headers,
          ...(user ? { Cookie: user.cookie } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.clientTimeoutMs),
      });
    try {
      let response: Response | undefined;
      // A kept-alive connection the proxy closed as the request went out (nginx's old workers
      // close their idle ones on a reload): no answer had begun, so a browser sends it again on
      // another connection, and so does the load, counting it. Each idle connection of the pool
      // may be such a one.
      for (let attempt = 1; !response; attempt += 1) {
        try {
          response = await send();
        } catch (error) {
          if (!closedBeforeAnswer(error) || attempt === MAX_SENDS) throw error;
          this.resent += 1;
        }
      }
      status = response.status;
      const text = await response.text();
      parsed = text ? JSON.parse(text) : undefined;
    } catch (error) {
      timedOut = (error as Error).name === 'TimeoutError';
    } finally {
      this.inFlight.delete(request);
    }
    const ok = (status >= 200 && status < 300) || accepted.includes(status);
    this.samples.push({ route, sentAt, ms: Date.now() - sentAt, ok, timedOut, status });
    return { status, body: parsed };
  }
}

function closedBeforeAnswer(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (
    (error as Error).name !== 'TimeoutError' && ['UND_ERR_SOCKET', 'ECONNRESET'].includes(cause?.code ?? '')
  );
}
