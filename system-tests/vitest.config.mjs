import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The system tests, one project per suite, each run on its own (`vitest run -c … --project api`):
// api (HTTP against the built apps), e2e (the browser), failover (the harness) and deploy (static
// checks of deploy/). A worker runs its files one after another and they share their modules
// (undici, playwright-core, pg, NATS, the platform): jest's module registry per file loaded them
// again for each of the 44 API and browser files, about 2 CPU-s a file.
const root = fileURLToPath(new URL('.', import.meta.url));

const shared = {
  environment: 'node',
  globals: true,
  isolate: false,
  // Our packages as their builds compiled them, as the processes the tests start run them.
  server: { deps: { external: [/\/dist\//, /\/dist-testing\//] } },
  // A stack's start, a Chromium's launch: seconds each, more when loaded. This catches a hang.
  hookTimeout: 270_000,
};

// Each file starts processes of its own: two files at once would only compete for the cores.
const oneFileAtATime = { fileParallelism: false, maxWorkers: 1 };

export default defineConfig({
  test: {
    // A shared stack's teardown stops its apps and removes its namespace: seconds, more when loaded
    // (vitest's default waits 10 s, then leaves it half done).
    teardownTimeout: 90_000,
    projects: [
      {
        root,
        test: {
          ...shared,
          name: 'api',
          include: ['api/**/*.int-spec.ts'],
          // One stack (auth, library, sharing and a gateway) for every file that needs no other
          // services, no other settings of them and stops none: a stack of its own cost a file
          // about 5 s of CPU.
          globalSetup: ['support/shared-api-stack.setup.ts'],
          // Every file's fetch lets go of an idle connection long before the gateway would.
          setupFiles: ['support/short-keep-alive.ts'],
          ...oneFileAtATime,
          // Tests start and stop processes and wait for events between them: seconds each, more
          // when loaded. Timeouts catch a hang, not slowness.
          testTimeout: 90_000,
        },
      },
      {
        root,
        test: {
          ...shared,
          name: 'e2e',
          include: ['e2e/**/*.e2e-spec.ts'],
          // One stack for every file that needs no other: one per file cost each file about 7 s of
          // CPU, on the two cores the browsers need.
          globalSetup: ['support/shared-stack.setup.ts'],
          setupFiles: ['support/short-keep-alive.ts'],
          // Two files at a time: a browser test mostly waits (for pages, toasts, events), so two of
          // them on two cores take about 70 % of the time one after the other take (221 s against 316 s).
          maxWorkers: 2,
          // A page load, an axe scan and a Chromium start each take seconds on a busy machine, and a
          // test's time grew three to five times on a slow one: the timeouts catch a hang.
          testTimeout: 180_000,
        },
      },
      {
        root,
        test: {
          ...shared,
          name: 'failover',
          include: ['failover/**/*.int-spec.ts'],
          ...oneFileAtATime,
          // The harness's phases run for seconds each, replicas start and stop between them.
          testTimeout: 90_000,
        },
      },
      {
        root,
        test: {
          ...shared,
          // Static checks of deploy/ (the chart, the compose files, the k6 scripts, the README's
          // tables): no service and no build needed, though the chart check builds its Go renderer
          // on first use.
          name: 'deploy',
          include: ['deploy/**/*.spec.ts'],
          testTimeout: 90_000,
        },
      },
    ],
  },
});
