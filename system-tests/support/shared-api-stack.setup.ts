// The api project's globalSetup: the API tests' shared stack, started once per run, stopped by the
// function it returns. npm test runs two such runs at once (the system tests' two lanes): the
// process id keeps their namespaces apart.
import { startSharedStack } from './shared-stack';

export default function setup(): Promise<() => Promise<void>> {
  return startSharedStack(`api${process.pid}`);
}
