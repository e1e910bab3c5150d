// jest.e2e.config.js's globalSetup: the browser tests' shared stack, started once per run.
import { startSharedStack } from './shared-stack';

export default () => startSharedStack('e2e');
