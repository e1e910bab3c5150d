import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

type LogLine = { level: string; msg: string } & Record<string, unknown>;
type Run = { code: number | null; lines: LogLine[]; exitedAt: number };

const platformRoot = join(__dirname, '..');

/** Runs the fixture on the built platform to its exit; its log lines are stdout's JSON lines. */
function runFailingProcess(mode: string, env: Record<string, string> = {}): Promise<Run> {
  const child = spawn(process.execPath, ['test/fixtures/failing-process.js', mode], {
    cwd: platformRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      const lines = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as LogLine);
      if (stderr.trim() !== '') lines.push({ level: 'stderr', msg: stderr });
      resolve({ code, lines, exitedAt: Date.now() });
    });
  });
}

const messages = (run: Run) => run.lines.map((line) => line.msg);

describe('a process with the failure handlers installed (built platform)', () => {
  beforeAll(() => {
    if (!existsSync(join(platformRoot, 'dist/lifecycle/process-failures.js'))) {
      throw new Error('Build the platform first: npx nx run @promptlib/platform:build');
    }
  });

  it('logs an uncaught exception as fatal with its request id, shuts down as on SIGTERM and exits 1', async () => {
    const run = await runFailingProcess('throw');

    expect(run.code).toBe(1);
    expect(run.lines).toContainEqual(
      expect.objectContaining({
        level: 'fatal',
        msg: 'Uncaught exception; shutting down',
        requestId: 'req-1',
        err: expect.objectContaining({ message: 'boom' }),
      }),
    );
    expect(messages(run)).toEqual(expect.arrayContaining(['Shutting down', 'Closed', 'Shutdown complete']));
    expect(messages(run)).not.toContain('stderr');
  });

  it('logs an unhandled rejection with its request id and keeps serving', async () => {
    const run = await runFailingProcess('reject');

    expect(run.code).toBe(0);
    const rejection = run.lines.findIndex((line) => line.msg === 'Unhandled promise rejection');
    expect(run.lines[rejection]).toEqual(
      expect.objectContaining({
        level: 'error',
        requestId: 'req-1',
        err: expect.objectContaining({ message: 'lost promise' }),
      }),
    );
    expect(messages(run).indexOf('Still serving')).toBeGreaterThan(rejection);
    expect(run.lines.filter((line) => line.level === 'fatal')).toEqual([]);
  });

  it('neither starts the shutdown again nor hangs on a second exception during it', async () => {
    const run = await runFailingProcess('throw-while-closing');

    expect(run.code).toBe(1);
    // Two lines written close together may reach the pipe in either order.
    const fatal = run.lines.filter((line) => line.level === 'fatal');
    expect(fatal).toHaveLength(2);
    expect(fatal).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'Uncaught exception; shutting down', requestId: 'req-1' }),
        expect.objectContaining({ msg: 'Uncaught exception while shutting down', requestId: 'req-2' }),
      ]),
    );
    expect(messages(run).filter((msg) => msg === 'Shutting down')).toHaveLength(1);
    expect(messages(run)).toContain('Closed');
  });

  it('exits 1 at the end of the grace period when the shutdown after an exception hangs', async () => {
    const run = await runFailingProcess('hang-while-closing', { SHUTDOWN_GRACE_MS: '500' });

    expect(run.code).toBe(1);
    // Counted from the exception, not from the start: starting Node and the platform alone took
    // over 5 s on a loaded machine. A hang would last until the test's timeout.
    const fatal = run.lines.find((line) => line.msg === 'Uncaught exception; shutting down');
    expect(run.exitedAt - Date.parse(String(fatal?.time))).toBeLessThan(4_000);
    expect(messages(run)).not.toContain('Closed');
    expect(run.lines).toContainEqual(
      expect.objectContaining({ level: 'error', msg: expect.stringMatching(/grace period/) }),
    );
  });
});
