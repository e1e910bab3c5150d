import type { PromptCardsPage } from '@promptlib/proto';
import { randomBytes } from 'node:crypto';
import { envNumber, loadAverage, machineLine, runBench, type BenchRun } from './bench-run';
import { registerUser, startBenchStack } from './bench-stack';
import { byPid, byPids, cpuSnapshot, cpuSpent, describePerRequest, perRequest, SERVERS } from './cpu-meter';
import { figures, runLoad, type Target } from './load';
import { analyzePrompts, seedPrompts } from './seed-prompts';

/**
 * The dashboard's paged list at BENCH_PROMPTS prompts (50,000 by default, Pro's ceiling) of 500 to
 * 5,000 characters, with BENCH_CONNECTIONS (10) clients asking at once: the first page of each
 * sort, a page 10,000 cards down, searches of one and two words that match some prompts, one that
 * matches none, and the sidebar's counts. Prints p50 and p95 of each, and where a request's CPU
 * went (our processes, Postgres, NATS, the load generator): with every core busy, the p95 follows
 * the CPU a request costs. The goal is a two-word search's p95 ≤ 50 ms. Asserts nothing: a shared
 * machine's numbers are not a pass/fail signal.
 *
 *   BENCH_PROMPTS, BENCH_SECONDS, BENCH_CONNECTIONS
 */
const PROMPTS = envNumber('BENCH_PROMPTS', 50_000);
const SECONDS = envNumber('BENCH_SECONDS', 5);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 10);
const GOAL_MS = 50;

async function bench({ namespace, cleanup }: BenchRun): Promise<void> {
  const stack = await startBenchStack(namespace, cleanup);
  const user = await registerUser(stack.gatewayUrl, `bench_${randomBytes(4).toString('hex')}`);
  const seedStart = Date.now();
  // Every 97th prompt carries a phrase to search for, as a real library holds a few of each.
  await seedPrompts(
    { databaseUrl: stack.databaseUrl, userId: user.id, categoryId: user.categoryId },
    PROMPTS,
    (n, text) =>
      n % 97 === 0
        ? { ...text, content: `${text.content.slice(0, 200)} quarterly revenue ${text.content.slice(200)}` }
        : text,
  );
  await analyzePrompts(stack.databaseUrl);
  console.log(machineLine());
  console.log(`${PROMPTS} prompts seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

  const headers = { Cookie: user.cookie, Origin: stack.gatewayUrl };
  const cards = (query: string) => `${stack.gatewayUrl}/api/prompts/cards${query}`;
  const deepCursor = await cursorAt(cards('?limit=100'), headers, 10_000);
  const targets: Target[] = [
    { name: 'recent, first page', url: cards(''), headers },
    { name: 'name, first page', url: cards('?sort=name'), headers },
    { name: 'used, first page', url: cards('?sort=used'), headers },
    { name: 'recent, 10,000 down', url: cards(`?cursor=${deepCursor}`), headers },
    { name: 'search one word', url: cards('?search=quarterly'), headers },
    { name: 'search two words', url: cards('?search=quarterly%20revenue'), headers },
    { name: 'search two words by name', url: cards('?search=quarterly%20revenue&sort=name'), headers },
    { name: 'search no match', url: cards('?search=zebra%20crossing'), headers },
    { name: 'counts', url: `${stack.gatewayUrl}/api/prompts/counts`, headers },
  ];
  const processes = [byPid('load generator', () => process.pid), ...byPids(stack.pids), ...SERVERS];
  console.log(`${SECONDS} s per target, ${CONNECTIONS} connections; CPU µs per request by process\n`);
  for (const target of targets) {
    const first = await fetch(target.url, { headers });
    if (first.status !== 200)
      throw new Error(`${target.name} answered ${first.status}: ${await first.text()}`);
    await runLoad(target, CONNECTIONS, 1);
    const before = cpuSnapshot(processes);
    const round = await runLoad(target, CONNECTIONS, SECONDS);
    const cpu = perRequest(cpuSpent(before, cpuSnapshot(processes)), round.ok);
    const result = figures(round);
    console.log(
      `${target.name.padEnd(26)} ${result.rps.toFixed(0).padStart(5)} req/s  p50 ${result.p50.toFixed(1).padStart(6)} ms  ` +
        `p95 ${result.p95.toFixed(1).padStart(6)} ms  (${result.failures})`,
    );
    console.log(`${''.padEnd(26)} CPU µs ${describePerRequest(cpu)}`);
  }
  console.log(`\nGoal: a two-word search's p95 ≤ ${GOAL_MS} ms. Load average at the end: ${loadAverage()}`);
}

/** The cursor of the page that starts `depth` cards down, reached page by page as the app would. */
async function cursorAt(url: string, headers: Record<string, string>, depth: number): Promise<string> {
  let cursor = '';
  for (let seen = 0; seen < depth; seen += 100) {
    const response = await fetch(`${url}${cursor ? `&cursor=${cursor}` : ''}`, { headers });
    const page = (await response.json()) as PromptCardsPage;
    if (!page.nextCursor) throw new Error(`the list ended before ${depth} cards`);
    cursor = page.nextCursor;
  }
  return cursor;
}

runBench(bench);
