import { randomBytes } from 'node:crypto';
import { provisionInfra, removeNamespace, stopServers } from '@promptlib/tools/testing';
import { printReport, runFailover } from './run-failover';

/**
 * `npm run failover`: the failover harness at full length. FAILOVER_WORKERS (8 users),
 * FAILOVER_PHASE_SECONDS (10 s per phase) and FAILOVER_CLIENT_TIMEOUT_MS (10,000) change it.
 * Postgres is this machine's (started if need be); NATS and Redis are the harness's own.
 */
async function main(): Promise<number> {
  const namespace = `fo_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  const infra = await provisionInfra({ namespace, env: process.env });
  try {
    const report = await runFailover({
      serverUrl: infra.databaseUrl,
      namespace: `${namespace}_stack`,
      workers: Number(process.env.FAILOVER_WORKERS ?? 8),
      phaseMs: Number(process.env.FAILOVER_PHASE_SECONDS ?? 10) * 1000,
      clientTimeoutMs: Number(process.env.FAILOVER_CLIENT_TIMEOUT_MS ?? 10_000),
      log: (line) => console.log(line),
    });
    printReport(report);
    return 0;
  } catch (error) {
    console.error(`✖ ${(error as Error).message}`);
    return 1;
  } finally {
    await removeNamespace(namespace, infra);
    await stopServers(infra.started);
  }
}

void main().then((code) => process.exit(code));
