import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { CpuLedger, type ProcessReading } from '../src/run/cpu-ledger';
import { repoRoot } from '../src/run/exec';
import { processCommand, processIds, processTimes } from './cpu-meter';

/**
 * Where the CPU of a whole test run goes: runs a command (`npm test` unless one is given) and sums
 * every process's CPU by kind — each app, Chromium's processes, vitest and its workers, the checkers,
 * the servers — then prints the kinds, busiest first, beside the run's length and the cores it kept
 * busy. On two cores a run that keeps both busy is as long as its CPU over two: this says which
 * part to make cheaper.
 *
 *   npm run bench:test-cpu [-- command args…]
 *
 * Processes are read from /proc twice a second: the command's own (what it starts, and what they
 * start) and the Postgres, Redis and NATS servers, whoever started them; the machine's other
 * processes are left out. One that ends between two readings loses what it spent since the last
 * (mostly short `npm` and shell processes), and one whose parent ended before it was first read
 * is no longer known as the run's. The servers count from the command's start.
 */
const SAMPLE_MS = 500;

const [command = 'npm', ...args] = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['npm', 'test'];

/** The processes of the machine now, with what each has spent. */
function readProcesses(): ProcessReading[] {
  return processIds().flatMap((pid) => {
    const times = processTimes(pid);
    return times ? [{ pid, ...times }] : [];
  });
}

async function main(): Promise<number> {
  const started = Date.now();
  const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit' });
  const ledger = new CpuLedger(child.pid ?? -1, processCommand);
  ledger.add(readProcesses());
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  let code: number | undefined;
  void exited.then((value) => (code = value));
  while (code === undefined) {
    await sleep(SAMPLE_MS);
    ledger.add(readProcesses());
  }
  const seconds = (Date.now() - started) / 1000;
  const totals = ledger.totals();
  const total = totals.reduce((sum, kind) => sum + kind.seconds, 0);
  console.log(`\n${[command, ...args].join(' ')} exited ${code} after ${seconds.toFixed(1)} s`);
  console.log(`CPU ${total.toFixed(1)} s in all: ${(total / seconds).toFixed(2)} cores busy on average\n`);
  console.log(`${'CPU s'.padStart(8)} ${'share'.padStart(6)} ${'processes'.padStart(9)}  kind`);
  for (const { kind, seconds: cpu, processes } of totals) {
    if (cpu < 0.5) continue;
    const share = `${((cpu / total) * 100).toFixed(1)}%`;
    console.log(
      `${cpu.toFixed(1).padStart(8)} ${share.padStart(6)} ${String(processes).padStart(9)}  ${kind}`,
    );
  }
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error);
    process.exit(1);
  },
);
