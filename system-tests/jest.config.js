module.exports = {
  ...require('../jest.base.js').shared,
  testMatch: ['<rootDir>/api/**/*.int-spec.ts'],
  // One stack (auth, library, sharing and a gateway) for every file that needs no other services,
  // no other settings of them and stops none: a stack of its own cost a file about 5 s of CPU.
  globalSetup: '<rootDir>/support/shared-api-stack.setup.ts',
  globalTeardown: '<rootDir>/support/shared-stack.teardown.ts',
  // Every file's fetch lets go of an idle connection long before the gateway would.
  setupFiles: ['<rootDir>/support/short-keep-alive.ts'],
  // Each file starts its own processes; two files at once would only compete for the two cores.
  maxWorkers: 1,
  // In this one process, a connection or an app's pipe a failed file left open would hold the run
  // open forever (jest.base.js's integration settings say more).
  forceExit: true,
  // Tests start and stop processes and wait for events between them: seconds each, more when loaded.
  testTimeout: 90_000,
};
