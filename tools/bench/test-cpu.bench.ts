import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { processKind, SERVER_COMMANDS } from '../src/run/process-kinds';
import { repoRoot } from '../src/run/exec';
import { processCommand, processIds, processTimes } from './cpu-meter';

/**
 * Where the CPU of a whole test run goes: runs a command (`npm test` unless one is given) and sums
 * every process's CPU by kind — each app, Chromium's processes, jest and its workers, the checkers,
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

type Seen = { kind: string | null; cpuSeconds: number };

const [command = 'npm', ...args] = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['npm', 'test'];
const seen = new Map<string, Seen>();
const spent = new Map<string, { seconds: number; processes: number }>();

/** Whether `pid` descends from `ancestor`, by the parents now running. */
function descendsFrom(pid: number, ancestor: number, parents: Map<number, number>): boolean {
  for (let current = parents.get(pid); current !== undefined && current > 1; current = parents.get(current)) {
    if (current === ancestor) return true;
  }
  return false;
}

/**
 * Adds what each process of the run spent since the last sample: the command's own processes (the
 * apps, browsers and runners it starts) and the servers. Other processes of the machine are left out.
 */
function sample(runPid: number, firstSample: boolean): void {
  const processes = processIds().flatMap((pid) => {
    const times = processTimes(pid);
    return times ? [{ pid, ...times }] : [];
  });
  const parents = new Map(processes.map(({ pid, parentId }) => [pid, parentId]));
  for (const { pid, cpuSeconds, startedAt } of processes) {
    const key = `${pid}@${startedAt}`;
    let known = seen.get(key);
    if (!known) {
      // The servers' work on the run's behalf is part of its cost, whoever started them.
      const named = processCommand(pid);
      const ours =
        named !== undefined &&
        (SERVER_COMMANDS.includes(named.command) || pid === runPid || descendsFrom(pid, runPid, parents));
      // Before the command started, what a process had spent is not the run's.
      known = {
        kind: ours ? processKind(named.commandLine, named.command) : null,
        cpuSeconds: firstSample ? cpuSeconds : 0,
      };
      seen.set(key, known);
      if (known.kind !== null) {
        const kind = spent.get(known.kind) ?? { seconds: 0, processes: 0 };
        kind.processes += 1;
        spent.set(known.kind, kind);
      }
    }
    if (known.kind !== null) spent.get(known.kind)!.seconds += cpuSeconds - known.cpuSeconds;
    known.cpuSeconds = cpuSeconds;
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit' });
  const runPid = child.pid ?? -1;
  sample(runPid, true);
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  let code: number | undefined;
  void exited.then((value) => (code = value));
  while (code === undefined) {
    await sleep(SAMPLE_MS);
    sample(runPid, false);
  }
  const seconds = (Date.now() - started) / 1000;
  const total = [...spent.values()].reduce((sum, kind) => sum + kind.seconds, 0);
  console.log(`\n${[command, ...args].join(' ')} exited ${code} after ${seconds.toFixed(1)} s`);
  console.log(`CPU ${total.toFixed(1)} s in all: ${(total / seconds).toFixed(2)} cores busy on average\n`);
  console.log(`${'CPU s'.padStart(8)} ${'share'.padStart(6)} ${'processes'.padStart(9)}  kind`);
  for (const [kind, { seconds: cpu, processes }] of [...spent].sort((a, b) => b[1].seconds - a[1].seconds)) {
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
