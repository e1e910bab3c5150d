import { execFile } from 'node:child_process';
import { constants as fsConstants } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';

export type RunOptions = { timeoutMs?: number; env?: NodeJS.ProcessEnv; cwd?: string };
export type RunResult = { stdout: string; stderr: string };

export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

export function runCommand(file: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      {
        timeout: options.timeoutMs ?? 60_000,
        env: options.env ?? process.env,
        cwd: options.cwd,
        maxBuffer: 16 * 1024 * 1024,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        if (error) {
          const detail = lastLines(`${stderr}\n${stdout}`, 5) || error.message;
          reject(new Error(`${programName(file, args)} failed: ${detail}`));
          return;
        }
        resolve({ stdout, stderr });
      },
    );
  });
}

// Debian keeps server binaries in sbin directories that non-root PATHs usually lack, hence extraDirs.
export async function findExecutable(name: string, extraDirs: string[] = []): Promise<string | null> {
  const pathDirs = (process.env.PATH ?? '').split(path.delimiter).filter((dir) => dir !== '');
  for (const dir of [...pathDirs, ...extraDirs]) {
    const candidate = path.join(dir, name);
    if (await isExecutable(candidate)) {
      return candidate;
    }
  }
  return null;
}

export async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export async function readPidFile(file: string): Promise<number | null> {
  try {
    const pid = Number.parseInt((await readFile(file, 'utf8')).split('\n')[0]?.trim() ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export async function isProcessAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A zombie still accepts signal 0 although it has already exited.
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

// Guards against a stale pid whose number now belongs to an unrelated process: every marker (program name,
// port) must appear in its command line, so the machine's own servers on other ports are never touched.
export async function processRuns(pid: number, markers: string[]): Promise<boolean> {
  if (!(await isProcessAlive(pid))) {
    return false;
  }
  try {
    const commandLine = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replace(/\0/g, ' ');
    return markers.every((marker) => commandLine.includes(marker));
  } catch {
    return true;
  }
}

export async function terminate(pid: number, markers: string[]): Promise<boolean> {
  if (!(await processRuns(pid, markers))) {
    return false;
  }
  try {
    process.kill(pid, 'SIGTERM');
    return true;
  } catch {
    return false;
  }
}

export async function tailFile(file: string, lines = 5): Promise<string> {
  try {
    return lastLines(await readFile(file, 'utf8'), lines);
  } catch {
    return `(no log at ${file})`;
  }
}

// Names the program that actually failed, also when it ran through runuser.
function programName(file: string, args: string[]): string {
  const separator = args.indexOf('--');
  const program = path.basename(file) === 'runuser' && separator >= 0 ? (args[separator + 1] ?? file) : file;
  return path.basename(program);
}

// Kept on one line so CLI errors stay one line.
export function lastLines(text: string, count: number): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .slice(-count)
    .join(' | ');
}
