import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ensureChromium } from '../browser/ensure-chromium';
import { provisionInfra, stopServers, type ProvisionedInfra } from '../infra/bootstrap';
import {
  exitCodeOf,
  formatSeconds,
  repoRoot,
  runTogether,
  stopOnSignals,
  type FailedCommand,
  type Lane,
} from './exec';
import { removeNamespace } from './namespace-cleanup';
import { smokeTestStart } from './smoke-start';
import { startTestBus, TEST_BUS_PASSWORDS, type TestBus } from './test-bus';
import { packagesWithOwnUnitTests } from './workspace-packages';

// Checked with settings of their own (the DOM's, the extension API's types); every other package is in tsconfig.node.json.
const CHECKED_APART = ['frontend', 'extension', 'system-tests'];
// Types are checked by TypeScript 7, the native compiler: the same checks in about a third of the
// CPU time of 5.9's (72 → 21 CPU-s for the four programs), on the step where every core is taken.
// TypeScript 5.9 stays installed as `typescript` for the tools that use its API (ESLint's parser,
// the dependency rules), which 7 does not offer.
const tscScript = join(repoRoot, 'node_modules', 'typescript-native', 'bin', 'tsc');
const tsc = (args: string[]): [string, string[]] => [process.execPath, [tscScript, ...args]];
const vitestBin = join(repoRoot, 'node_modules', '.bin', 'vitest');

// Every package is built before the suites run: each lane starts vitest itself, with the config's
// path (an nx run per lane only computed the project graph again, about 3 s of CPU each).
const vitest = (config: string, args: string[] = []): [string, string[]] => [
  vitestBin,
  ['run', '-c', config, ...args],
];
const SYSTEM_TESTS = 'system-tests/vitest.config.mjs';
const systemTests = (project: string, args: string[] = []) =>
  vitest(SYSTEM_TESTS, ['--project', project, ...args]);

// API files run after the failover harness, in the packages' lane, so that the two lanes take about
// as long (paths from system-tests/).
// Hardening moves with the lanes' lengths: once the API files shared a stack, the packages' lane
// was the longest of the three with it by 46–55 s in three fresh clones, so it went to the system
// tests; since the Stripe event orderings run mostly as a unit spec, the packages' lane ended 54 s
// before the system tests' without it (383.4 s against 437.8, the browser's 420.6), and hardening
// took 34.5 s of the system tests' lane. The system tests' lane still ended last in four runs, by
// 4.5 to 41.7 s (382.3 s against 368.8; 467.6 against 439.5 in a fresh clone), so Google sign-in's
// file (8–13 s) went too.
const SYSTEM_FILES_BESIDE_PACKAGES = [
  'api/library-scale.int-spec.ts',
  'api/google-auth.int-spec.ts',
  'api/billing.int-spec.ts',
  'api/billing-webhooks.int-spec.ts',
  'api/mcp.int-spec.ts',
  'api/hardening.int-spec.ts',
];

// A step that runs lanes adds its failed commands to `failed`, for the summary.
type Step = { title: string; run: (failed: FailedCommand[]) => Promise<number> };
type Outcome = { title: string; code: number; ms: number; failed: FailedCommand[] };

