import { processKind, SERVER_COMMANDS } from './process-kinds';

/** One process as one reading of /proc shows it. */
export type ProcessReading = { pid: number; parentId: number; startedAt: number; cpuSeconds: number };
/** A process's command name and command line, or undefined once it is gone. */
export type ReadCommand = (pid: number) => { command: string; commandLine: string } | undefined;
export type KindTotal = { kind: string; seconds: number; processes: number };

/**
 * Sums what the processes of one run spent, reading by reading, by kind: the run's own processes
 * (the command's, and what they start) and the servers our apps talk to, whoever started them; the
 * machine's other processes are left out. A process is known by its pid and start time, so a pid
 * used again is another process.
 */
export class CpuLedger {
  private readonly seen = new Map<string, { kind: string | null; cpuSeconds: number }>();
  private readonly spent = new Map<string, { seconds: number; processes: number }>();
  private firstReading = true;

  constructor(
    private readonly runPid: number,
    private readonly readCommand: ReadCommand,
  ) {}

  /**
   * Adds what each process spent since the last reading. At the first reading, what a process had
   * spent before the run began is not the run's: it counts from there.
   */
  add(readings: ProcessReading[]): void {
    const parents = new Map(readings.map(({ pid, parentId }) => [pid, parentId]));
    for (const { pid, startedAt, cpuSeconds } of readings) {
      const key = `${pid}@${startedAt}`;
      let known = this.seen.get(key);
      if (!known) {
        const named = this.readCommand(pid);
        const ours =
          named !== undefined &&
          (SERVER_COMMANDS.includes(named.command) ||
            pid === this.runPid ||
            descendsFrom(pid, this.runPid, parents));
        known = {
          kind: ours ? processKind(named.commandLine, named.command) : null,
          cpuSeconds: this.firstReading ? cpuSeconds : 0,
        };
        this.seen.set(key, known);
        if (known.kind !== null) {
          const kind = this.spent.get(known.kind) ?? { seconds: 0, processes: 0 };
          kind.processes += 1;
          this.spent.set(known.kind, kind);
        }
      }
      if (known.kind !== null) this.spent.get(known.kind)!.seconds += cpuSeconds - known.cpuSeconds;
      known.cpuSeconds = cpuSeconds;
    }
    this.firstReading = false;
  }

  /** Each kind's CPU seconds and processes, busiest first. */
  totals(): KindTotal[] {
    return [...this.spent]
      .map(([kind, { seconds, processes }]) => ({ kind, seconds, processes }))
      .sort((a, b) => b.seconds - a.seconds);
  }
}

/** Whether `pid` descends from `ancestor`, by the parents running at this reading. */
function descendsFrom(pid: number, ancestor: number, parents: Map<number, number>): boolean {
  for (let current = parents.get(pid); current !== undefined && current > 1; current = parents.get(current)) {
    if (current === ancestor) return true;
  }
  return false;
}
