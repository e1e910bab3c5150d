import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawn } from 'node:child_process';
import {
  FailureNotes,
  namesFailure,
  runTogether,
  stopOnSignals,
  TIMED_OUT,
  type FailedCommand,
} from './exec';
import { isProcessAlive } from '../infra/processes';

const node = (script: string): [string, string[]] => [process.execPath, ['-e', script]];

describe('runTogether', () => {
  let output: string[];
  let write: MockInstance;

  beforeEach(() => {
    output = [];
    write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      output.push(String(chunk));
      return true;
    });
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });

  afterEach(() => vi.restoreAllMocks());

  it('runs the commands of a lane in order, each line under the lane label, and passes when all pass', async () => {
    const code = await runTogether(
      [
        { label: 'first', commands: [node('console.log("one")'), node('console.log("two")')] },
        { label: 'second', commands: [node('console.log("three")')] },
      ],
      process.env,
    );
    expect(code).toBe(0);
    const firstLane = output.filter((line) => line.startsWith('[first  ]'));
    expect(firstLane).toEqual([
      '[first  ] one\n',
      '[first  ] two\n',
      expect.stringMatching(/^\[first {2}\] ✔ lane done in \d+\.\d s\n$/),
    ]);
    expect(output).toContain('[second ] three\n');
    expect(write).toHaveBeenCalled();
  });

  it('runs the rest of a lane after a failed command and answers the first failure', async () => {
    const code = await runTogether(
      [
        {
          label: 'lane',
          commands: [node('process.exit(3)'), node('console.log("after"); process.exit(4)')],
        },
        { label: 'other', commands: [node('console.log("beside")')] },
      ],
      process.env,
    );
    expect(code).toBe(3);
    expect(output).toContain('[lane   ] after\n');
    expect(output).toContainEqual(expect.stringMatching(/^\[lane {3}\] ✖ lane done in /));
    expect(output).toContain('[other  ] beside\n');
  });

  it('reports each failed command with the lines that named its failures', async () => {
    const failed: FailedCommand[] = [];
    const code = await runTogether(
      [
        {
          label: 'lane',
          commands: [
            node(
              'console.log("   × keeps data 5ms"); console.log("   ✓ fine 1ms"); console.log("\\u001b[7m FAIL \\u001b[27m api/a.int-spec.ts > keeps data"); console.log("Error: no"); process.exit(1)',
            ),
            node('console.log(" ✓ api/b.int-spec.ts (1 test) 5ms")'),
          ],
        },
      ],
      process.env,
      failed,
    );
    expect(code).toBe(1);
    expect(failed).toEqual([
      {
        label: 'lane',
        command: expect.stringContaining('-e'),
        code: 1,
        failures: ['× keeps data 5ms', 'FAIL  api/a.int-spec.ts > keeps data', '  Error: no'],
      },
    ]);
  });

  it('runs the lanes at the same time', async () => {
    // The first lane waits for a file only the second lane writes: run one after the other, it
    // would give up and fail.
    const signal = join(mkdtempSync(join(tmpdir(), 'lanes-')), 'written');
    const waitForSignal = node(
      `const fs = require('fs'); const until = Date.now() + 20000;
       const poll = () => fs.existsSync(${JSON.stringify(signal)}) ? process.exit(0)
         : Date.now() > until ? process.exit(1) : setTimeout(poll, 50);
       poll();`,
    );
    const code = await runTogether(
      [
        { label: 'a', commands: [waitForSignal] },
        { label: 'b', commands: [node(`require('fs').writeFileSync(${JSON.stringify(signal)}, '')`)] },
      ],
      process.env,
    );
    expect(code).toBe(0);
  });
});

