import type { Prompt } from '@promptlib/proto';
import { randomBytes } from 'node:crypto';
import { benchNamespace, cleanUpOnSignals, envNumber, loadAverage, machineLine } from './bench-run';
import { Cleanup, registerUser, startBaseline, startBenchStack } from './bench-stack';
import { combine, figures, runLoad, type Figures, type Round, type Target } from './load';
import { seedPrompts } from './seed-prompts';

/**
 * GET /api/prompts through the gateway (gateway → NATS → library → Postgres) against a bare
 * node:http + pg server answering the same rows, under the same load, alternately in one run.
 * Prints figures; asserts nothing, because a shared machine's numbers are not a pass/fail signal.
 */
const PROMPTS = envNumber('BENCH_PROMPTS', 1_000);
const ROUNDS = envNumber('BENCH_ROUNDS', 3);
const SECONDS = envNumber('BENCH_SECONDS', 10);
// Long enough for the gateway, whose first answers take seconds, to finish a few dozen.
const WARMUP_SECONDS = envNumber('BENCH_WARMUP_SECONDS', 6);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 10);
const GOAL = 0.5;
// Both servers would otherwise differ by whether they compress (the gateway does, the baseline not).
const ACCEPT_ENCODING = 'identity';
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

async function main(): Promise<number> {
  const namespace = benchNamespace();
  const cleanup = new Cleanup();
  cleanUpOnSignals(cleanup, namespace);
  try {
    printMachine(namespace);
    const stack = await startBenchStack(namespace, cleanup);
    const user = await registerUser(stack.gatewayUrl, `bench_${randomBytes(4).toString('hex')}`);
    await seedPrompts(
      { databaseUrl: stack.databaseUrl, userId: user.id, categoryId: user.categoryId },
      PROMPTS,
    );
    const baseline = await startBaseline(stack.databaseUrl, user.id, cleanup);
    const common = { 'Accept-Encoding': ACCEPT_ENCODING, Origin: stack.gatewayUrl };
    const targets: [Target, Target] = [
      {
        name: 'gateway',
        url: `${stack.gatewayUrl}/api/prompts`,
        headers: { ...common, Cookie: user.cookie },
      },
      { name: 'baseline', url: baseline.url, headers: common },
    ];

    await verifySameList(targets);
    for (const target of targets) {
      const warm = await runLoad(target, CONNECTIONS, WARMUP_SECONDS);
      console.log(`Warm-up ${target.name}: ${warm.ok} responses in ${warm.seconds.toFixed(1)} s`);
    }
    const rounds: [Round, Round][] = [];
    for (let index = 1; index <= ROUNDS; index += 1) {
      console.log(`Round ${index}/${ROUNDS}…`);
      rounds.push([
        await runLoad(targets[0], CONNECTIONS, SECONDS),
        await runLoad(targets[1], CONNECTIONS, SECONDS),
      ]);
    }
    printReport(rounds);
    return 0;
  } catch (error) {
    console.error(`\n✖ ${(error as Error).message}`);
    return 1;
  } finally {
    await cleanup.run();
  }
}

/** Both must serve the same list, or comparing their speed means nothing. */
async function verifySameList(targets: [Target, Target]): Promise<void> {
  const [gateway, baseline] = await Promise.all(targets.map(fetchList));
  const normalize = (prompt: Prompt) => JSON.stringify(prompt, PROMPT_KEYS);
  if (gateway.prompts.length !== PROMPTS || baseline.prompts.length !== PROMPTS) {
    throw new Error(
      `Expected ${PROMPTS} prompts, got ${gateway.prompts.length} and ${baseline.prompts.length}`,
    );
  }
  const differing = gateway.prompts.findIndex(
    (prompt, index) => normalize(prompt) !== normalize(baseline.prompts[index]),
  );
  if (differing !== -1) throw new Error(`The lists differ first at position ${differing}`);
  const lengths = gateway.prompts.map((prompt) => prompt.content.length);
  console.log(
    `Verified: both answer the same ${PROMPTS} prompts (ids and every field equal, newest first); ` +
      `content ${Math.min(...lengths)}–${Math.max(...lengths)} chars; ` +
      `body ${kB(gateway.bytes)} (gateway) / ${kB(baseline.bytes)} (baseline), ` +
      `byte-identical: ${gateway.text === baseline.text ? 'yes' : 'no'}; ` +
      `Content-Encoding: ${gateway.encoding} / ${baseline.encoding}\n`,
  );
}

async function fetchList(target: Target) {
  const response = await fetch(target.url, { headers: target.headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${target.name} answered ${response.status}: ${text}`);
  return {
    prompts: JSON.parse(text) as Prompt[],
    text,
    bytes: Buffer.byteLength(text),
    encoding: response.headers.get('content-encoding') ?? 'none',
  };
}

function printMachine(namespace: string): void {
  console.log(
    [
      `Prompt list benchmark — namespace ${namespace}`,
      machineLine(),
      `Load: autocannon, ${CONNECTIONS} connections, ${ROUNDS} rounds × ${SECONDS} s per server, alternating ` +
        `gateway/baseline, after ${WARMUP_SECONDS} s warm-up each; Accept-Encoding: ${ACCEPT_ENCODING}`,
      `Library: ${PROMPTS} prompts of 500–5,000 characters for one user`,
      'This is a shared, noisy machine: absolute figures wander; the ratio within one run is what counts.\n',
    ].join('\n'),
  );
}

function printReport(rounds: [Round, Round][]): void {
  const header = ['', 'server', 'req/s', 'p50 ms', 'p95 ms', 'MB/s', 'errors / timeouts / non-2xx'];
  const widths = [7, 10, 9, 9, 9, 8, 0];
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('')
      .trimEnd();
  const row = (label: string, name: string, f: Figures) =>
    line([
      label,
      name,
      f.rps.toFixed(1),
      f.p50.toFixed(1),
      f.p95.toFixed(1),
      mb(f.bytesPerSecond),
      f.failures,
    ]);

  console.log(`\n${line(header)}`);
  rounds.forEach(([gateway, baseline], index) => {
    const g = figures(gateway);
    const b = figures(baseline);
    console.log(row(`#${index + 1}`, 'gateway', g));
    console.log(row('', 'baseline', b));
    console.log(line(['', 'ratio', (g.rps / b.rps).toFixed(2)]));
  });
  const g = figures(combine(rounds.map(([gateway]) => gateway)));
  const b = figures(combine(rounds.map(([, baseline]) => baseline)));
  console.log(row('all', 'gateway', g));
  console.log(row('', 'baseline', b));
  const ratio = g.rps / b.rps;
  console.log(
    `\nThroughput ratio (gateway req/s ÷ baseline req/s, all rounds): ${ratio.toFixed(2)} — ` +
      `goal ≥ ${GOAL} ${ratio >= GOAL ? 'met' : 'NOT met'}`,
  );
  console.log(`Load average at the end: ${loadAverage()}`);
}

function kB(bytes: number): string {
  return `${(bytes / 1024).toFixed(0)} kB`;
}

function mb(bytesPerSecond: number): string {
  return (bytesPerSecond / 2 ** 20).toFixed(1);
}

void main().then((code) => process.exit(code));
