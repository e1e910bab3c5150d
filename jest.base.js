// Shared jest settings: tests are compiled as the packages' builds compile their code.
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

module.exports = { shared, integration };
