import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Every Node package's integration tests: test/**/*.int-spec.ts against the real Postgres, Redis and
// NATS, one file after another in one worker. The files share their modules (Nest, TypeORM, rxjs,
// the platform): jest, a run per package and a module registry per file, loaded them again for each
// of the 41 files. One package's: `npx vitest run -c vitest.integration.mjs services/auth`.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    environment: 'node',
    // Every workspace package's test/ folder (the system tests have their own config).
    include: ['*/test/**/*.int-spec.ts', '*/*/test/**/*.int-spec.ts'],
    globals: true,
    isolate: false,
    // Each file starts processes and servers of its own: two at once would only compete for the cores.
    fileParallelism: false,
    maxWorkers: 1,
    restoreMocks: true,
    // Our packages as their builds compiled them, as the processes the tests start run them.
    server: { deps: { external: [/\/dist\//, /\/dist-testing\//] } },
    // Tests start processes and servers and wait on relays, sweeps and queues: under a second each
    // alone, but starting a Node process took over 5 s beside npm test's other lanes on a loaded
    // machine. Timeouts catch a hang, not slowness.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
