import type { CreatedApiKey } from '@promptlib/proto';
import { randomBytes } from 'node:crypto';
import { envNumber, loadAverage, machineLine, runBench, type BenchRun } from './bench-run';
import { registerUser, startBenchStack } from './bench-stack';
import { combine, expectOk, figures, postJson, runLoad, type Round, type Target } from './load';

/**
 * The MCP server's `prompts/get` of a template with two blanks (gateway → key looked up at auth →
 * library: the prompt, then the use counted) beside GET /api/user/limits (session → library) and
 * an MCP ping (the key and the protocol alone), alternately in one run, 10 connections each, the per-key request limit raised so one load
 * generator is not refused. Prints p50 and p95 of each; the goal for prompts/get is p50 ≤ 15 ms
 * and p95 ≤ 40 ms on this machine. Asserts nothing: a shared machine's numbers are not pass/fail.
 *
 *   BENCH_ROUNDS, BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_CONNECTIONS
 */
const ROUNDS = envNumber('BENCH_ROUNDS', 3);
const SECONDS = envNumber('BENCH_SECONDS', 10);
const WARMUP_SECONDS = envNumber('BENCH_WARMUP_SECONDS', 5);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 10);

async function bench({ namespace, cleanup }: BenchRun): Promise<void> {
  process.env.RATE_LIMIT_REQUESTS_PER_API_KEY = '100000000/1m';
  process.env.RATE_LIMIT_WRITES_PER_USER = '100000000/1m';
  const stack = await startBenchStack(namespace, cleanup);
  const user = await registerUser(stack.gatewayUrl, `bench_${randomBytes(4).toString('hex')}`);
  const signedIn = { Cookie: user.cookie, Origin: stack.gatewayUrl, 'Accept-Encoding': 'identity' };
  const prompt = await postJson<{ id: number }>(`${stack.gatewayUrl}/api/prompts`, signedIn, {
    title: 'Code review',
    content: 'Review this {{language}} diff for {{focus=bugs and naming}}, and say what to change first.',
    categoryId: null,
  });
  const { key } = await postJson<CreatedApiKey>(`${stack.gatewayUrl}/api/api-keys`, signedIn, {
    name: 'Bench',
    scope: 'read',
  });
  const targets: Target[] = [
    {
      name: 'prompts/get',
      url: `${stack.gatewayUrl}/mcp`,
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'prompts/get',
        params: { name: `prompt-${prompt.id}`, arguments: { language: 'TypeScript' } },
      }),
    },
    { name: 'limits', url: `${stack.gatewayUrl}/api/user/limits`, headers: signedIn },
    // The protocol's own cost: the key, the server and transport made for the request, no library call.
    {
      name: 'mcp ping',
      url: `${stack.gatewayUrl}/mcp`,
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    },
  ];
  for (const target of targets) await expectOk(target);

  console.log(machineLine());
  console.log(
    `${ROUNDS} rounds of ${SECONDS} s per target, ${CONNECTIONS} connections, alternating; ` +
      `warm-up ${WARMUP_SECONDS} s each`,
  );
  for (const target of targets) await runLoad(target, CONNECTIONS, WARMUP_SECONDS);
  const rounds = new Map<string, Round[]>(targets.map((target) => [target.name, []]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const target of round % 2 === 1 ? targets : [...targets].reverse()) {
      const result = await runLoad(target, CONNECTIONS, SECONDS);
      rounds.get(target.name)!.push(result);
      const f = figures(result);
      console.log(
        `Round ${round} ${target.name.padEnd(11)} ${f.rps.toFixed(0).padStart(6)} req/s  ` +
          `p50 ${f.p50.toFixed(1).padStart(6)} ms  p95 ${f.p95.toFixed(1).padStart(6)} ms  (${f.failures})`,
      );
    }
  }
  console.log('\nAll rounds:');
  for (const target of targets) {
    const f = figures(combine(rounds.get(target.name)!));
    console.log(
      `  ${target.name.padEnd(11)} ${f.rps.toFixed(0)} req/s, p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms (${f.failures})`,
    );
  }
  console.log('Goal for prompts/get: p50 ≤ 15 ms, p95 ≤ 40 ms.');
  console.log(`Load average at the end: ${loadAverage()}`);
}

runBench(bench);
