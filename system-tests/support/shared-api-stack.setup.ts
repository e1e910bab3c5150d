// jest.config.js's globalSetup: the API tests' shared stack, started once per jest run. npm test
// runs two such runs at once (the system tests' two lanes): the process id keeps their namespaces apart.
import { startSharedStack } from './shared-stack';

export default () => startSharedStack(`api${process.pid}`);
