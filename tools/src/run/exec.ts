import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

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

/** A command whose output lines carry its label; `env` is added to the environment it runs in. */
export type LabelledCommand = { label: string; command: [string, string[]]; env?: NodeJS.ProcessEnv };

/** A command that failed, and the lines of its output that named the failures. */
export type FailedCommand = { label: string; command: string; code: number; failures: string[] };

// Every lane's prefix has the same width, whichever steps run at the same time.
const LABEL_WIDTH = 7;

function eachLine(stream: Readable, read: (line: string) => void): void {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', read);
}

// eslint-disable-next-line no-control-regex -- the colour codes test runners write
const COLOUR_CODES = /\u001b\[[0-9;]*m/g;

/**
 * Whether a line of vitest names a failure: a failed test as it ends ("× <test>"), and the heading
 * of each failure's report at the end ("FAIL <file> > <test>", or "FAIL <file>" for a file that
 * could not run).
 */
export function namesFailure(line: string): boolean {
  return /^\s*(FAIL\s|×\s)/.test(line.replace(COLOUR_CODES, ''));
}

// The heading of a failure's report, which its error follows.
const FAILURE_HEADING = /^FAIL\s/;
// Enough to point at what failed, and why, without repeating a whole log.
const FAILURE_LINES_KEPT = 60;
const ERROR_LINES_KEPT = 6;

/**
 * The lines of a test runner's output that say what failed and why: the failed files and tests,
 * and the first lines of each failed test's error. Kept for the summary, since a long run's log is
 * read from its end.
 */
export class FailureNotes {
  readonly lines: string[] = [];
  private errorLinesLeft = 0;

  add(raw: string): void {
    const line = raw.replace(COLOUR_CODES, '').trim();
    if (this.lines.length >= FAILURE_LINES_KEPT) return;
    if (namesFailure(raw) || FAILURE_HEADING.test(line)) {
      this.lines.push(line);
      this.errorLinesLeft = FAILURE_HEADING.test(line) ? ERROR_LINES_KEPT : 0;
    } else if (this.errorLinesLeft > 0 && line !== '') {
      this.lines.push(`  ${line}`);
      this.errorLinesLeft -= 1;
    }
  }
}

/** Prefixes a line of our own with a lane's label, as its commands' lines are. */
export function labelled(label: string, line: string): string {
  return `[${label.padEnd(LABEL_WIDTH)}] ${line}`;
}

// A command that runs longer than this has hung (the longest, the system tests' lane, takes about
// 7 minutes on a quiet 2-core machine and 20 on a slow one): it is stopped and fails, so the run
// ends red with the output that shows how far it got instead of running into CI's own limit.
export const COMMAND_TIME_LIMIT_MS = 40 * 60_000;
// What a stopped command's group is given to end before it is killed.
const STOP_GRACE_MS = 10_000;
// The exit code of a command stopped at its time limit, as timeout(1) answers.
export const TIMED_OUT = 124;

/**
 * Runs one command with each line of its output prefixed with its label, so it stays readable
 * beside others running at the same time; resolves to its exit code (never throws on failure).
 *
 * The command runs in a process group of its own, so that everything it starts (nx, vitest, the apps
 * a test starts) is stopped with it at its time limit. Ctrl-C reaches only the terminal's group, so
 * it is passed on to the command's group while it runs.
 */
export function runLabelled(
  { label, command: [command, args], env: extra }: LabelledCommand,
  env: NodeJS.ProcessEnv,
  failed: FailedCommand[] = [],
  timeLimitMs = COMMAND_TIME_LIMIT_MS,
): Promise<number> {
  return new Promise<number>((resolve) => {
    const prefix = labelled(label, '');
    const shown = [command.split('/').pop() ?? command, ...args].join(' ');
    const notes = new FailureNotes();
    const keep = (line: string) => notes.add(line);
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, ...extra },
      detached: true,
    });
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // The group has ended already.
      }
    };
    const passOn = (signal: NodeJS.Signals) => {
      signalGroup(signal);
      stopPassingOn();
      // Without a listener left, the signal does to this process what it would have done.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    const stopPassingOn = () => {
      process.removeListener('SIGINT', passOn);
      process.removeListener('SIGTERM', passOn);
    };
    process.once('SIGINT', passOn);
    process.once('SIGTERM', passOn);

    let timedOut = false;
    let killTimer: NodeJS.Timeout | undefined;
    const limitTimer = setTimeout(() => {
      timedOut = true;
      const minutes = (timeLimitMs / 60_000).toFixed(1);
      notes.add(`× ${shown} was still running after ${minutes} min and was stopped`);
      process.stderr.write(`${prefix}✖ still running after ${minutes} min: stopped as hung\n`);
      signalGroup('SIGTERM');
      killTimer = setTimeout(() => {
        signalGroup('SIGKILL');
        // A process that left the group may still hold the output open; the command is over anyway.
        setTimeout(() => finish(TIMED_OUT), 1_000);
      }, STOP_GRACE_MS);
    }, timeLimitMs);

    let finished = false;
    const finish = (exitCode: number) => {
      if (finished) return;
      finished = true;
      clearTimeout(limitTimer);
      clearTimeout(killTimer);
      stopPassingOn();
      const code = timedOut ? TIMED_OUT : exitCode;
      if (code !== 0) failed.push({ label, command: shown, code, failures: notes.lines });
      resolve(code);
    };
    eachLine(child.stdout, (line) => {
      keep(line);
      process.stdout.write(`${prefix}${line}\n`);
    });
    eachLine(child.stderr, (line) => {
      keep(line);
      process.stderr.write(`${prefix}${line}\n`);
    });
    child.once('error', (error) => {
      console.error(`${prefix}${command} could not run: ${error.message}`);
      finish(127);
    });
    child.once('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

/** Whether Ctrl-C or SIGTERM has asked a run to stop, and by which; `release` stops listening. */
export type StopRequest = { signal: NodeJS.Signals | undefined; release: () => void };

/**
 * Keeps Ctrl-C and SIGTERM from ending this process at once, so that a run can clean up after them:
 * `runLabelled` still passes the signal on to the command running, `runTogether` given the request
 * starts no command after it, and the caller skips what is left and removes what it made. Without
 * a listener of this process's own, `runLabelled` ends it with the signal, cleanup undone. A second
 * signal ends it at once.
 */
export function stopOnSignals(): StopRequest {
  const onSignal = (signal: NodeJS.Signals) => {
    if (request.signal) process.exit(exitCodeOf(signal));
    request.signal = signal;
    process.stderr.write(`\n✖ ${signal}: stopping what runs, then cleaning up (again to end at once)\n`);
  };
  const request: StopRequest = {
    signal: undefined,
    release: () => {
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
    },
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return request;
}

/** The exit code of a process a signal ended, as a shell reports it (130 for Ctrl-C). */
export function exitCodeOf(signal: NodeJS.Signals): number {
  return signal === 'SIGINT' ? 130 : 143;
}

/** Commands run one after another under one label, beside other lanes; each may run `timeLimitMs`. */
export type Lane = { label: string; commands: Array<[string, string[]]>; timeLimitMs?: number };

/**
 * Runs lanes at the same time, each line of their output prefixed with its lane's label, and
 * resolves to the first non-zero exit code (0 when all passed). Every command runs to its end,
 * the later commands of a lane too, so one failure does not hide another; each failed command is
 * added to `failed`.
 */
export async function runTogether(
  lanes: Lane[],
  env: NodeJS.ProcessEnv,
  failed: FailedCommand[] = [],
  stop?: StopRequest,
): Promise<number> {
  const codes = await Promise.all(
    lanes.map(async ({ label, commands, timeLimitMs }) => {
      const began = Date.now();
      const laneCodes: number[] = [];
      for (const command of commands) {
        if (stop?.signal) {
          laneCodes.push(exitCodeOf(stop.signal));
          break;
        }
        laneCodes.push(await runLabelled({ label, command }, env, failed, timeLimitMs));
      }
      const code = laneCodes.find((failed) => failed !== 0) ?? 0;
      // Each lane's length, to see which one the step waits for.
      const done = `${code === 0 ? '✔' : '✖'} lane done in ${formatSeconds(Date.now() - began)}`;
      process.stdout.write(`${labelled(label, done)}\n`);
      return code;
    }),
  );
  return codes.find((code) => code !== 0) ?? 0;
}

export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
