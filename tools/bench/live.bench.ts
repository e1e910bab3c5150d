import { liveLimits } from '@promptlib/proto';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { envNumber, machineLine, runBench, type BenchRun } from './bench-run';
import { registerUser, startBenchStack, type BenchUser } from './bench-stack';
import { byPid, cpuSnapshot, cpuSpent } from './cpu-meter';
import { launchChromium } from '../src/browser/launch-chromium';
import { postJson } from './load';

/**
 * The live feed (GET /api/events) on one gateway replica:
 * - memory: the gateway's resident memory before and after BENCH_FEEDS idle feeds are open
 *   (the goal: 5,000 within 300 MB);
 * - latency: a prompt edit through the API → its event read from another feed of the same user,
 *   BENCH_CHANGES times one after another, p50 / p95 / max (the goal for the whole way to the
 *   other screen is ≤ 500 ms p95; the screen's own read and render add a few tens of ms);
 * - cost: the gateway's CPU per delivered event while those changes go out, and its CPU for the
 *   idle feeds' heartbeats;
 * - the screen: a prompt edit through the API → the new title on the dashboard of another
 *   device (Chromium, the same user), BENCH_SCREEN_CHANGES times, p50 / p95 / max (the goal:
 *   ≤ 500 ms p95), with the idle feeds still open.
 * Asserts nothing: a shared machine's numbers are not pass/fail.
 *
 *   BENCH_FEEDS (5000), BENCH_CHANGES (200), BENCH_IDLE_SECONDS (30), BENCH_SCREEN_CHANGES (50)
 */
const FEEDS = envNumber('BENCH_FEEDS', 5_000);
const CHANGES = envNumber('BENCH_CHANGES', 200);
const IDLE_SECONDS = envNumber('BENCH_IDLE_SECONDS', 30);
const SCREEN_CHANGES = envNumber('BENCH_SCREEN_CHANGES', 50);
const HEARTBEAT_SECONDS = 5;

type Feed = { request: http.ClientRequest; onEvent: (listener: (data: string) => void) => void };

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/** Opens a feed and resolves once its first line arrived; events are handed to the listener. */
function openFeed(gatewayUrl: string, cookie: string): Promise<Feed> {
  return new Promise((resolve, reject) => {
    let listener: (data: string) => void = () => undefined;
    const request = http.get(
      `${gatewayUrl}/api/events`,
      { agent, headers: { Cookie: cookie } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`GET /api/events answered ${response.statusCode}`));
          response.resume();
          return;
        }
        let pending = '';
        response.setEncoding('utf8');
        response.once('data', () => resolve({ request, onEvent: (next) => (listener = next) }));
        response.on('data', (chunk: string) => {
          pending += chunk;
          let split: number;
          while ((split = pending.indexOf('\n\n')) >= 0) {
            const frame = pending.slice(0, split);
            pending = pending.slice(split + 2);
            const data = frame.split('\n').find((line) => line.startsWith('data: '));
            if (frame.includes('event: change') && data) listener(data.slice(6));
          }
        });
      },
    );
    request.on('error', reject);
  });
}

function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function inBatches<T>(count: number, batch: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    made.push(...(await Promise.all(Array.from({ length: size }, (_, offset) => make(start + offset)))));
  }
  return made;
}

