import { readFileSync, readdirSync } from 'node:fs';
import { SERVER_COMMANDS } from '../src/run/process-kinds';

/**
 * CPU time of the processes a request passes through, read from /proc before and after a load
 * run: divided by the requests served, it says where each request's cost went — our processes,
 * the servers they talk to, the load generator itself. Linux only; elsewhere it measures nothing.
 */
export type ProcessGroup = { name: string; pids: () => number[] };

/** CPU seconds so far of every process of every group, by group name and process id. */
export type CpuSnapshot = Map<string, Map<number, number>>;

const TICKS_PER_SECOND = 100;

/** Processes by their command name (Postgres runs one per connection, so a group is all of them). */
export function byCommand(name: string, commands: string[]): ProcessGroup {
  return {
    name,
    pids: () => processIds().filter((pid) => commands.includes(read(`/proc/${pid}/comm`)?.trim() ?? '')),
  };
}

export function byPid(name: string, pid: () => number | undefined): ProcessGroup {
  return { name, pids: () => [pid()].filter((value): value is number => value !== undefined) };
}

/** Each of our apps by its process id, named as `pids` names them. */
export function byPids(pids: Record<string, number | undefined>): ProcessGroup[] {
  return Object.keys(pids).map((name) => byPid(name, () => pids[name]));
}

/** The servers our apps talk to, each request passing through some of them. */
export const SERVERS: ProcessGroup[] = SERVER_COMMANDS.map((command) => byCommand(command, [command]));

export function cpuSnapshot(groups: ProcessGroup[]): CpuSnapshot {
  return new Map(
    groups.map((group) => [group.name, new Map(group.pids().map((pid) => [pid, cpuSeconds(pid)]))]),
  );
}

/**
 * CPU seconds each group spent between two snapshots. Processes come and go (a pool closes an idle
 * database connection, whose server process exits): one that started meanwhile counts in full, one
 * that ended is left out rather than subtracted.
 */
export function cpuSpent(before: CpuSnapshot, after: CpuSnapshot): Map<string, number> {
  const spent = new Map<string, number>();
  for (const [name, processes] of after) {
    let seconds = 0;
    for (const [pid, now] of processes) seconds += now - (before.get(name)?.get(pid) ?? 0);
    spent.set(name, seconds);
  }
  return spent;
}

/** CPU microseconds per request of each group, the busiest first. */
export function perRequest(spent: Map<string, number>, requests: number): [string, number][] {
  return [...spent]
    .map(([name, seconds]): [string, number] => [name, (seconds * 1e6) / requests])
    .filter(([, micros]) => micros >= 1)
    .sort((a, b) => b[1] - a[1]);
}

/** Every process's id (none where there is no /proc). */
export function processIds(): number[] {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number);
  } catch {
    return [];
  }
}

/** A process's command line (its arguments joined by spaces) and command name; undefined once it has ended. */
export function processCommand(pid: number): { commandLine: string; command: string } | undefined {
  const commandLine = read(`/proc/${pid}/cmdline`);
  const command = read(`/proc/${pid}/comm`);
  if (commandLine === undefined || command === undefined) return undefined;
  return { commandLine: commandLine.split('\0').join(' ').trim(), command: command.trim() };
}

function cpuSeconds(pid: number): number {
  return processTimes(pid)?.cpuSeconds ?? 0;
}

/**
 * A process's CPU seconds so far, when it started (in clock ticks after boot), which tells it from
 * a later process given the same id, and its parent's id; undefined once it has ended.
 */
export function processTimes(
  pid: number,
): { cpuSeconds: number; startedAt: number; parentId: number } | undefined {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The command name may hold spaces; the fields after its closing parenthesis do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // ppid, utime, stime and starttime are fields 4, 14, 15 and 22 of the whole line: 1, 12, 13 and
  // 20 after the name.
  return {
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    startedAt: Number(fields[19]),
    parentId: Number(fields[1]),
  };
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** A request's CPU as the benches print it: `total = group µs + group µs …`, the busiest first. */
export function describePerRequest(parts: [string, number][], totalWidth = 0): string {
  const total = parts.reduce((sum, [, micros]) => sum + micros, 0);
  return (
    `${total.toFixed(0).padStart(totalWidth)} = ` +
    parts.map(([name, micros]) => `${name} ${micros.toFixed(0)}`).join(' + ')
  );
}
