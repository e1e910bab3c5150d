import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppSpec } from './apps';
import { freePort } from '@promptlib/platform/testing';
import { repoRoot } from './exec';

export type RunningApp = {
  spec: AppSpec;
  child: ChildProcess;
  healthPort: number;
  exited: Promise<number | null>;
};

export type StartOptions = {
  /** Extra flags for node itself, e.g. the CPU profiler's. */
  nodeOptions?: string[];
  /** Where the app's stdout and stderr go instead of this terminal (a bench must not print every log line). */
  logFd?: number;
  /** The prefix of its output lines: the app's name, or e.g. `gateway#2` for a replica. */
  label?: string;
};

/**
 * Starts an app with its output prefixed by its name, so several processes share one terminal
 * legibly. Each gets a free health port of its own, which is how the runner knows it is ready.
 */
export async function startApp(
  spec: AppSpec,
  env: NodeJS.ProcessEnv,
  { nodeOptions = [], logFd, label = spec.name }: StartOptions = {},
): Promise<RunningApp> {
  const healthPort = await freePort();
  const child = spawn(process.execPath, [...nodeOptions, join(repoRoot, spec.entry)], {
    cwd: repoRoot,
    env: { ...env, HEALTH_PORT: String(healthPort) },
    stdio: logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`));
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { spec, child, healthPort, exited };
}

export async function waitForReady(app: RunningApp, timeoutMs = 60_000): Promise<void> {
  const url = `http://127.0.0.1:${app.healthPort}/health/ready`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null)
      throw new Error(`${app.spec.name} exited with code ${app.child.exitCode} while starting`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${app.spec.name} was not ready within ${timeoutMs / 1000} s (${url})`);
}

/** SIGTERM lets each app drain; one that outlives its grace is killed. */
export async function stopApps(running: RunningApp[], timeoutMs = 15_000): Promise<void> {
  await Promise.all(
    running.map(async (app) => {
      if (app.child.exitCode !== null) return;
      app.child.kill('SIGTERM');
      const timer = setTimeout(() => app.child.kill('SIGKILL'), timeoutMs);
      await app.exited;
      clearTimeout(timer);
    }),
  );
}
