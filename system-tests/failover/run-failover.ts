import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkConsistency, type Consistency } from './consistency';
import { FailoverStack } from './failover-stack';
import { SteadyLoad, type Sample } from './steady-load';

export type FailoverOptions = {
  /** The Postgres server the harness makes its own database on. */
  serverUrl: string;
  namespace?: string;
  /** Load clients, each a user of its own. */
  workers: number;
  /** How long each phase runs under load (before, during and after each event). */
  phaseMs: number;
  clientTimeoutMs: number;
  log?: (line: string) => void;
};

/** One event under load and what the load saw of it. */
export type EventFigures = {
  event: string;
  requests: number;
  failed: number;
  /** Requests that got no answer within the client timeout. */
  hung: number;
  /** Requests in flight while the event happened (a kill: from the signal until the process is gone). */
  outstanding?: number;
  /** From the event until a second of load with no failure and p95 back within twice the baseline. */
  recoveredAfterMs?: number;
  /** After a restart: whether the load went on to succeed without anyone's help. */
  recovered?: boolean;
  /** The failures by route and status (0: no answer), and how long after the event each was sent. */
  failures: Record<string, number>;
  failedSentAfterMs: number[];
};

export type FailoverReport = {
  baselineP95: number;
  events: EventFigures[];
  consistency: Consistency;
  buyers: number;
  /** Prompts whose creation the load saw acknowledged, over the whole run. */
  created: number;
  /** Requests the load sent again after a kept-alive connection closed before any answer. */
  resent: number;
};

/** After a restart, this many answers in a row without a failure mean the system has recovered. */
const RECOVERED_AFTER_SUCCESSES = 40;

/**
 * With two replicas of every process under steady load: a library replica and then a gateway
 * replica stopped as Kubernetes stops them; a library replica killed; the harness's own NATS and
 * Redis restarted. Between the events new users buy Pro through the Stripe sandbox, so tiers move
 * while processes come and go. Afterwards, the consistency of what the load was told.
 */
export async function runFailover(options: FailoverOptions): Promise<FailoverReport> {
  const log = options.log ?? (() => undefined);
  const namespace = options.namespace ?? `fo_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  const stack = await FailoverStack.start(namespace, options.serverUrl);
  const load = new SteadyLoad(stack.url, options.clientTimeoutMs);
  const events: EventFigures[] = [];
  let buyers = 0;
  const buy = async () => {
    await buyPro(stack.url);
    buyers += 1;
  };
  try {
    await load.start(options.workers);
    log(`load: ${options.workers} users through nginx at ${stack.url}, 2 replicas of every app`);
    const warmFrom = Date.now();
    await buy();
    await sleep(options.phaseMs);
    const baselineP95 = p95(load.between(warmFrom, Date.now()).filter((sample) => sample.ok));

    const around = async (
      event: string,
      act: () => Promise<{ outstanding?: number } | void>,
      awaitRecovery = false,
    ) => {
      const from = Date.now();
      const acted = (await act()) ?? {};
      const recovered = awaitRecovery
        ? await recoveredLoad(load, Date.now(), Math.max(options.phaseMs, 60_000))
        : undefined;
      await sleep(options.phaseMs);
      const to = Date.now();
      // Requests sent before the end are counted with their answers, however late.
      await load.settled(to);
      // Everything answered after the event began, including requests sent before it.
      const seen = load.samples.filter((sample) => sample.sentAt + sample.ms >= from && sample.sentAt < to);
      const figures: EventFigures = {
        event,
        requests: seen.length,
        failed: seen.filter((sample) => !sample.ok).length,
        hung: seen.filter((sample) => sample.timedOut).length,
        outstanding: acted.outstanding,
        recoveredAfterMs: recoveredAfter(load.samples, from, to, baselineP95),
        recovered,
        failures: {},
        failedSentAfterMs: seen.filter((sample) => !sample.ok).map((sample) => sample.sentAt - from),
      };
      for (const sample of seen.filter((item) => !item.ok)) {
        const key = `${sample.route} ${sample.status}`;
        figures.failures[key] = (figures.failures[key] ?? 0) + 1;
      }
      events.push(figures);
      log(`${event}: ${figures.failed} of ${figures.requests} failed, ${figures.hung} hung`);
      return figures;
    };

    await around('library replica stopped (SIGTERM)', async () => {
      const code = await stack.stopGracefully(stack.first('library'));
      if (code !== 0) throw new Error(`the library replica exited with ${code} on SIGTERM`);
    });
    await stack.startReplica('library');
    await around('gateway replica out of nginx, then stopped (SIGTERM)', async () => {
      const code = await stack.stopGracefully(stack.first('gateway'));
      if (code !== 0) throw new Error(`the gateway replica exited with ${code} on SIGTERM`);
    });
    await stack.startReplica('gateway');
    await buy();
    await around('library replica killed (SIGKILL)', async () => {
      const killedAt = Date.now();
      await stack.kill(stack.first('library'));
      const goneAt = Date.now();
      // Outstanding at the kill: every request in flight between the signal and the process being
      // gone, which on a busy machine is a few milliseconds in which the load goes on sending.
      await load.settled(goneAt + 1);
      const outstanding = load.samples.filter(
        (sample) => sample.sentAt <= goneAt && sample.sentAt + sample.ms >= killedAt,
      ).length;
      return { outstanding };
    });
    await stack.startReplica('library');
    await buy();
    await around(
      'NATS restarted',
      async () => {
        await stack.bus.server.stop();
        await sleep(1000);
        await stack.bus.server.start();
      },
      true,
    );
    const redisDown = { from: Date.now(), to: 0 };
    await around(
      'Redis restarted',
      async () => {
        await stack.redis.stop();
        await sleep(1000);
        await stack.redis.start();
        redisDown.to = Date.now();
      },
      true,
    );
    await buy();
    await load.stop();
    const consistency = await checkConsistency(stack, load.users, [redisDown]);
    const created = load.samples.filter((sample) => sample.route === 'POST /api/prompts' && sample.ok).length;
    return { baselineP95, events, consistency, buyers, created, resent: load.resent };
  } finally {
    await load.stop();
    await stack.stop();
  }
}

/** Whether the load, from `since`, reaches a run of successes with no failure among them, within `withinMs`. */
async function recoveredLoad(load: SteadyLoad, since: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const answered = load.samples.filter((sample) => sample.sentAt >= since);
    let run = 0;
    for (const sample of answered) run = sample.ok ? run + 1 : 0;
    if (run >= RECOVERED_AFTER_SUCCESSES) return true;
    await sleep(100);
  }
  return false;
}

/** A new user buys Pro on the Stripe sandbox's checkout page and waits until the account is Pro. */
async function buyPro(baseUrl: string): Promise<void> {
  const username = `buyer_${randomBytes(4).toString('hex')}`;
  const registered = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { Origin: baseUrl, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'violet-Harbor-71-kettle' }),
  });
  if (registered.status !== 201) throw new Error(`a buyer's sign-up answered ${registered.status}`);
  const cookie = registered.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const headers = { Origin: baseUrl, 'Content-Type': 'application/json', Cookie: cookie };
  const checkout = await fetch(`${baseUrl}/api/create-subscription`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ priceId: 'price_pro_monthly' }),
  });
  if (checkout.status !== 200)
    throw new Error(`a checkout answered ${checkout.status}: ${await checkout.text()}`);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`paying answered ${paid.status}`);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const status = await fetch(`${baseUrl}/api/checkout-session/${url.split('/').pop()}`, { headers });
    if (status.status === 200 && ((await status.json()) as { success?: boolean }).success) return;
    if (Date.now() > deadline) throw new Error('a paid checkout did not turn the account Pro within 20 s');
    await sleep(200);
  }
}

