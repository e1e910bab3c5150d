module.exports = {
  ...require('../jest.base.js').shared,
  testMatch: ['<rootDir>/e2e/**/*.e2e-spec.ts'],
  // Two files at a time: a browser test mostly waits (for pages, toasts, events), so two of them on
  // two cores take about 70 % of the time one after the other take (measured: 221 s against 316 s).
  maxWorkers: 2,
  // A page load, an axe scan and a Chromium start each take seconds on a busy machine.
  testTimeout: 60_000,
};
