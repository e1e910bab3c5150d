// Static checks of deploy/ (the chart, the compose files, the k6 scripts, the README's tables): no
// service and no build needed, though the chart check builds its Go renderer on first use.
module.exports = {
  ...require('../jest.base.js').shared,
  testMatch: ['<rootDir>/deploy/**/*.spec.ts'],
  testTimeout: 90_000,
};
