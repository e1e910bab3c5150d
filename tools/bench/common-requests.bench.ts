import type { Prompt } from '@promptlib/proto';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { envNumber, loadAverage, machineLine, runBench, type BenchRun } from './bench-run';
import { registerUser, startBaseline, startBenchStack, startFloor, type BenchUser } from './bench-stack';
import {
  byPid,
  byPids,
  cpuSnapshot,
  cpuSpent,
  describePerRequest,
  perRequest,
  SERVERS,
  type CpuSnapshot,
  type ProcessGroup,
} from './cpu-meter';
import { combine, figures, runLoad, type Figures, type Round, type Target } from './load';
import { seedPrompts } from './seed-prompts';

/**
 * The requests most users make most often, each through the gateway (gateway → NATS → library →
 * Postgres, with the session in Redis) against a bare node:http + pg server doing the same work,
 * under the same load, alternately in one run. The stack runs with production's defaults. Prints
 * figures and one `ratio <pair> <value>` line per pair; asserts nothing, because a shared machine's
 * numbers are not a pass/fail signal.
 *
 *   BENCH_PAIRS=list-5,health   only these pairs (default: all)
 *   BENCH_FLOOR=off             without the third server, the same hops with no framework (floor-server.ts)
 *   BENCH_ROUNDS, BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_CONNECTIONS
 *   BENCH_PROFILE=<dir>         CPU profiles of every app, for `npm run bench:profile -- <dir>`
 */
const ROUNDS = envNumber('BENCH_ROUNDS', 3);
const SECONDS = envNumber('BENCH_SECONDS', 10);
// Long enough for the gateway, whose first answers take seconds, to finish a few dozen.
const WARMUP_SECONDS = envNumber('BENCH_WARMUP_SECONDS', 5);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 10);
const LARGE_LIBRARY = 1_000;
const FLOOR = process.env.BENCH_FLOOR !== 'off';
let processGroups: ProcessGroup[] = [];
// Both servers would otherwise differ by whether they compress (the gateway does, the baseline not).
const ACCEPT_ENCODING = 'identity';

type Pair = {
  name: string;
  what: string;
  /** The least ratio we aim for; none for a pair that only shows a cost. */
  goal?: number;
  gateway: Target;
  baseline: Target;
  /** The same hops with no framework (floor-server.ts), for the requests that make them. */
  floor?: Target;
  /** All must answer alike, or comparing their speed means nothing. */
  verify: (gateway: string, baseline: string) => string;
};

async function bench({ namespace, cleanup }: BenchRun): Promise<void> {
  const stack = await startBenchStack(namespace, cleanup);
  const small = await benchUser(stack.gatewayUrl, stack.databaseUrl, 5);
  const large = await benchUser(stack.gatewayUrl, stack.databaseUrl, LARGE_LIBRARY);
  const baseline = await startBaseline(stack, cleanup);
  const floor = FLOOR ? await startFloor(stack, cleanup) : undefined;
  const pairs = choosePairs(definePairs(stack.gatewayUrl, baseline.url, floor?.url, small, large));
  processGroups = [
    byPid('load generator', () => process.pid),
    ...byPids(stack.pids),
    byPid('baseline', () => baseline.pids[0]),
    byPid('floor front', () => floor?.pids[0]),
    byPid('floor back', () => floor?.pids[1]),
    ...SERVERS,
  ];
  printMachine(namespace, pairs);

  const results: { pair: Pair; rounds: Rounds }[] = [];
  for (const pair of pairs) {
    results.push({ pair, rounds: await measure(pair) });
  }
  console.log('\nSummary (gateway req/s ÷ baseline req/s, all rounds):');
  for (const { pair, rounds } of results) console.log(summaryLine(pair, rounds));
  console.log(`Load average at the end: ${loadAverage()}`);
  console.log(`The apps wrote ${(statSync(stack.logFile).size / 2 ** 20).toFixed(1)} MB of logs.`);
  for (const { pair, rounds } of results) console.log(`ratio ${pair.name} ${ratio(rounds).toFixed(2)}`);
}

