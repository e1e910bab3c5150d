import { startStack, type Stack, type StackAddress } from './stack';

/**
 * One stack for every browser test file that needs nothing but the default services: started once
 * for the whole run by jest's globalSetup, which hands its address to the test files' workers
 * through the environment. A file needing other services or settings starts a stack of its own.
 */
export const SHARED_STACK_SERVICES = ['auth', 'library', 'sharing'] as const;

const ADDRESS_VARIABLE = 'PROMPTLIB_SHARED_BROWSER_STACK';

export type SharedStack = StackAddress & { gatewayUrl: string };

// jest loads globalSetup and globalTeardown as modules of their own: the running stack is kept on
// the global object they share.
const running = globalThis as typeof globalThis & { sharedBrowserStack?: Stack };

/** jest's globalSetup: the stack and its gateway, their address left in the environment. */
export async function startSharedStack(): Promise<void> {
  const stack = await startStack('e2e', [...SHARED_STACK_SERVICES]);
  running.sharedBrowserStack = stack;
  try {
    const gateway = await stack.startGateway();
    const address: SharedStack = { namespace: stack.namespace, env: stack.env, gatewayUrl: gateway.url };
    process.env[ADDRESS_VARIABLE] = JSON.stringify(address);
  } catch (error) {
    await stopSharedStack();
    throw error;
  }
}

/** jest's globalTeardown. */
export async function stopSharedStack(): Promise<void> {
  await running.sharedBrowserStack?.stop();
  running.sharedBrowserStack = undefined;
}

/** In a test file: the shared stack's address. */
export function sharedStack(): SharedStack {
  const address = process.env[ADDRESS_VARIABLE];
  if (!address) throw new Error(`${ADDRESS_VARIABLE} is not set: run browser tests with jest.e2e.config.js`);
  return JSON.parse(address) as SharedStack;
}
