import { randomBytes } from 'node:crypto';
import { ensureChromium } from '../browser/ensure-chromium';
import { provisionInfra, stopServers, type ProvisionedInfra } from '../infra/bootstrap';
import {
  formatSeconds,
  labelled,
  nxArgs,
  nxEnv,
  runCommand,
  runLabelled,
  runTogether,
  type LabelledCommand,
} from './exec';
import { removeNamespace } from './namespace-cleanup';
import { smokeTestStart } from './smoke-start';

const SYSTEM_TESTS = '@promptlib/system-tests';

// The packages' integration tests in two lanes, each under a namespace of its own: the tools'
// alone in one, every other package (and any new one) in the other. Measured on a loaded machine:
// tools 484 s (the failover and sandbox tests), against platform 161, gateway 133, auth 32,
// library 25 and sharing 24 s, with billing.
const SECOND_LANE = ['@promptlib/tools'];

// Every package is built before the suites run: nx must not build them again, least of all in two
// lanes at once writing the same dist/ files (CI skips nx's cache, so nothing would be reused).
const builtAlready = (args: string[]) => nxArgs([...args, '--excludeTaskDependencies']);

type Step = { title: string; run: () => Promise<number> };
type Outcome = { title: string; code: number; ms: number };

/** A namespace of its own per run, so a running `npm start` or a second run never meets this one's data. */
function runNamespace(): string {
  return `plt_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
}

// A machine without Chromium fails this step alone; the smoke test after it still runs.
async function browserTests(env: NodeJS.ProcessEnv): Promise<number> {
  let chromium: string;
  try {
    chromium = await ensureChromium((line) => console.log(`[browser] ${line}`), env);
  } catch (error) {
    console.error(`✖ ${(error as Error).message}`);
    return 1;
  }
  return runCommand(...builtAlready(['run-many', '-t', 'e2e']), { ...env, CHROMIUM_PATH: chromium });
}

/**
 * Checks that need no Postgres, Redis or NATS, one after another in a lane of their own: unit tests
 * first, as they fail fastest, then the static checks. One core's work, beside the integration tests.
 */
function checkSteps(): Step[] {
  const env = { ...process.env, ...nxEnv };
  const check = (command: [string, string[]]) => () => runLabelled({ label: 'checks', command }, env);
  return [
    { title: 'Unit tests', run: check(nxArgs(['run-many', '-t', 'test:unit', '--parallel=1'])) },
    { title: 'Format (prettier)', run: check(['npx', ['prettier', '--check', '.', '--log-level', 'warn']]) },
    {
      title: 'Lint and typecheck',
      run: check(builtAlready(['run-many', '-t', 'lint', 'typecheck', '--parallel=1'])),
    },
    { title: 'Module boundaries', run: check(['npm', ['run', '-s', 'check:boundaries']]) },
    { title: 'Deploy checks', run: check(nxArgs(['run', `${SYSTEM_TESTS}:test:deploy`])) },
  ];
}

/**
 * The packages' integration tests in two lanes beside the system tests, the longest project, which
 * would otherwise start last. Each lane has a namespace of its own under the run's, so no two lanes
 * share a database, stream or key whatever names their test files pick.
 */
function integrationLanes(namespace: string): LabelledCommand[] {
  const lane = (label: string, suffix: string, command: [string, string[]]): LabelledCommand => ({
    label,
    command,
    env: { APP_NAMESPACE: `${namespace}_${suffix}` },
  });
  const integration = ['run-many', '-t', 'test:integration', '--parallel=1'];
  return [
    lane(
      'pkgs-a',
      'pa',
      builtAlready([...integration, `--exclude=${[SYSTEM_TESTS, ...SECOND_LANE].join(',')}`]),
    ),
    lane('pkgs-b', 'pb', builtAlready([...integration, `--projects=${SECOND_LANE.join(',')}`])),
    lane('system', 'sy', builtAlready(['run', `${SYSTEM_TESTS}:test:integration`])),
  ];
}

/**
 * `npm test` after install and build. The checks that need no services run in a lane of their own
 * from the start; beside them, Postgres, Redis and NATS are provisioned under a private namespace
 * and the integration tests run in three lanes. Then, alone as they are CPU heavy, the browser tests
 * and the smoke tests. The namespace is removed afterwards. Returns the exit code.
 */
export async function runAllSuites(startedAt: number): Promise<number> {
  const namespace = runNamespace();
  const outcomes: Outcome[] = [];
  const runStep = async (step: Step, label?: string): Promise<void> => {
    const say = (line: string) => console.log(label ? labelled(label, line) : `\n${line}`);
    say(`▶ ${step.title}`);
    const began = Date.now();
    const code = await step.run();
    outcomes.push({ title: step.title, code, ms: Date.now() - began });
    say(`${code === 0 ? '✔' : '✖'} ${step.title} (${formatSeconds(Date.now() - began)})`);
  };

  const checks = (async () => {
    for (const step of checkSteps()) await runStep(step, 'checks');
  })();

  let infra: ProvisionedInfra | undefined;
  try {
    const provisionStart = Date.now();
    infra = await provisionInfra({ namespace, env: process.env });
    console.log(
      `✔ Infrastructure ready for namespace ${namespace} (${formatSeconds(Date.now() - provisionStart)})`,
    );

    const testEnv: NodeJS.ProcessEnv = {
      ...process.env,
      ...nxEnv,
      NODE_ENV: 'test',
      APP_NAMESPACE: namespace,
      DATABASE_URL: infra.databaseUrl,
      REDIS_URL: infra.redisUrl,
      NATS_URL: infra.natsUrl,
    };
    await runStep({
      title: 'Integration tests',
      run: () => runTogether(integrationLanes(namespace), testEnv),
    });
    await checks;

    const after: Step[] = [
      { title: 'Browser end-to-end tests', run: () => browserTests(testEnv) },
      {
        // Figures printed, never asserted: only a harness that cannot run fails this step.
        title: 'Load mix smoke (npm run bench:mix, 10 s)',
        run: () => runCommand('npm', ['run', '-s', 'bench:mix'], { ...testEnv, BENCH_SECONDS: '10' }),
      },
      {
        title: 'npm start smoke test',
        run: () => smokeTestStart({ ...testEnv, APP_NAMESPACE: `${namespace}_start` }),
      },
    ];
    for (const step of after) await runStep(step);
  } catch (error) {
    console.error(`\n✖ ${(error as Error).message}`);
    outcomes.push({ title: 'Provisioning', code: 1, ms: 0 });
  } finally {
    // The checks lane reports its own outcomes, whatever happened to the services.
    await checks;
    if (infra) {
      const problems = await removeNamespace(namespace, infra);
      for (const problem of problems) console.error(`Cleanup of ${namespace} incomplete: ${problem}`);
      await stopServers(infra.started);
    }
  }

  console.log('\nSummary');
  for (const outcome of outcomes) {
    console.log(
      `  ${outcome.code === 0 ? '✔' : '✖'} ${outcome.title.padEnd(30)} ${formatSeconds(outcome.ms)}`,
    );
  }
  const failed = outcomes.some((outcome) => outcome.code !== 0);
  console.log(
    `\n${failed ? '✖ npm test failed' : '✔ npm test passed'} in ${formatSeconds(Date.now() - startedAt)}`,
  );
  return failed ? 1 : 0;
}