/** A namespace of its own per run, so a running `npm start` or a second run never meets this one's data. */
function runNamespace(): string {
  return `plt_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
}

// A machine without the browsers fails the browser lane alone; the other lanes still run.
async function browserLane(
  env: NodeJS.ProcessEnv,
): Promise<{ lane: Lane; env: Record<string, string> } | null> {
  try {
    const browsers = await ensureChromium((line) => console.log(`[browser] ${line}`), env);
    return {
      lane: {
        label: 'browser',
        commands: [
          systemTests('e2e'),
          // The load mix's smoke run, so the bench keeps working: its figures are printed, never
          // asserted, and read as a loaded machine's. Three seconds reach every route of the mix,
          // the checkout and the cancellation too, for half the CPU of ten (12.8 against 26.2
          // CPU-s alone), on cores the other two lanes need.
          ['env', ['BENCH_SECONDS=3', 'npm', 'run', '-s', 'bench:mix']],
        ],
      },
      env: browsers,
    };
  } catch (error) {
    console.error(`✖ ${(error as Error).message}`);
    return null;
  }
}

/**
 * `npm test` after install and build: static checks, then every test suite against real Postgres,
 * Redis and NATS under a private namespace, which is removed afterwards. Returns the exit code.
 */
export async function runAllSuites(startedAt: number): Promise<number> {
  const namespace = runNamespace();
  let infra: ProvisionedInfra | undefined;
  let bus: TestBus | undefined;
  const outcomes: Outcome[] = [];
  // Ctrl-C stops the step running and skips the rest, and the namespace is still removed below:
  // ended at once, the run left its databases, Redis users and test bus behind.
  const stop = stopOnSignals();
  try {
    const provisionStart = Date.now();
    infra = await provisionInfra({ namespace, env: process.env });
    console.log(
      `✔ Infrastructure ready for namespace ${namespace} (${formatSeconds(Date.now() - provisionStart)})`,
    );
    // Every suite runs the product under the bus permissions production has, even where the NATS
    // provisioning found (a developer's, CI's) lets anyone do anything.
    bus = await startTestBus((line) => console.log(`[infra] ${line}`));

    const testEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      APP_NAMESPACE: namespace,
      DATABASE_URL: infra.databaseUrl,
      REDIS_URL: infra.redisUrl,
      NATS_URL: bus.url,
      [TEST_BUS_PASSWORDS]: JSON.stringify(bus.passwords),
    };
    const steps: Step[] = [
      {
        // Checks that read the sources and nothing else, and the unit tests, which need no service
        // and no build, side by side: none waits for another, and most keep only part of a core
        // busy (format, boundaries, the deploy checks; 120 s one after another on a fresh machine,
        // 63 s side by side, before the unit tests joined them). The Node packages are type-checked
        // as one program (tsconfig.node.json), which reads the types of their libraries once
        // instead of once per package (55 s → 36 s for that lane). One ESLint for the whole
        // repository: one per package spent most of its time loading the same plugins and parsers
        // (69 CPU-s against 21 CPU-s). One vitest runs every Node package's specs (vitest.unit.mjs),
        // beside the web app's and the extension's: a runner per package spent most of its time
        // starting and loading the same modules (jest's 62 CPU-s for them all → 20).
        // The static checks stay out of the integration step even at a lower priority: run there
        // under `nice -n 10`, with the unit tests alone before, `npm test` took 524.0 s against
        // 506.3 s this way, in two runs one after the other, both keeping 1.73 cores busy (the
        // three lanes' waits are too short to fill).
        title: 'Static checks and unit tests',
        run: (failed) => {
          return runTogether(
            [
              { label: 'format', commands: [['npx', ['prettier', '--check', '.', '--log-level', 'warn']]] },
              {
                label: 'lint',
                commands: [
                  ['npm', ['run', '-s', 'lint']],
                  ['npm', ['run', '-s', 'check:boundaries']],
                ],
              },
              { label: 'tsc', commands: [tsc(['-p', 'tsconfig.node.json'])] },
              {
                label: 'tsc web',
                commands: CHECKED_APART.map((folder) =>
                  tsc(['-p', join(repoRoot, folder, 'tsconfig.json'), '--noEmit']),
                ),
              },
              { label: 'deploy', commands: [systemTests('deploy')] },
              { label: 'unit', commands: [vitest('vitest.unit.mjs')] },
              ...packagesWithOwnUnitTests().map((name): Lane => ({
                label: name.replace('@promptlib/', ''),
                commands: [['npm', ['run', '-s', 'test:unit', '-w', name]]],
              })),
            ],
            testEnv,
            failed,
            stop,
          );
        },
      },
      {
        // Three lanes from the start, side by side: each waits on processes, pages and events for
        // about a quarter of its time, which the others fill (on a quiet machine the integration
        // step took 231 s and the browser step 252 s one after the other). The system tests' API
        // files, the longest project, in one; the packages' tests, the failover harness and a few of
        // the system tests' files in another; the browser tests in the third.
        title: 'Integration and browser tests',
        run: async (failed) => {
          const browser = await browserLane(testEnv);
          const code = await runTogether(
            [
              {
                label: 'packages',
                commands: [
                  // Every package's files one after another: each starts processes of its own, on the
                  // same cores.
                  vitest('vitest.integration.mjs'),
                  systemTests('failover'),
                  systemTests('api', SYSTEM_FILES_BESIDE_PACKAGES),
                ],
              },
              {
                label: 'system',
                commands: [
                  systemTests(
                    'api',
                    SYSTEM_FILES_BESIDE_PACKAGES.flatMap((file) => ['--exclude', file]),
                  ),
                ],
              },
              ...(browser ? [browser.lane] : []),
            ],
            { ...testEnv, ...browser?.env },
            failed,
            stop,
          );
          return browser ? code : 1;
        },
      },
      {
        // After the three lanes, not at the end of the one that ends first: npm start builds, and
        // its build put the web app's files back while the browser tests' gateway served them (a
        // lazy chunk answered 404 mid-test in one of two fresh clones).
        title: 'npm start smoke test',
        run: () => smokeTestStart({ ...testEnv, APP_NAMESPACE: `${namespace}_start` }),
      },
    ];
    for (const step of steps) {
      if (stop.signal) break;
      console.log(`\n▶ ${step.title}`);
      const began = Date.now();
      const failed: FailedCommand[] = [];
      const code = await step.run(failed);
      outcomes.push({ title: step.title, code, ms: Date.now() - began, failed });
      console.log(`${code === 0 ? '✔' : '✖'} ${step.title} (${formatSeconds(Date.now() - began)})`);
    }
  } catch (error) {
    console.error(`\n✖ ${(error as Error).message}`);
    outcomes.push({ title: 'Provisioning', code: 1, ms: 0, failed: [] });
  } finally {
    // The run's streams are on its own bus, which goes whole with its store (after Ctrl-C, which
    // reached the bus too, it has stopped already); then the rest of the namespace.
    await bus?.remove();
    if (infra) {
      const problems = await removeNamespace(namespace, infra);
      for (const problem of problems) console.error(`Cleanup of ${namespace} incomplete: ${problem}`);
      await stopServers(infra.started);
    }
    stop.release();
  }

  console.log('\nSummary');
  for (const outcome of outcomes) {
    console.log(
      `  ${outcome.code === 0 ? '✔' : '✖'} ${outcome.title.padEnd(30)} ${formatSeconds(outcome.ms)}`,
    );
    // What failed, again at the end: a long run's log is read from its end.
    for (const { label, command, code, failures } of outcome.failed) {
      console.log(`      [${label}] ${command} exited ${code}`);
      for (const line of failures) console.log(`        ${line}`);
    }
  }
  if (stop.signal) {
    console.log(`\n✖ npm test stopped by ${stop.signal} after ${formatSeconds(Date.now() - startedAt)}`);
    return exitCodeOf(stop.signal);
  }
  const failed = outcomes.some((outcome) => outcome.code !== 0);
  console.log(
    `\n${failed ? '✖ npm test failed' : '✔ npm test passed'} in ${formatSeconds(Date.now() - startedAt)}`,
  );
  return failed ? 1 : 0;
}
