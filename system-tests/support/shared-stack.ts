import { gatewayEnvOf, startGatewayOn, startStack, type Gateway, type StackAddress } from './stack';

/**
 * One stack for every test file of a run that needs nothing but the default services: started once
 * by a project's globalSetup, which hands its address to the test files through the environment. The
 * browser tests have one, the API tests another. A file needing other services, other settings for
 * them, or a service stopped, starts a stack of its own; a file on the shared stack keeps to users
 * of its own, and starts its own gateways for settings of its own.
 */
export const SHARED_STACK_SERVICES = ['auth', 'library', 'sharing'] as const;

const ADDRESS_VARIABLE = 'PROMPTLIB_SHARED_STACK';

export type SharedStack = StackAddress & {
  gatewayUrl: string;
  /** What a gateway of the stack is started with, before a file's own settings. */
  gatewayEnv: Record<string, string>;
};

/**
 * A project's globalSetup: the stack and its gateway, their address left in the environment for the
 * test files. Returns what stops the stack and removes its namespace, the project's teardown.
 */
export async function startSharedStack(suffix: string): Promise<() => Promise<void>> {
  const stack = await startStack(suffix, [...SHARED_STACK_SERVICES]);
  try {
    const gateway = await stack.startGateway();
    const address: SharedStack = {
      namespace: stack.namespace,
      env: stack.env,
      gatewayUrl: gateway.url,
      gatewayEnv: gatewayEnvOf(stack),
    };
    process.env[ADDRESS_VARIABLE] = JSON.stringify(address);
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack.stop;
}

/** In a test file: the shared stack's address. */
export function sharedStack(): SharedStack {
  const address = process.env[ADDRESS_VARIABLE];
  if (!address) {
    throw new Error(`${ADDRESS_VARIABLE} is not set: run the file with its project in vitest.config.mjs`);
  }
  return JSON.parse(address) as SharedStack;
}

export type SharedStackInFile = StackAddress & {
  /** The shared stack's gateway. */
  gateway: Pick<Gateway, 'url'>;
  /** A gateway of the file's own on the shared services, `env` on top of the stack's settings. */
  startGateway: (env?: Record<string, string>) => Promise<Gateway>;
  /** Stops the gateways the file started; the services go on for the other files. */
  stop: () => Promise<void>;
};

/** In an API test file: the shared stack, with what the file starts on it stopped by `stop`. */
export function joinSharedStack(): SharedStackInFile {
  const shared = sharedStack();
  const gateways: Gateway[] = [];
  return {
    namespace: shared.namespace,
    env: shared.env,
    gateway: { url: shared.gatewayUrl },
    startGateway: async (env = {}) => {
      const gateway = await startGatewayOn(shared.gatewayEnv, env);
      gateways.push(gateway);
      return gateway;
    },
    stop: async () => {
      await Promise.all(gateways.map((gateway) => gateway.stop()));
    },
  };
}
