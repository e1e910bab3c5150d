import type { ShareLink } from '@promptlib/proto';
import { randomBytes } from 'node:crypto';
import { envNumber, loadAverage, machineLine, runBench, type BenchRun } from './bench-run';
import { registerUser, startBenchStack } from './bench-stack';
import { combine, expectOk, figures, postJson, runLoad, type Round, type Target } from './load';

/**
 * Public reads of a share link (gateway → NATS → sharing → Redis cache, no session, the per-client
 * rate limit counted) beside GET /api/user/limits (gateway → session in Redis → NATS → library →
 * Postgres), alternately in one run, with production's defaults except the shared-read limit,
 * raised so that one load generator, one client, is not refused. Prints requests per second (2xx
 * only) and p95 of each and `ratio shared-vs-limits <value>`; the goal is at least 0.8. Asserts
 * nothing: a shared machine's numbers are not a pass/fail signal.
 *
 *   BENCH_ROUNDS, BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_CONNECTIONS
 */
const ROUNDS = envNumber('BENCH_ROUNDS', 3);
const SECONDS = envNumber('BENCH_SECONDS', 10);
const WARMUP_SECONDS = envNumber('BENCH_WARMUP_SECONDS', 5);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 10);
const GOAL = 0.8;

async function bench({ namespace, cleanup }: BenchRun): Promise<void> {
  process.env.RATE_LIMIT_SHARED_READS_PER_CLIENT = '100000000/1m';
  const stack = await startBenchStack(namespace, cleanup);
  const user = await registerUser(stack.gatewayUrl, `bench_${randomBytes(4).toString('hex')}`);
  const signedIn = { Cookie: user.cookie, Origin: stack.gatewayUrl, 'Accept-Encoding': 'identity' };
  const prompt = await postJson<{ id: number }>(`${stack.gatewayUrl}/api/prompts`, signedIn, {
    title: 'A prompt worth sharing',
    content: 'Summarise the text below in three bullet points, plain words, no jargon.\n'.repeat(8),
    categoryId: null,
  });
  const link = await postJson<ShareLink>(`${stack.gatewayUrl}/api/prompts/${prompt.id}/share`, signedIn);
  const targets: Target[] = [
    {
      name: 'shared read',
      url: `${stack.gatewayUrl}/api/shared/${link.shareId}`,
      headers: { 'Accept-Encoding': 'identity' },
    },
    { name: 'limits', url: `${stack.gatewayUrl}/api/user/limits`, headers: signedIn },
  ];
  for (const target of targets) await expectOk(target);

  console.log(machineLine());
  console.log(
    `${ROUNDS} rounds of ${SECONDS} s per target, ${CONNECTIONS} connections, alternating; ` +
      `warm-up ${WARMUP_SECONDS} s each`,
  );
  for (const target of targets) {
    const warm = await runLoad(target, CONNECTIONS, WARMUP_SECONDS);
    console.log(`Warm-up ${target.name}: ${warm.ok} responses`);
  }
  const rounds = new Map<string, Round[]>(targets.map((target) => [target.name, []]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const target of round % 2 === 1 ? targets : [...targets].reverse()) {
      const result = await runLoad(target, CONNECTIONS, SECONDS);
      rounds.get(target.name)!.push(result);
      const f = figures(result);
      console.log(
        `Round ${round} ${target.name.padEnd(11)} ${f.rps.toFixed(0).padStart(6)} req/s  ` +
          `p95 ${f.p95.toFixed(1).padStart(6)} ms  (${f.failures})`,
      );
    }
  }
  const [shared, limits] = targets.map((target) => figures(combine(rounds.get(target.name)!)));
  console.log('\nAll rounds:');
  console.log(
    `  shared read  ${shared.rps.toFixed(0)} req/s, p50 ${shared.p50.toFixed(1)} ms, p95 ${shared.p95.toFixed(1)} ms (${shared.failures})`,
  );
  console.log(
    `  limits       ${limits.rps.toFixed(0)} req/s, p50 ${limits.p50.toFixed(1)} ms, p95 ${limits.p95.toFixed(1)} ms (${limits.failures})`,
  );
  const ratio = shared.rps / limits.rps;
  console.log(
    `Shared reads reach ${(ratio * 100).toFixed(0)} % of the limits route's throughput (goal ≥ ${GOAL * 100} %).`,
  );
  console.log(`Load average at the end: ${loadAverage()}`);
  console.log(`ratio shared-vs-limits ${ratio.toFixed(2)}`);
}

runBench(bench);
