import { spawn, type ChildProcess } from 'node:child_process';

export type TypeScriptProcess = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Runs a TypeScript entry point as its own process, compiled on the fly with decorator metadata. */
export function spawnTypeScript(entry: string, env: Record<string, string>): TypeScriptProcess {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', entry], {
    cwd: `${__dirname}/../..`,
    env: { ...process.env, SWC_NODE_PROJECT: 'tsconfig.json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}