function p95(samples: Sample[]): number {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)];
}

/** The first whole second after `from` with no failure and p95 within twice the baseline (and 50 ms). */
function recoveredAfter(
  samples: Sample[],
  from: number,
  to: number,
  baselineP95: number,
): number | undefined {
  for (let start = from; start + 1000 <= to; start += 250) {
    const window = samples.filter((sample) => sample.sentAt >= start && sample.sentAt < start + 1000);
    if (window.length === 0) continue;
    if (window.every((sample) => sample.ok) && p95(window) <= Math.max(2 * baselineP95, baselineP95 + 50)) {
      return start - from;
    }
  }
  return undefined;
}

export function printReport(report: FailoverReport): void {
  console.log(
    `\nBaseline p95 ${report.baselineP95} ms; ${report.created} prompts created, ${report.buyers} users bought Pro during the run; ` +
      `${report.resent} requests sent again on a new connection after a kept-alive one closed unanswered\n`,
  );
  console.log(
    `${'event'.padEnd(55)} ${'requests'.padStart(8)} ${'failed'.padStart(7)} ${'hung'.padStart(5)} ${'in flight'.padStart(9)} ${'normal after'.padStart(12)}`,
  );
  for (const event of report.events) {
    console.log(
      `${event.event.padEnd(55)} ${String(event.requests).padStart(8)} ${String(event.failed).padStart(7)} ${String(event.hung).padStart(5)} ` +
        `${String(event.outstanding ?? '').padStart(9)} ${(event.recoveredAfterMs === undefined ? 'not yet' : `${(event.recoveredAfterMs / 1000).toFixed(2)} s`).padStart(12)}` +
        `${event.recovered === undefined ? '' : event.recovered ? '  recovered by itself' : '  NOT recovered'}`,
    );
  }
  for (const event of report.events.filter((item) => item.failed > 0)) {
    const top = Object.entries(event.failures).sort((a, b) => b[1] - a[1]);
    console.log(
      `  ${event.event}: ${top.map(([key, count]) => `${key} ×${count}`).join(', ')}; sent at ${event.failedSentAfterMs.slice(0, 8).join(', ')} ms from the event`,
    );
  }
  const { consistency } = report;
  console.log(
    `\nAfter the load: ${consistency.promptsChecked} acknowledged prompts, ${consistency.lostWrites.length} lost or stale; ` +
      `${consistency.sharesChecked} shares, ${consistency.shareMismatches.length} differing from the library; ` +
      `${consistency.viewsChecked} view counts, ${consistency.viewMismatches.length} wrong; ` +
      `${consistency.tiersChecked} tiers in billing, ${consistency.tierMismatches.length} differing in library`,
  );
  for (const line of [
    ...consistency.lostWrites,
    ...consistency.shareMismatches,
    ...consistency.viewMismatches,
    ...consistency.tierMismatches,
  ].slice(0, 20)) {
    console.log(`  ${line}`);
  }
}
