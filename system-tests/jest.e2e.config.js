module.exports = {
  ...require('../jest.base.js').shared,
  testMatch: ['<rootDir>/e2e/**/*.e2e-spec.ts'],
  // One stack (auth, library, sharing and a gateway) for every file that needs no other: starting
  // one per file cost each file about 7 s of CPU, on the two cores the browsers need.
  globalSetup: '<rootDir>/support/shared-stack.setup.ts',
  globalTeardown: '<rootDir>/support/shared-stack.teardown.ts',
  // Every file's fetch lets go of an idle connection long before the gateway would.
  setupFiles: ['<rootDir>/support/short-keep-alive.ts'],
  // Two files at a time: a browser test mostly waits (for pages, toasts, events), so two of them on
  // two cores take about 70 % of the time one after the other take (measured: 221 s against 316 s).
  maxWorkers: 2,
  // A page load, an axe scan and a Chromium start each take seconds on a busy machine, and a test's
  // time grew three to five times on a slow one: the timeouts (this and each test's) catch a hang.
  testTimeout: 180_000,
};