async function bench({ namespace, cleanup }: BenchRun): Promise<void> {
  const stack = await startBenchStack(namespace, cleanup, {
    env: { RATE_LIMIT_REGISTER_PER_CLIENT: '100000/1m', LIVE_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS) },
  });
  const gatewayPid = stack.pids.gateway!;
  console.log(machineLine());

  // Each user may hold liveLimits.streamsPerUser feeds: enough users for FEEDS of them.
  const usersNeeded = Math.ceil(FEEDS / liveLimits.streamsPerUser) + 1;
  const users: BenchUser[] = await inBatches(usersNeeded, 20, (index) =>
    registerUser(stack.gatewayUrl, `live_${index}_${randomBytes(3).toString('hex')}`),
  );
  const [watched, ...idleUsers] = users;

  const before = residentMb(gatewayPid);
  const feeds = await inBatches(FEEDS, 200, (index) =>
    openFeed(stack.gatewayUrl, idleUsers[Math.floor(index / liveLimits.streamsPerUser)].cookie),
  );
  cleanup.add('closing the feeds', async () => {
    for (const feed of feeds) feed.request.destroy();
  });
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const after = residentMb(gatewayPid);
  console.log(
    `${feeds.length} idle feeds on one gateway: resident memory ${before.toFixed(1)} MB → ${after.toFixed(1)} MB ` +
      `(+${(after - before).toFixed(1)} MB, ${(((after - before) * 1024) / feeds.length).toFixed(1)} KB a feed)`,
  );

  const gateway = [byPid('gateway', () => gatewayPid)];
  const idleStart = cpuSnapshot(gateway);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idleCpu = cpuSpent(idleStart, cpuSnapshot(gateway)).get('gateway') ?? 0;
  console.log(
    `Idle: the gateway spent ${((idleCpu / IDLE_SECONDS) * 100).toFixed(1)} % of a core on ${feeds.length} feeds ` +
      `(a heartbeat every ${HEARTBEAT_SECONDS} s here; ${((idleCpu * 1000) / ((IDLE_SECONDS / HEARTBEAT_SECONDS) * feeds.length)).toFixed(3)} CPU-ms a feed's heartbeat)`,
  );

  const signedIn = { Cookie: watched.cookie, Origin: stack.gatewayUrl };
  const prompt = await postJson<{ id: number }>(`${stack.gatewayUrl}/api/prompts`, signedIn, {
    title: 'Watched',
    content: 'Edited again and again.',
    categoryId: null,
  });
  const watcher = await openFeed(stack.gatewayUrl, watched.cookie);
  let arrived: ((title: string) => void) | undefined;
  watcher.onEvent((data) => arrived?.((JSON.parse(data) as { title: string }).title));

  const latencies: number[] = [];
  const deliveryStart = cpuSnapshot(gateway);
  for (let change = 1; change <= CHANGES; change += 1) {
    const title = `Edit ${change}`;
    const seen = new Promise<void>((resolve) => {
      arrived = (got) => {
        if (got === title) resolve();
      };
    });
    const sent = performance.now();
    const response = await fetch(`${stack.gatewayUrl}/api/prompts/${prompt.id}`, {
      method: 'PATCH',
      headers: { ...signedIn, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title, content: 'Edited again and again.', categoryId: null }),
    });
    if (response.status !== 200) throw new Error(`PATCH answered ${response.status}`);
    await seen;
    latencies.push(performance.now() - sent);
  }
  const deliveryCpu = cpuSpent(deliveryStart, cpuSnapshot(gateway)).get('gateway') ?? 0;
  watcher.request.destroy();
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `Edit → event on the other feed (${CHANGES} edits, ${feeds.length} other feeds open): ` +
      `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, ` +
      `max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
  console.log(
    `The gateway's CPU per edit, its request and its event delivered: ${((deliveryCpu * 1000) / CHANGES).toFixed(2)} ms`,
  );

  const screen = await editToScreen(stack.gatewayUrl, watched, prompt.id, cleanup);
  console.log(
    `Edit → the new title on another device's dashboard (Chromium, ${SCREEN_CHANGES} edits, ${feeds.length} other feeds open): ` +
      `p50 ${percentile(screen, 50).toFixed(1)} ms, p95 ${percentile(screen, 95).toFixed(1)} ms, max ${screen.at(-1)!.toFixed(1)} ms`,
  );
}

type TitlesSeen = Window & { titlesSeen?: Record<string, number> };

/**
 * Edits the prompt while a dashboard of the same user is open, and answers, sorted, how long each
 * new title took from the edit's request to the page's DOM: the page notes, on the epoch clock this
 * process shares, when each card title first appears.
 */
async function editToScreen(
  gatewayUrl: string,
  user: BenchUser,
  promptId: number,
  cleanup: BenchRun['cleanup'],
): Promise<number[]> {
  const browser = await launchChromium({ handleSignals: false });
  cleanup.add('closing Chromium', () => browser.close());
  try {
    const context = await browser.newContext();
    const [name, value] = user.cookie.split('=');
    await context.addCookies([{ name, value, url: gatewayUrl }]);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: Record<string, number> = {};
      (window as TitlesSeen).titlesSeen = seen;
      new MutationObserver(() => {
        for (const title of Array.from(document.querySelectorAll('article h3'))) {
          const text = title.textContent ?? '';
          seen[text] ??= performance.timeOrigin + performance.now();
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`${gatewayUrl}/`);
    await page.getByRole('button', { name: /All Prompts/ }).click();
    await page.locator('article h3').first().waitFor();
    // The page's feed opens after its first reads: an edit before then would never show.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const latencies: number[] = [];
    for (let change = 1; change <= SCREEN_CHANGES; change += 1) {
      const title = `On screen ${change}`;
      const sent = performance.timeOrigin + performance.now();
      const response = await fetch(`${gatewayUrl}/api/prompts/${promptId}`, {
        method: 'PATCH',
        headers: { Cookie: user.cookie, Origin: gatewayUrl, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title, content: 'Edited again and again.', categoryId: null }),
      });
      if (response.status !== 200) throw new Error(`PATCH answered ${response.status}`);
      const shown = await page.waitForFunction(
        (wanted) => (window as TitlesSeen).titlesSeen?.[wanted],
        title,
        {
          timeout: 10_000,
        },
      );
      latencies.push((await shown.jsonValue())! - sent);
    }
    return latencies.sort((a, b) => a - b);
  } finally {
    await browser.close();
  }
}

runBench(bench);
