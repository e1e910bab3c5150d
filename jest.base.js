// Shared jest settings: tests are compiled as the packages' builds compile their code.
const { join } = require('node:path');
const { swcOptions } = require('./tools/build/swc-options.cjs');

/** @type {import('jest').Config} */
const shared = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)s$': ['@swc/jest', swcOptions] },
  // Packages published as ES modules only, which jest (unlike Node) cannot require as they are.
  transformIgnorePatterns: [
    '/node_modules/(?!(jose|content-disposition|@fastify/static/node_modules/content-disposition)/)',
  ],
  moduleFileExtensions: ['ts', 'js', 'json'],
};

// Each entry point a package.json `exports`, at its TypeScript source: unit tests need no build, so
// a changed rule answers in seconds and `test:unit` waits for no other package.
const source = (path) => join(__dirname, path);
const ourPackagesFromSource = {
  '^@promptlib/proto$': source('proto/src/index.ts'),
  '^@promptlib/platform$': source('platform/src/index.ts'),
  '^@promptlib/platform/service$': source('platform/src/service.ts'),
  '^@promptlib/platform/testing$': source('platform/testing/index.ts'),
  '^@promptlib/platform/testing/services$': source('platform/testing/services.ts'),
  '^@promptlib/tools/testing$': source('tools/src/testing.ts'),
  '^@promptlib/gateway/config$': source('gateway/src/config/gateway-config.ts'),
  '^@promptlib/(auth|library|sharing|billing)/config$': source('services/$1/src/config/$1-config.ts'),
};

// Unit: src/**/*.spec.ts beside the code, collaborators replaced; no Postgres, Redis or NATS.
/** @type {import('jest').Config} */
const unit = {
  ...shared,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  moduleNameMapper: ourPackagesFromSource,
};

// Integration: test/**/*.int-spec.ts against the real Postgres, Redis and NATS, on the built
// packages, as the processes they start (fixtures, services) run them.
/** @type {import('jest').Config} */
const integration = {
  ...shared,
  testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
  // Tests start processes and servers and wait on relays, sweeps and queues: under a second each
  // alone, but starting a Node process took over 5 s beside npm test's other lanes on a loaded
  // machine. Timeouts here catch a hang, not slowness: on a machine where every file took three to
  // five times its usual time, the tighter ones (this was 20 s) failed tests that were only slow.
  testTimeout: 60_000,
  // Every suite stops what it starts, but one that fails midway can leave a connection or a child
  // process's pipe open. Jest, running the files in its own process (one worker, as on two cores),
  // then waited for it forever instead of ending the run: it exits once every result is in.
  forceExit: true,
};

module.exports = { shared, unit, integration };
