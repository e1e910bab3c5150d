module.exports = {
  ...require('../jest.base.js').shared,
  testMatch: ['<rootDir>/failover/**/*.int-spec.ts'],
  maxWorkers: 1,
  // The harness's phases run for seconds each, replicas start and stop between them.
  testTimeout: 30_000,
};
