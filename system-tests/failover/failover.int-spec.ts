import { randomBytes } from 'node:crypto';
import { printReport, runFailover } from './run-failover';

/**
 * The failover harness in a short form (`npm run failover` is the full length): two replicas of
 * every process under steady load through nginx. Only counts are asserted (failed requests, hung
 * requests, lost writes, mismatches), never times.
 */
describe('two replicas of everything under load', () => {
  it('lose no request to a graceful stop, no more than were in flight to a kill, and no data to restarts', async () => {
    const report = await runFailover({
      serverUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      namespace: `${process.env.APP_NAMESPACE ?? 'plt_local'}_fo_${randomBytes(2).toString('hex')}`,
      workers: 3,
      phaseMs: 3000,
      clientTimeoutMs: 10_000,
    });
    printReport(report);
    const [libraryStop, gatewayStop, libraryKill, natsRestart, redisRestart] = report.events;

    expect(libraryStop.failed).toBe(0);
    expect(gatewayStop.failed).toBe(0);
    expect(libraryKill.failed).toBeLessThanOrEqual(libraryKill.outstanding ?? 0);
    for (const event of report.events) expect(event.hung).toBe(0);
    expect(natsRestart.recovered).toBe(true);
    expect(redisRestart.recovered).toBe(true);
    for (const event of report.events) expect(event.requests).toBeGreaterThan(0);

    expect(report.consistency.lostWrites).toEqual([]);
    expect(report.consistency.shareMismatches).toEqual([]);
    expect(report.consistency.viewMismatches).toEqual([]);
    expect(report.consistency.viewsChecked).toBeGreaterThan(0);
    expect(report.consistency.tierMismatches).toEqual([]);
    expect(report.consistency.promptsChecked).toBeGreaterThan(0);
    expect(report.consistency.tiersChecked).toBe(report.buyers);
  }, 900_000);
});
