// The e2e project's globalSetup: the browser tests' shared stack, started once per run, stopped and
// its namespace removed by the function it returns.
import { startSharedStack } from './shared-stack';

export default function setup(): Promise<() => Promise<void>> {
  return startSharedStack('e2e');
}
