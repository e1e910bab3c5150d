import { freePort } from '@promptlib/platform/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const repoRoot = join(__dirname, '..', '..');

export type AppProcess = {
  name: string;
  child: ChildProcess;
  healthPort: number;
  output: () => string;
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/** Starts a built app (`<dir>/dist/main.js`) as production would, and waits until its readiness says so. */
export async function startApp(
  name: string,
  dir: string,
  env: Record<string, string>,
  // An app starts in about 2 s of CPU; beside npm test's other lanes on a loaded machine, auth once
  // took over 30 s to be ready and billing once more than 60 s. This catches a hang, not slowness.
  timeoutMs = 120_000,
): Promise<AppProcess> {
  const healthPort = Number(env.HEALTH_PORT) || (await freePort());
  const child = spawn(process.execPath, [join(repoRoot, dir, 'dist', 'main.js')], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, HEALTH_PORT: String(healthPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const app: AppProcess = {
    name,
    child,
    healthPort,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  const deadline = Date.now() + timeoutMs;
  // What the readiness check last said: not listening yet, or which dependency it still waits for.
  let lastAnswer = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with ${child.exitCode} while starting:\n${output}`);
    try {
      const answer = await fetch(`http://127.0.0.1:${healthPort}/health/ready`);
      if (answer.ok) return app;
      lastAnswer = `${answer.status} ${await answer.text()}`;
    } catch (error) {
      lastAnswer = `not listening (${(error as Error).message})`;
    }
    await sleep(100);
  }
  await app.stop('SIGKILL');
  throw new Error(`${name} was not ready within ${timeoutMs} ms (readiness: ${lastAnswer}):\n${output}`);
}
