import { z } from 'zod';

export type ReadinessCheck = { name: string; isReady: () => Promise<boolean> };

/** What /health/ready (and the gateway's /api/ready) answers. */
export const readinessReport = z.object({
  ready: z.boolean(),
  status: z.enum(['ready', 'not ready', 'shutting down']),
  checks: z.record(z.string(), z.enum(['up', 'down'])),
});
export type ReadinessReport = z.output<typeof readinessReport>;

/** Readiness covers the process's own dependencies only, and turns false as soon as shutdown begins. */
export class Readiness {
  private shuttingDown = false;

  constructor(private readonly checks: ReadinessCheck[]) {}

  markShuttingDown(): void {
    this.shuttingDown = true;
  }

  get isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  /** Whether every dependency is up and no shutdown has begun. */
  async isReady(): Promise<boolean> {
    return (await this.report()).ready;
  }

  async report(): Promise<ReadinessReport> {
    const results = await Promise.all(
      this.checks.map(
        async ({ name, isReady }) => [name, (await isReady().catch(() => false)) ? 'up' : 'down'] as const,
      ),
    );
    const checks = Object.fromEntries(results);
    if (this.shuttingDown) return { ready: false, status: 'shutting down', checks };
    const ready = results.every(([, state]) => state === 'up');
    return { ready, status: ready ? 'ready' : 'not ready', checks };
  }
}
