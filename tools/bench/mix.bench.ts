import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { envNumber, loadAverage, machineLine, runBench, type BenchRun } from './bench-run';
import { registerUser, startBenchStack, type BenchUser } from './bench-stack';
import { percentile } from './load';

/**
 * The mix of deploy/k6/load.js, run with autocannon (k6 cannot be installed here) against the
 * whole product: each connection is a signed-in user of its own who opens the dashboard (the first
 * page of cards, the counts, the categories, the limits), creates a prompt, edits, copies, favourites and shares it, has it read three times by a visitor
 * (no cookie), and deletes it again; beside them one user signs in again and again, and another
 * buys Pro through the Stripe sandbox and cancels. Prints, per route, requests, requests/s,
 * p50/p95/p99 and failures, and the k6 thresholds (failed < 1 %, p95 < 200 ms, p99 < 400 ms) as
 * met or not. Asserts nothing: a shared machine's figures are no pass/fail signal.
 *
 *   BENCH_SECONDS (60), BENCH_CONNECTIONS (10)
 */
const SECONDS = envNumber('BENCH_SECONDS', 60);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 10);
const PASSWORD = 'violet-Harbor-71-kettle';

type Sample = { route: string; ms: number; ok: boolean };

async function bench({ namespace, cleanup }: BenchRun): Promise<void> {
  // One load generator is one client address: the per-address limits would refuse it alone.
  const stack = await startBenchStack(namespace, cleanup, {
    billing: true,
    env: {
      RATE_LIMIT_SHARED_READS_PER_CLIENT: '100000000/1m',
      RATE_LIMIT_LOGIN_PER_CLIENT: '100000000/1m',
      RATE_LIMIT_LOGIN_PER_USERNAME: '100000000/1m',
      RATE_LIMIT_REGISTER_PER_CLIENT: '100000000/1m',
    },
  });
  const users: BenchUser[] = [];
  const usernames: string[] = [];
  for (let index = 0; index < CONNECTIONS + 1; index += 1) {
    usernames.push(`mix_${index}_${randomBytes(3).toString('hex')}`);
    users.push(await registerUser(stack.gatewayUrl, usernames[index]));
  }
  console.log(machineLine());
  console.log(
    `${SECONDS} s, ${CONNECTIONS} users on connections of their own, one more signing in again and again, new ones buying Pro and cancelling`,
  );

  const samples: Sample[] = [];
  const until = Date.now() + SECONDS * 1000;
  const [mix] = await Promise.all([
    runMix(stack.gatewayUrl, users.slice(0, CONNECTIONS), samples),
    sideUser(until, samples, () => signInAgain(stack.gatewayUrl, usernames[CONNECTIONS], samples)),
    sideUser(until, samples, () => buyAndCancel(stack.gatewayUrl, samples)),
  ]);
  printTable(samples, SECONDS);
  console.log(
    `autocannon: ${mix.errors} connection errors, ${mix.timeouts} timeouts; load average ${loadAverage()}`,
  );
}

type Context = { id?: number; shareId?: string; route?: string; sentAt?: number };