type SeededUser = BenchUser & { firstPromptId: number; prompts: number };

async function benchUser(gatewayUrl: string, databaseUrl: string, prompts: number): Promise<SeededUser> {
  const user = await registerUser(gatewayUrl, `bench_${randomBytes(4).toString('hex')}`);
  await seedPrompts({ databaseUrl, userId: user.id, categoryId: user.categoryId }, prompts);
  const response = await fetch(`${gatewayUrl}/api/prompts`, { headers: { Cookie: user.cookie } });
  const list = (await response.json()) as Prompt[];
  return { ...user, firstPromptId: list[list.length - 1].id, prompts };
}

function definePairs(
  gatewayUrl: string,
  baselineUrl: string,
  floorUrl: string | undefined,
  small: SeededUser,
  large: SeededUser,
): Pair[] {
  const common = { 'Accept-Encoding': ACCEPT_ENCODING };
  const signedIn = (user: BenchUser) => ({ ...common, Cookie: user.cookie, Origin: gatewayUrl });
  const get = (name: string, url: string, headers = common): Target => ({ name, url, headers });
  const list = (user: SeededUser): Pair => ({
    name: `list-${user.prompts}`,
    what: `GET /api/prompts, ${user.prompts} prompts of 500–5,000 characters`,
    goal: user.prompts <= 5 ? 0.4 : 0.7,
    gateway: get('gateway', `${gatewayUrl}/api/prompts`, signedIn(user)),
    baseline: get('baseline', `${baselineUrl}/list?user=${user.id}`),
    floor: floorUrl ? get('floor', `${floorUrl}/list?user=${user.id}`) : undefined,
    verify: sameList(user.prompts),
  });
  return [
    list(small),
    list(large),
    {
      name: 'limits',
      what: 'GET /api/user/limits',
      goal: 0.4,
      gateway: get('gateway', `${gatewayUrl}/api/user/limits`, signedIn(small)),
      baseline: get('baseline', `${baselineUrl}/limits?user=${small.id}`),
      floor: floorUrl ? get('floor', `${floorUrl}/limits?user=${small.id}`) : undefined,
      verify: sameJson,
    },
    {
      name: 'copy',
      what: 'POST /api/prompts/{id}/copy (UPDATE … RETURNING the use count)',
      goal: 0.4,
      gateway: {
        ...get('gateway', `${gatewayUrl}/api/prompts/${small.firstPromptId}/copy`, signedIn(small)),
        method: 'POST',
      },
      baseline: {
        ...get('baseline', `${baselineUrl}/copy?user=${small.id}&prompt=${small.firstPromptId}`),
        method: 'POST',
      },
      floor: floorUrl
        ? {
            ...get('floor', `${floorUrl}/copy?user=${small.id}&prompt=${small.firstPromptId}`),
            method: 'POST',
          }
        : undefined,
      verify: sameShape,
    },
    {
      name: 'stack',
      what: 'GET /api/config: the whole HTTP stack (no session cookie, no service call), no goal',
      gateway: get('gateway', `${gatewayUrl}/api/config`),
      baseline: get('baseline', `${baselineUrl}/config`),
      verify: sameJson,
    },
    {
      name: 'health',
      what: 'GET /api/health (no session, no service call)',
      goal: 0.5,
      gateway: get('gateway', `${gatewayUrl}/api/health`),
      baseline: get('baseline', `${baselineUrl}/health`),
      verify: sameJson,
    },
  ];
}

