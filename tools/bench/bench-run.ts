import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Cleanup } from './bench-stack';

/** A private namespace per run, so two benches (or a bench and `npm start`) never share data. */
export function benchNamespace(): string {
  return `bench_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
}

/**
 * Ctrl-C or a SIGTERM still removes what the bench made; the exit code says it was interrupted.
 * The returned check tells a failure caused by that cleanup (a closed browser, a stopped app) from a real one.
 */
export function cleanUpOnSignals(cleanup: Cleanup, namespace: string): () => boolean {
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      console.error(`\n${signal}: cleaning up ${namespace}…`);
      void cleanup.run().finally(() => process.exit(130));
    });
  }
  return () => interrupted;
}

export type BenchRun = { namespace: string; cleanup: Cleanup };

/**
 * Runs a bench program under a private namespace: whatever it adds to `cleanup` is undone at the
 * end, on failure (keeping the apps' logs) and on Ctrl-C too; the process exits 0 only when the
 * bench ran to its end. A failure caused by the interruption's own cleanup is not reported.
 */
export function runBench(bench: (run: BenchRun) => Promise<void>): void {
  const namespace = benchNamespace();
  const cleanup = new Cleanup();
  const interrupted = cleanUpOnSignals(cleanup, namespace);
  const run = async (): Promise<number> => {
    try {
      await bench({ namespace, cleanup });
      return 0;
    } catch (error) {
      cleanup.failed = true;
      if (!interrupted()) console.error(`\n✖ ${(error as Error).stack ?? (error as Error).message}`);
      return 1;
    } finally {
      await cleanup.run();
    }
  };
  void run().then((code) => process.exit(code));
}

/** One line that lets a reader judge figures from another machine. */
export function machineLine(): string {
  const cpus = os.cpus();
  return (
    `Machine: ${cpus.length} cores (${cpus[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
    `${os.platform()} ${os.release()}, Node ${process.version}, load average ${loadAverage()}`
  );
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

export function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}
