import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@promptlib/platform/testing';
import { repoRoot } from './exec';

const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 20_000;

/**
 * Runs `npm start`'s entry point as a user would, on private ports: it must print its URL, serve
 * the page and the API there, and on Ctrl-C (SIGINT) stop everything and exit 0.
 */
export async function smokeTestStart(env: NodeJS.ProcessEnv): Promise<number> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(repoRoot, 'tools', 'bin', 'start.mjs')], {
    cwd: repoRoot,
    env: {
      ...env,
      NODE_ENV: 'development',
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const problems: string[] = [];
  try {
    const url = `http://localhost:${port}`;
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!output.includes(`Prompt Library is running at ${url}`)) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error('npm start did not report its URL');
      await sleep(200);
    }
    const page = await fetch(`${url}/`);
    if (page.status !== 200 || !(await page.text()).includes('<title>Prompt Library</title>')) {
      problems.push(`GET / answered ${page.status} without the app page`);
    }
    const ready = await fetch(`${url}/api/ready`);
    if (ready.status !== 200) problems.push(`GET /api/ready answered ${ready.status}`);
  } catch (error) {
    problems.push((error as Error).message);
  }

  child.kill('SIGINT');
  const code = await Promise.race([exited, sleep(STOP_TIMEOUT_MS).then(() => 'timeout' as const)]);
  if (code === 'timeout') {
    child.kill('SIGKILL');
    problems.push(`npm start did not stop within ${STOP_TIMEOUT_MS / 1000} s of Ctrl-C`);
  } else if (code !== 0) {
    problems.push(`npm start exited with ${code} after Ctrl-C`);
  }
  if (await isListening(port)) problems.push(`port ${port} still answers after npm start stopped`);

  if (problems.length === 0) {
    console.log(`npm start served http://localhost:${port} and stopped cleanly on Ctrl-C`);
    return 0;
  }
  console.error(`${problems.join('\n')}\n--- npm start output ---\n${output}`);
  return 1;
}

async function isListening(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/api/health`);
    return true;
  } catch {
    return false;
  }
}