/** The library visit of load.js, in a loop per connection, each connection one user. */
function runMix(gatewayUrl: string, users: BenchUser[], samples: Sample[]): Promise<autocannon.Result> {
  const step = (
    route: string,
    method: string,
    path: (context: Context) => string | undefined,
    options: {
      body?: (context: Context) => unknown;
      anonymous?: boolean;
      ok?: number;
      read?: (body: string, context: Context) => void;
    } = {},
  ): autocannon.Request => ({
    method: method as autocannon.Request['method'],
    setupRequest: (request: autocannon.Request, context: Context) => {
      const target = path(context);
      if (target === undefined) return undefined as unknown as autocannon.Request;
      context.route = route;
      context.sentAt = performance.now();
      const headers = { ...request.headers };
      if (options.anonymous) headers.cookie = '';
      return {
        ...request,
        path: target,
        headers,
        body: options.body ? JSON.stringify(options.body(context)) : undefined,
      };
    },
    onResponse: (status: number, body: string, context: Context) => {
      samples.push({
        route,
        ms: performance.now() - (context.sentAt ?? performance.now()),
        ok: status === (options.ok ?? 200),
      });
      if (status === (options.ok ?? 200)) options.read?.(body, context);
    },
  });
  const prompt = (context: Context) => (context.id === undefined ? undefined : `/api/prompts/${context.id}`);
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: gatewayUrl,
        connections: users.length,
        duration: SECONDS,
        headers: { origin: gatewayUrl, 'content-type': 'application/json', 'accept-encoding': 'identity' },
        setupClient: (client) => {
          const user = users[next % users.length];
          next += 1;
          client.setHeaders({
            origin: gatewayUrl,
            'content-type': 'application/json',
            'accept-encoding': 'identity',
            cookie: user.cookie,
          });
        },
        requests: [
          step('GET /api/prompts/cards', 'GET', () => '/api/prompts/cards?limit=50'),
          step('GET /api/prompts/counts', 'GET', () => '/api/prompts/counts'),
          step('GET /api/categories', 'GET', () => '/api/categories'),
          step('GET /api/user/limits', 'GET', () => '/api/user/limits'),
          step('POST /api/prompts', 'POST', () => '/api/prompts', {
            ok: 201,
            body: () => ({
              title: 'A prompt of the mix',
              content: 'Summarise the text below in three bullet points.',
              categoryId: null,
            }),
            read: (body, context) => (context.id = (JSON.parse(body) as { id: number }).id),
          }),
          step('PATCH /api/prompts/{id}', 'PATCH', prompt, {
            body: () => ({
              title: 'A prompt of the mix, edited',
              content: 'Summarise it in five words.',
              categoryId: null,
            }),
          }),
          step('POST /api/prompts/{id}/copy', 'POST', (context) => prompt(context)?.concat('/copy')),
          step('POST /api/prompts/{id}/toggle-favorite', 'POST', (context) =>
            prompt(context)?.concat('/toggle-favorite'),
          ),
          step('POST /api/prompts/{id}/share', 'POST', (context) => prompt(context)?.concat('/share'), {
            read: (body, context) => (context.shareId = (JSON.parse(body) as { shareId: string }).shareId),
          }),
          ...[1, 2, 3].map(() =>
            step(
              'GET /api/shared/{shareId}',
              'GET',
              (context) => (context.shareId ? `/api/shared/${context.shareId}` : undefined),
              {
                anonymous: true,
              },
            ),
          ),
          step('DELETE /api/prompts/{id}', 'DELETE', prompt),
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** A side user's action, again and again until the time is up. */
async function sideUser(until: number, samples: Sample[], action: () => Promise<void>): Promise<void> {
  while (Date.now() < until) {
    try {
      await action();
    } catch (error) {
      samples.push({ route: `side user: ${(error as Error).message}`, ms: 0, ok: false });
    }
  }
}

async function timed(
  samples: Sample[],
  route: string,
  ok: number,
  request: () => Promise<Response>,
): Promise<Response> {
  const started = performance.now();
  const response = await request();
  samples.push({ route, ms: performance.now() - started, ok: response.status === ok });
  return response;
}

async function signInAgain(gatewayUrl: string, username: string, samples: Sample[]): Promise<void> {
  const response = await timed(samples, 'POST /api/login', 200, () =>
    fetch(`${gatewayUrl}/api/login`, {
      method: 'POST',
      headers: { Origin: gatewayUrl, 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD }),
    }),
  );
  await response.arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** A new user buys Pro on the sandbox's checkout page and cancels (a cancelled Pro lasts to its end, so a user buys once). */
async function buyAndCancel(gatewayUrl: string, samples: Sample[]): Promise<void> {
  const started = performance.now();
  const user = await registerUser(gatewayUrl, `buyer_${randomBytes(4).toString('hex')}`);
  samples.push({ route: 'POST /api/register', ms: performance.now() - started, ok: true });
  const headers = { Origin: gatewayUrl, 'Content-Type': 'application/json', Cookie: user.cookie };
  const checkout = await timed(samples, 'POST /api/create-subscription', 200, () =>
    fetch(`${gatewayUrl}/api/create-subscription`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ priceId: 'price_pro_monthly' }),
    }),
  );
  if (checkout.status !== 200) return void (await checkout.arrayBuffer());
  const { url } = (await checkout.json()) as { url: string };
  const sessionId = url.split('/').pop();
  await timed(samples, 'POST sandbox /checkout/{id}/pay', 303, () =>
    fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' }),
  );
  for (let poll = 0; poll < 40; poll += 1) {
    const status = await timed(samples, 'GET /api/checkout-session/{id}', 200, () =>
      fetch(`${gatewayUrl}/api/checkout-session/${sessionId}`, { headers }),
    );
    if (((await status.json()) as { success?: boolean }).success) break;
  }
  const cancelled = await timed(samples, 'POST /api/subscription/cancel', 200, () =>
    fetch(`${gatewayUrl}/api/subscription/cancel`, { method: 'POST', headers }),
  );
  await cancelled.arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

function printTable(samples: Sample[], seconds: number): void {
  const routes = [...new Set(samples.map((sample) => sample.route))].sort();
  const row = (cells: (string | number)[]) =>
    console.log(cells.map((cell, index) => String(cell).padStart(index === 0 ? 0 : 9)).join(' '));
  console.log('');
  console.log(['route'.padEnd(42), 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'failed'].join(' '));
  const all = (route: string) => samples.filter((sample) => sample.route === route);
  for (const route of [...routes, 'all']) {
    const list = route === 'all' ? samples : all(route);
    const sorted = list.map((sample) => sample.ms).sort((a, b) => a - b);
    const failed = list.filter((sample) => !sample.ok).length;
    row([
      route.padEnd(42),
      list.length,
      (list.length / seconds).toFixed(1),
      percentile(sorted, 50).toFixed(1),
      percentile(sorted, 95).toFixed(1),
      percentile(sorted, 99).toFixed(1),
      failed,
    ]);
  }
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const failedRate = samples.filter((sample) => !sample.ok).length / Math.max(1, samples.length);
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  console.log(
    `\nk6 thresholds: failed ${(failedRate * 100).toFixed(2)} % < 1 % ${verdict(failedRate < 0.01)}; ` +
      `p95 ${percentile(sorted, 95).toFixed(1)} ms < 200 ms ${verdict(percentile(sorted, 95) < 200)}; ` +
      `p99 ${percentile(sorted, 99).toFixed(1)} ms < 400 ms ${verdict(percentile(sorted, 99) < 400)}`,
  );
}

runBench(bench);