describe('runTogether stopping what it started, and stopOnSignals', () => {
  beforeEach(() => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });
  afterEach(() => vi.restoreAllMocks());

  it('stops a command that outlives it, with everything it started, and fails it', async () => {
    const { command: hung, grandchildGone } = neverEnding();
    const failed: FailedCommand[] = [];
    const began = Date.now();
    const code = await runTogether(
      [
        // Long enough for the command to start its grandchild on a loaded machine (1 s was not).
        { label: 'hung', commands: [hung, node('console.log("after")')], timeLimitMs: 5_000 },
        { label: 'other', commands: [node('console.log("beside")')] },
      ],
      process.env,
      failed,
    );
    expect(code).toBe(TIMED_OUT);
    expect(Date.now() - began).toBeLessThan(20_000);
    expect(failed).toEqual([
      expect.objectContaining({
        label: 'hung',
        code: TIMED_OUT,
        failures: [expect.stringMatching(/was still running after 0\.1 min and was stopped$/)],
      }),
    ]);
    expect(await grandchildGone()).toBe(true);
  }, 30_000);

  it('passes Ctrl-C or SIGTERM on to the commands it runs, with what they started', async () => {
    const { command, started, grandchildGone } = neverEnding();
    // A listener of the test's own: with none left after runTogether's, it sends the signal on to
    // its own process, here vitest's worker, as an uncaught signal would end it.
    const stayAlive = () => undefined;
    process.on('SIGTERM', stayAlive);
    try {
      const failed: FailedCommand[] = [];
      const running = runTogether([{ label: 'waits', commands: [command] }], process.env, failed);
      await started();
      process.emit('SIGTERM', 'SIGTERM');
      expect(await running).not.toBe(0);
      expect(failed).toEqual([expect.objectContaining({ label: 'waits' })]);
      expect(await grandchildGone()).toBe(true);
    } finally {
      process.removeListener('SIGTERM', stayAlive);
    }
  }, 30_000);

  it('keeps the process for its cleanup: the command running stops, none after it starts', async () => {
    const { command, started, grandchildGone } = neverEnding();
    const after = join(mkdtempSync(join(tmpdir(), 'after-')), 'ran');
    const stop = stopOnSignals();
    try {
      const failed: FailedCommand[] = [];
      const running = runTogether(
        [
          {
            label: 'lane',
            commands: [command, node(`require('fs').writeFileSync(${JSON.stringify(after)}, '')`)],
          },
          { label: 'other', commands: [node('setTimeout(() => {}, 60000)')] },
        ],
        process.env,
        failed,
        stop,
      );
      await started();
      process.emit('SIGTERM', 'SIGTERM');
      expect(await running).not.toBe(0);
      expect(stop.signal).toBe('SIGTERM');
      expect(failed.map((command) => command.label).sort()).toEqual(['lane', 'other']);
      expect(existsSync(after)).toBe(false);
      expect(await grandchildGone()).toBe(true);
    } finally {
      stop.release();
    }
  }, 30_000);

  it('ends the process at once on a second signal, with the code a shell gives it', async () => {
    // A process of its own, as a second signal ends the process it is sent to.
    const child = spawn(
      process.execPath,
      [
        '-r',
        '@swc-node/register',
        '-e',
        `require(${JSON.stringify(join(__dirname, 'exec.ts'))}).stopOnSignals();
         setInterval(() => {}, 1000);
         console.log('listening');`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.kill('SIGINT');
    // The first one only asks: the process is still there after it.
    await sleep(300);
    expect(child.exitCode).toBeNull();
    child.kill('SIGINT');
    expect(await exited).toBe(130);
  }, 30_000);
});

/**
 * A command that starts a process of its own (as a test runner starts the apps) and never ends; `started`
 * settles once that process runs, `grandchildGone` tells whether it has ended, waiting up to 20 s
 * for it, and removes the command's file. Ended counts a zombie: once the command is gone, the
 * machine's init reaps its orphan on its own schedule (2 s after it ended on a quiet machine, not
 * within 20 s under npm test's load).
 */
function neverEnding() {
  const dir = mkdtempSync(join(tmpdir(), 'hung-'));
  const pidFile = join(dir, 'grandchild');
  const command = node(
    `const { spawn } = require('child_process');
     const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'inherit' });
     require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(child.pid));
     setInterval(() => {}, 1000);`,
  );
  const started = async () => {
    while (!existsSync(pidFile)) await sleep(50);
  };
  const grandchildGone = async () => {
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    // Returns as soon as it is gone; a loaded machine once took over 5 s to end it.
    const until = Date.now() + 20_000;
    while ((await isProcessAlive(grandchild)) && Date.now() < until) await sleep(50);
    const gone = !(await isProcessAlive(grandchild));
    rmSync(dir, { recursive: true, force: true });
    return gone;
  };
  return { command, started, grandchildGone };
}

describe('namesFailure', () => {
  it('knows the failure lines of vitest, and nothing else', () => {
    expect(namesFailure(' FAIL  test/x.int-spec.ts [ test/x.int-spec.ts ]')).toBe(true);
    expect(namesFailure(' FAIL  src/a.spec.tsx > Dialog > saves')).toBe(true);
    expect(namesFailure('   × saves 30ms')).toBe(true);
    expect(namesFailure(' ✓ test/x.int-spec.ts (3 tests) 20ms')).toBe(false);
    expect(namesFailure('    ✓ refuses a 6th prompt 12ms')).toBe(false);
    expect(namesFailure('      Tests  1 failed | 3 passed (4)')).toBe(false);
  });
});

describe('FailureNotes', () => {
  it('keeps the failed tests and the first lines of each one’s error, not the passing ones or the console', () => {
    const notes = new FailureNotes();
    const output = [
      'stdout | test/a.int-spec.ts > store > passes',
      'figures',
      ' ✓ test/a.int-spec.ts (1 test) 20ms',
      ' ❯ test/b.int-spec.ts (2 tests | 1 failed) 86ms',
      '     ✓ passes 17ms',
      '     × keeps data 64ms',
      '',
      '⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯',
      '',
      ' FAIL  test/b.int-spec.ts > store > keeps data',
      'AssertionError: expected { a: 1 } to deeply equal { a: 2 }',
      '',
      '- Expected',
      '+ Received',
      '',
      '  {',
      '-   "a": 2,',
      '+   "a": 1,',
      '  }',
      ' ❯ test/b.int-spec.ts:4:56',
      '',
      ' Test Files  1 failed | 1 passed (2)',
    ];
    for (const line of output) notes.add(line);
    expect(notes.lines).toEqual([
      '× keeps data 64ms',
      'FAIL  test/b.int-spec.ts > store > keeps data',
      '  AssertionError: expected { a: 1 } to deeply equal { a: 2 }',
      '  - Expected',
      '  + Received',
      '  {',
      '  -   "a": 2,',
      '  +   "a": 1,',
    ]);
  });
});
