// jest.e2e.config.js's globalSetup: the browser tests' shared stack, started once per run.
export { startSharedStack as default } from './shared-stack';
