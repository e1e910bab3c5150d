import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { repoRoot } from './exec';
import { startApp, stopApps, waitForReady, type RunningApp } from './supervisor';

let dir: string;
const started: RunningApp[] = [];

/** An app made of `script`, started the way the runner starts ours (entry relative to the repo). */
async function appOf(name: string, script: string): Promise<RunningApp> {
  const file = join(dir, `${name}.js`);
  writeFileSync(file, script);
  const app = await startApp({ name, entry: relative(repoRoot, file) }, process.env);
  started.push(app);
  return app;
}

const SERVES_READY = `
  console.log('starting up');
  require('node:http')
    .createServer((request, response) => response.writeHead(request.url === '/health/ready' ? 200 : 404).end())
    .listen(Number(process.env.HEALTH_PORT), '127.0.0.1');`;

describe('the runner’s app supervisor', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'supervisor-spec-'));
  });
  afterEach(async () => {
    await stopApps(started.splice(0), 2_000);
    vi.restoreAllMocks();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('knows an app is ready by its health port, prints its lines under its name, and stops it with SIGTERM', async () => {
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => printed.push(line));
    const app = await appOf('ready-app', SERVES_READY);
    await waitForReady(app, 20_000);
    expect(printed).toContain('[ready-app] starting up');
    await stopApps([app]);
    expect(app.child.signalCode).toBe('SIGTERM');
  });

  it('says which app exited while starting, and with what code', async () => {
    const app = await appOf('crashing-app', 'process.exit(3);');
    await expect(waitForReady(app, 20_000)).rejects.toThrow('crashing-app exited with code 3 while starting');
  });

  it('says which app was not ready in time, and where it was asked', async () => {
    const app = await appOf('silent-app', 'setInterval(() => {}, 1_000);');
    await expect(waitForReady(app, 600)).rejects.toThrow(
      `silent-app was not ready within 0.6 s (http://127.0.0.1:${app.healthPort}/health/ready)`,
    );
  });

  it('kills an app that outlives its grace after SIGTERM', async () => {
    const app = await appOf(
      'stubborn-app',
      `process.on('SIGTERM', () => console.log('not stopping')); ${SERVES_READY}`,
    );
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await waitForReady(app, 20_000);
    await stopApps([app], 300);
    expect(app.child.signalCode).toBe('SIGKILL');
  });
});
