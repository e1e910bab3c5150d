module.exports = {
  ...require('../jest.base.js').shared,
  testMatch: ['<rootDir>/failover/**/*.int-spec.ts'],
  maxWorkers: 1,
  // In this one process, a connection or an app's pipe a failed file left open would hold the run
  // open forever (jest.base.js's integration settings say more).
  forceExit: true,
  // The harness's phases run for seconds each, replicas start and stop between them.
  testTimeout: 90_000,
};
