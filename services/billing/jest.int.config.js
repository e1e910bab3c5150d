module.exports = {
  ...require('../../jest.base.js').integration,
  // Integration tests wait on the relay, the sweep and the queue, which a loaded machine slows.
  testTimeout: 20_000,
};
