import { describe, expect, it } from 'vitest';
import { CpuLedger, type ProcessReading } from './cpu-ledger';

const COMMANDS: Record<number, { command: string; commandLine: string }> = {
  100: { command: 'npm', commandLine: 'npm test' },
  101: { command: 'node', commandLine: 'node /repo/node_modules/.bin/vitest run -c x' },
  102: { command: 'node', commandLine: 'node /repo/gateway/dist/main.js' },
  200: { command: 'postgres', commandLine: 'postgres: idle' },
  300: { command: 'node', commandLine: 'node /elsewhere/editor-server.js' },
};
const reading = (pid: number, parentId: number, cpuSeconds: number, startedAt = 1): ProcessReading => ({
  pid,
  parentId,
  startedAt,
  cpuSeconds,
});

describe('CpuLedger', () => {
  it('counts the run’s processes, its children’s children and the servers, and leaves the machine’s others out', () => {
    const ledger = new CpuLedger(100, (pid) => COMMANDS[pid]);
    ledger.add([reading(100, 1, 0.5), reading(200, 1, 40), reading(300, 1, 7)]);
    ledger.add([
      reading(100, 1, 1),
      reading(101, 100, 2),
      reading(102, 101, 3),
      reading(200, 1, 41.5),
      reading(300, 1, 9),
    ]);

    expect(ledger.totals()).toEqual([
      { kind: 'app gateway', seconds: 3, processes: 1 },
      { kind: 'vitest', seconds: 2, processes: 1 },
      { kind: 'postgres', seconds: 1.5, processes: 1 },
      { kind: 'npm', seconds: 0.5, processes: 1 },
    ]);
  });

  it('counts a process from the run’s start, and a pid used again as another process', () => {
    const ledger = new CpuLedger(100, (pid) => COMMANDS[pid]);
    ledger.add([reading(100, 1, 0), reading(200, 1, 40)]);
    ledger.add([reading(100, 1, 0), reading(200, 1, 42), reading(102, 100, 1, 5)]);
    ledger.add([reading(100, 1, 0), reading(200, 1, 42), reading(102, 100, 0.25, 9)]);

    expect(ledger.totals()).toEqual([
      { kind: 'postgres', seconds: 2, processes: 1 },
      { kind: 'app gateway', seconds: 1.25, processes: 2 },
      { kind: 'npm', seconds: 0, processes: 1 },
    ]);
  });

  it('leaves out a process that is gone before its command is read', () => {
    const ledger = new CpuLedger(100, (pid) => (pid === 102 ? undefined : COMMANDS[pid]));
    ledger.add([reading(100, 1, 0)]);
    ledger.add([reading(100, 1, 0), reading(102, 100, 3)]);
    expect(ledger.totals().map((total) => total.kind)).toEqual(['npm']);
  });
});
