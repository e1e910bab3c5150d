import { randomBytes } from 'node:crypto';
import { ensureChromium } from '../browser/ensure-chromium';
import { provisionInfra, stopServers, type ProvisionedInfra } from '../infra/bootstrap';
import { formatSeconds, labelled, nxArgs, nxEnv, runLabelled } from './exec';
import { removeNamespace } from './namespace-cleanup';
import { smokeTestStart } from './smoke-start';

const SYSTEM_TESTS = '@promptlib/system-tests';

// Every package is built before the suites run: nx must not build them again, least of all in two
// lanes at once writing the same dist/ files (CI skips nx's cache, so nothing would be reused).
const builtAlready = (args: string[]) => nxArgs([...args, '--excludeTaskDependencies']);

type Step = { title: string; run: () => Promise<number> };
type Outcome = { title: string; code: number; ms: number };

/** A namespace of its own per run, so a running `npm start` or a second run never meets this one's data. */
function runNamespace(): string {
  return `plt_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
}

// A machine without Chromium fails this step alone; the others still run.
async function browserTests(env: NodeJS.ProcessEnv): Promise<number> {
  let chromium: string;
  try {
    chromium = await ensureChromium((line) => console.log(labelled('browser', line)), env);
  } catch (error) {
    console.error(labelled('browser', `✖ ${(error as Error).message}`));
    return 1;
  }
  return runLabelled(
    { label: 'browser', command: builtAlready(['run-many', '-t', 'e2e']), env: { CHROMIUM_PATH: chromium } },
    env,
  );
}

/** A step of npm test: what it is called in the summary, and how it runs (resolving to its exit code). */
type Job = Step & { label: string };

/**
 * Every step after the build, longest first. None depends on another, and each that touches the
 * services has a namespace of its own under the run's, so no two share a database, stream or key.
 */
function jobs(namespace: string, env: NodeJS.ProcessEnv): Job[] {
  const job = (
    title: string,
    label: string,
    command: [string, string[]],
    extra: NodeJS.ProcessEnv = {},
  ): Job => ({
    title,
    label,
    run: () => runLabelled({ label, command, env: extra }, env),
  });
  const own = (suffix: string) => ({ APP_NAMESPACE: `${namespace}_${suffix}` });
  return [
    job(
      'System integration tests',
      'system',
      builtAlready(['run', `${SYSTEM_TESTS}:test:integration`]),
      own('sy'),
    ),
    {
      title: 'Browser end-to-end tests',
      label: 'browser',
      run: () => browserTests({ ...env, ...own('e2') }),
    },
    job(
      'Packages integration tests',
      'pkgs',
      builtAlready(['run-many', '-t', 'test:integration', '--parallel=1', `--exclude=${SYSTEM_TESTS}`]),
      own('pk'),
    ),
    job('Lint and typecheck', 'lint', builtAlready(['run-many', '-t', 'lint', 'typecheck', '--parallel=1'])),
    job('Unit tests', 'unit', nxArgs(['run-many', '-t', 'test:unit', '--parallel=1'])),
    {
      title: 'npm start smoke test',
      label: 'start',
      run: () => smokeTestStart({ ...env, APP_NAMESPACE: `${namespace}_start` }),
    },
    job('Load mix smoke (npm run bench:mix, 10 s)', 'mix', ['npm', ['run', '-s', 'bench:mix']], {
      ...own('mx'),
      BENCH_SECONDS: '10',
    }),
    job('Format (prettier)', 'format', ['npx', ['prettier', '--check', '.', '--log-level', 'warn']]),
    job('Deploy checks', 'deploy', nxArgs(['run', `${SYSTEM_TESTS}:test:deploy`])),
    job('Module boundaries', 'bounds', ['npm', ['run', '-s', 'check:boundaries']]),
  ];
}

// The machine's two cores: more steps at once only make each slower (four lanes at once took
// longer in all than two), fewer leave a core idle while a step waits on processes it started.
const WORKERS = 2;

/**
 * `npm test` after install and build: Postgres, Redis and NATS provisioned under a private
 * namespace, then every step on two workers, each taking the next step as it finishes one; the
 * namespace is removed afterwards. Returns the exit code.
 */
export async function runAllSuites(startedAt: number): Promise<number> {
  const namespace = runNamespace();
  const outcomes: Outcome[] = [];
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
    const queue = jobs(namespace, testEnv);
    const worker = async (): Promise<void> => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { title, label, run } = next;
        console.log(labelled(label, `▶ ${title}`));
        const began = Date.now();
        const code = await run();
        outcomes.push({ title, code, ms: Date.now() - began });
        console.log(
          labelled(label, `${code === 0 ? '✔' : '✖'} ${title} (${formatSeconds(Date.now() - began)})`),
        );
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
  } catch (error) {
    console.error(`\n✖ ${(error as Error).message}`);
    outcomes.push({ title: 'Provisioning', code: 1, ms: 0 });
  } finally {
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
