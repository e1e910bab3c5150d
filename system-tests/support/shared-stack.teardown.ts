// jest.e2e.config.js's globalTeardown: the shared stack stopped and its namespace removed.
export { stopSharedStack as default } from './shared-stack';
