import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  byPid,
  cpuSnapshot,
  cpuSpent,
  describePerRequest,
  perRequest,
  type CpuSnapshot,
} from '../bench/cpu-meter';

describe("the bench's CPU meter", () => {
  it('reads the CPU time a process spends between two snapshots from /proc', async () => {
    // Busy for 400 ms of its own CPU time (not of the clock's, which a loaded machine shares out
    // thinner: 0.24 s was measured beside npm test's other lanes), says so, then idles until stopped.
    const busy =
      'const cpu = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; }; const end = cpu() + 400; while (cpu() < end); console.log("done"); setInterval(() => {}, 1000)';
    const child = spawn(process.execPath, ['-e', busy], { stdio: ['ignore', 'pipe', 'inherit'] });
    const group = [byPid('busy child', () => child.pid)];
    const before = cpuSnapshot(group);
    await once(child.stdout!, 'data');
    const spent = cpuSpent(before, cpuSnapshot(group)).get('busy child')!;
    child.kill();
    await once(child, 'exit');
    expect(spent).toBeGreaterThan(0.25);
    expect(spent).toBeLessThan(2);
  });

  it('counts a process that started meanwhile in full and leaves out one that ended', () => {
    const before: CpuSnapshot = new Map([
      [
        'postgres',
        new Map([
          [10, 5],
          [11, 7],
        ]),
      ],
    ]);
    // 11 ended (its 7 s are not subtracted); 12 started and used 0.5 s; 10 used 1 s more.
    const after: CpuSnapshot = new Map([
      [
        'postgres',
        new Map([
          [10, 6],
          [12, 0.5],
        ]),
      ],
    ]);
    expect(cpuSpent(before, after).get('postgres')).toBeCloseTo(1.5);
  });

  it('divides by the requests served and drops what did not move', () => {
    const spent = new Map([
      ['gateway', 0.5],
      ['redis-server', 0.000_000_5],
      ['library', 0.25],
    ]);
    expect(perRequest(spent, 1_000)).toEqual([
      ['gateway', 500],
      ['library', 250],
    ]);
  });

  it('prints a request’s CPU as its total and its parts, busiest first', () => {
    expect(
      describePerRequest(
        [
          ['postgres', 5228.4],
          ['gateway', 1412],
        ],
        7,
      ),
    ).toBe('   6640 = postgres 5228 + gateway 1412');
  });
});