function choosePairs(pairs: Pair[]): Pair[] {
  const wanted = process.env.BENCH_PAIRS?.split(',').map((name) => name.trim());
  if (!wanted) return pairs;
  const unknown = wanted.filter((name) => !pairs.some((pair) => pair.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown BENCH_PAIRS ${unknown.join(', ')}; known: ${pairs.map((p) => p.name).join(', ')}`,
    );
  }
  return pairs.filter((pair) => wanted.includes(pair.name));
}

/** Rounds of every target of a pair, in the order gateway, baseline, floor. */
type Rounds = Round[][];

function targetsOf(pair: Pair): Target[] {
  return pair.floor ? [pair.gateway, pair.baseline, pair.floor] : [pair.gateway, pair.baseline];
}

async function measure(pair: Pair): Promise<Rounds> {
  console.log(`\n${pair.name}: ${pair.what}`);
  const targets = targetsOf(pair);
  const [gateway, ...others] = await Promise.all(targets.map(fetchText));
  for (const [index, other] of others.entries()) {
    console.log(`  Verified (gateway / ${targets[index + 1].name}): ${pair.verify(gateway, other)}`);
  }
  for (const target of targets) {
    const warm = await runLoad(target, CONNECTIONS, WARMUP_SECONDS);
    console.log(`  Warm-up ${target.name}: ${warm.ok} responses in ${warm.seconds.toFixed(1)} s`);
  }
  const rounds: Rounds = [];
  const cpu = targets.map(() => ({ spent: new Map<string, number>(), requests: 0 }));
  for (let index = 1; index <= ROUNDS; index += 1) {
    const round: Round[] = [];
    for (const [position, target] of targets.entries()) {
      const before = cpuSnapshot(processGroups);
      const result = await runLoad(target, CONNECTIONS, SECONDS);
      addSpent(cpu[position].spent, before, cpuSnapshot(processGroups));
      cpu[position].requests += result.ok;
      round.push(result);
    }
    rounds.push(round);
  }
  printRounds(rounds);
  console.log('  CPU per request, µs (all rounds; the load generator is the bench process):');
  for (const [position, target] of targets.entries()) {
    const parts = perRequest(cpu[position].spent, cpu[position].requests);
    console.log(`    ${target.name.padEnd(9)} ${describePerRequest(parts, 5)}`);
  }
  return rounds;
}

function addSpent(spent: Map<string, number>, before: CpuSnapshot, after: CpuSnapshot): void {
  for (const [name, seconds] of cpuSpent(before, after)) spent.set(name, (spent.get(name) ?? 0) + seconds);
}

async function fetchText(target: Target): Promise<string> {
  const response = await fetch(target.url, { method: target.method ?? 'GET', headers: target.headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${target.name} answered ${response.status}: ${text}`);
  return text;
}

const PROMPT_KEYS: (keyof Prompt)[] = [
  'id',
  'title',
  'content',
  'categoryId',
  'isFavorite',
  'usageCount',
  'createdAt',
  'updatedAt',
];

function sameList(expected: number) {
  return (gatewayText: string, baselineText: string): string => {
    const gateway = JSON.parse(gatewayText) as Prompt[];
    const baseline = JSON.parse(baselineText) as Prompt[];
    if (gateway.length !== expected || baseline.length !== expected) {
      throw new Error(`Expected ${expected} prompts, got ${gateway.length} and ${baseline.length}`);
    }
    const normalize = (prompt: Prompt) => JSON.stringify(prompt, PROMPT_KEYS);
    const differing = gateway.findIndex((prompt, index) => normalize(prompt) !== normalize(baseline[index]));
    if (differing !== -1) throw new Error(`The lists differ first at position ${differing}`);
    return (
      `the same ${expected} prompts (every field equal, newest first), ` +
      `${kB(gatewayText)} / ${kB(baselineText)}, byte-identical: ${gatewayText === baselineText ? 'yes' : 'no'}`
    );
  };
}

function sameJson(gateway: string, baseline: string): string {
  if (canonical(JSON.parse(gateway)) !== canonical(JSON.parse(baseline))) {
    throw new Error(`The answers differ: ${gateway} vs ${baseline}`);
  }
  return `the same answer, ${gateway}`;
}

/** A write's answers differ in the count itself (each side has counted more uses); the shape must not. */
function sameShape(gateway: string, baseline: string): string {
  const shape = (text: string) =>
    canonical(JSON.parse(text), (value) => (typeof value === 'number' ? 'number' : value));
  if (shape(gateway) !== shape(baseline)) throw new Error(`The answers differ: ${gateway} vs ${baseline}`);
  return `answers of the same shape, ${gateway} / ${baseline}`;
}

function canonical(value: unknown, leaf: (value: unknown) => unknown = (v) => v): string {
  const sort = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(sort);
    if (item && typeof item === 'object') {
      return Object.fromEntries(
        Object.entries(item)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, inner]) => [key, sort(inner)]),
      );
    }
    return leaf(item);
  };
  return JSON.stringify(sort(value));
}

