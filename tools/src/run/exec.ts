import { spawn } from 'node:child_process';
import { join } from 'node:path';

export const repoRoot = join(__dirname, '..', '..', '..');

/** Runs a command with inherited output and resolves to its exit code (never throws on failure). */
export function runCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', env });
    child.once('error', (error) => {
      console.error(`${command} could not run: ${error.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

// CI proves the tree as committed: no cached result from an earlier run on the same machine counts.
const cacheArgs = process.env.CI ? ['--skip-nx-cache'] : [];

export function nxArgs(args: string[]): [string, string[]] {
  return [join(repoRoot, 'node_modules', '.bin', 'nx'), [...args, '--outputStyle=static', ...cacheArgs]];
}

export const nxEnv = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
