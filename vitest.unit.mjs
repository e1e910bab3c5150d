// The Node packages' unit tests: src/**/*.spec.ts beside the code, collaborators replaced, no
// Postgres, Redis or NATS. One run for every package (the root project's `test:unit` in nx, and
// a lane of npm test): a run per package spent most of its CPU starting and loading the same
// modules (58 CPU-s against 20). One package's: `npx vitest run -c vitest.unit.mjs services/auth`.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path) => fileURLToPath(new URL(path, import.meta.url));

// Each entry point of a package.json `exports`, at its TypeScript source: unit tests need no build,
// so a changed rule answers in seconds and `test:unit` waits for no other package.
const ourPackagesFromSource = [
  { find: /^@promptlib\/proto$/, replacement: source('./proto/src/index.ts') },
  { find: /^@promptlib\/platform$/, replacement: source('./platform/src/index.ts') },
  { find: /^@promptlib\/platform\/service$/, replacement: source('./platform/src/service.ts') },
  { find: /^@promptlib\/platform\/testing$/, replacement: source('./platform/testing/index.ts') },
  {
    find: /^@promptlib\/platform\/testing\/services$/,
    replacement: source('./platform/testing/services.ts'),
  },
  { find: /^@promptlib\/tools\/testing$/, replacement: source('./tools/src/testing.ts') },
  {
    find: /^@promptlib\/gateway\/config$/,
    replacement: source('./gateway/src/config/gateway-config.ts'),
  },
  {
    find: /^@promptlib\/(auth|library|sharing|billing)\/config$/,
    replacement: source('./services/$1/src/config/$1-config.ts'),
  },
];

export default defineConfig({
  resolve: { alias: ourPackagesFromSource },
  test: {
    environment: 'node',
    include: [
      '{proto,platform,gateway,tools,tools/sandboxes}/src/**/*.spec.ts',
      'services/*/src/**/*.spec.ts',
    ],
    // The files of a worker share their modules (Nest, rxjs, zod, the platform): loading them again
    // for each file, as jest did, was most of the run (62 CPU-s against 20 for the same specs).
    // Every spec builds its fakes in its own beforeEach and restores what it stubbed.
    isolate: false,
    restoreMocks: true,
    // A worker per core: vitest's default leaves one free, and these tests are CPU-bound.
    maxWorkers: '100%',
    // A timeout catches a hang, not slowness: beside the rest of npm test's static step on a loaded
    // machine, a spec that starts a sandbox server took over the default 5 s.
    testTimeout: 30_000,
  },
});
