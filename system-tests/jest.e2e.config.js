module.exports = {
  ...require('../jest.base.js'),
  testMatch: ['<rootDir>/e2e/**/*.e2e-spec.ts'],
  // One browser and one set of processes at a time: in parallel they would only compete for the two cores.
  maxWorkers: 1,
  // A page load, an axe scan and a Chromium start each take seconds on a busy machine.
  testTimeout: 60_000,
};