function printMachine(namespace: string, pairs: Pair[]): void {
  console.log(
    [
      `Common requests benchmark — namespace ${namespace}`,
      machineLine(),
      `Load: autocannon, ${CONNECTIONS} connections, ${ROUNDS} rounds × ${SECONDS} s per server, in turn ` +
        `(gateway, baseline, floor), after ${WARMUP_SECONDS} s warm-up each; Accept-Encoding: ${ACCEPT_ENCODING}`,
      `Stack: production defaults (log level info: request logs on; compression on); pairs: ${pairs
        .map((pair) => pair.name)
        .join(', ')}`,
      'This is a shared, noisy machine: absolute figures wander; the ratio within one run is what counts.',
    ].join('\n'),
  );
}

const HEADER = ['', 'server', 'req/s', 'p50 ms', 'p95 ms', 'MB/s', 'errors / timeouts / non-2xx'];
const WIDTHS = [7, 10, 9, 9, 9, 8, 0];

function line(cells: string[]): string {
  return cells
    .map((cell, i) => cell.padEnd(WIDTHS[i]))
    .join('')
    .trimEnd();
}

function row(label: string, name: string, f: Figures): string {
  return line([
    label,
    name,
    f.rps.toFixed(1),
    f.p50.toFixed(1),
    f.p95.toFixed(1),
    mb(f.bytesPerSecond),
    f.failures,
  ]);
}

function printRounds(rounds: Rounds): void {
  console.log(`  ${line(HEADER)}`);
  rounds.forEach((round, index) => {
    round.forEach((result, position) => {
      console.log(`  ${row(position === 0 ? `#${index + 1}` : '', result.target, figures(result))}`);
    });
    const [gateway, baseline] = round.map((result) => figures(result).rps);
    console.log(`  ${line(['', 'ratio', (gateway / baseline).toFixed(2)])}`);
  });
}

/** Requests per second of each target over all rounds, in the order gateway, baseline, floor. */
function throughput(rounds: Rounds): Figures[] {
  return rounds[0].map((_, position) => figures(combine(rounds.map((round) => round[position]))));
}

function ratio(rounds: Rounds): number {
  const [gateway, baseline] = throughput(rounds);
  return gateway.rps / baseline.rps;
}

function summaryLine(pair: Pair, rounds: Rounds): string {
  const [g, b, floor] = throughput(rounds);
  const value = ratio(rounds);
  const floorPart = floor
    ? `; floor ${floor.rps.toFixed(0)} req/s = ${(floor.rps / b.rps).toFixed(2)} of the baseline, ` +
      `the gateway ${(g.rps / floor.rps).toFixed(2)} of the floor`
    : '';
  return (
    `  ${pair.name.padEnd(10)} ${g.rps.toFixed(0).padStart(6)} vs ${b.rps.toFixed(0).padStart(6)} req/s, ` +
    `p50 ${g.p50.toFixed(1)} vs ${b.p50.toFixed(1)} ms — ratio ${value.toFixed(2)}, ` +
    `${pair.goal === undefined ? 'no goal' : `goal ≥ ${pair.goal} ${value >= pair.goal ? 'met' : 'NOT met'}`}` +
    floorPart
  );
}

function kB(text: string): string {
  return `${(Buffer.byteLength(text) / 1024).toFixed(0)} kB`;
}

function mb(bytesPerSecond: number): string {
  return (bytesPerSecond / 2 ** 20).toFixed(1);
}

runBench(bench);
