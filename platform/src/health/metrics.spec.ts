import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMetricsRegistry } from './metrics';

// The module object prom-client itself requires, so a spy on it sees prom-client's call.
const perfHooks = createRequire(__filename)('perf_hooks') as typeof import('node:perf_hooks');

describe('a process’s metrics registry', () => {
  afterEach(() => vi.restoreAllMocks());

  it('samples the event loop’s lag every 100 ms, and still reports the lag the dashboard plots', async () => {
    const monitor = vi.spyOn(perfHooks, 'monitorEventLoopDelay');
    const registry = createMetricsRegistry('library');
    expect(monitor).toHaveBeenCalledWith({ resolution: 100 });

    const text = await registry.metrics();
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds\{app="library"\} /m);
    expect(text).toMatch(/^process_cpu_user_seconds_total\{app="library"\} /m);
  });
});
