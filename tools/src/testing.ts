// What the test suites and harnesses of other packages may use from the development tools.
export { TEST_CHROMIUM_ARGS, chromiumExecutable, launchChromium } from './browser/launch-chromium';
export { renderChart, rendererFunctions, type RenderOptions } from './helm/render-chart';

// The infrastructure and the app processes the harnesses in system-tests (failover, containers)
// run the stack on, as npm start and npm test do.
export { installPackages } from './infra/apt';
export { provisionInfra, stopServers, type ProvisionedInfra } from './infra/bootstrap';
export { defaultDataDir } from './infra/data-dir';
export { startNginx, type RunningNginx } from './infra/nginx';
export { findExecutable, isExecutable, isRoot } from './infra/processes';
export { ensurePromtool } from './monitoring/promtool';
export { backUpDatabase, restoreDatabase } from './backup/database-backup';
export { apps, natsUserEnv, type AppSpec } from './run/apps';
export { formatSeconds, repoRoot } from './run/exec';
export {
  databaseLoginsFor,
  redisUsersFor,
  runMigrateSteps,
  type DatabaseLogins,
  type RedisUsers,
} from './run/migrate-step';
export { removeNamespace } from './run/namespace-cleanup';
export { startTestBus, testBusUserEnv, TEST_BUS_PASSWORDS, type TestBus } from './run/test-bus';
export { envFor, provideStripe, type StripeAccess } from './run/stripe-access';
export { startApp, stopApps, waitForReady, type RunningApp } from './run/supervisor';
