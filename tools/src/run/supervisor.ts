import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppSpec } from './apps';
import { repoRoot } from './exec';

export type RunningApp = { spec: AppSpec; child: ChildProcess; exited: Promise<number | null> };

/** Starts an app with its output prefixed by its name, so several processes share one terminal legibly. */
export function startApp(spec: AppSpec, env: NodeJS.ProcessEnv): RunningApp {
  const child = spawn(process.execPath, [join(repoRoot, spec.entry)], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => console.log(`[${spec.name}] ${line}`));
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { spec, child, exited };
}

export async function waitForReady(app: RunningApp, url: string, timeoutMs = 60_000): Promise<void> {
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
