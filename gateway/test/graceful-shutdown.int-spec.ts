import { createServer, type AddressInfo, type Socket } from 'node:net';
import { loadGatewayConfig } from '../src/config/gateway-config';
import { freePort, waitUntil } from '@promptlib/platform/testing';
import { spawnTypeScript, type TypeScriptProcess } from './support/processes';
import { removeNamespaceData, testNamespace } from './support/test-gateway';

const GRACE_MS = 8_000;
const SLOW_MS = 2_000;

describe('gateway graceful shutdown', () => {
  let gateway: TypeScriptProcess | undefined;
  const namespace = testNamespace('term');

  afterAll(async () => {
    if (gateway && gateway.child.exitCode === null) gateway.child.kill('SIGKILL');
    await removeNamespaceData(loadGatewayConfig({ ...process.env, APP_NAMESPACE: namespace }));
  });

  /** The gateway with its slow probe route, ready; its API and its health port. */
  async function startSlowGateway(
    env: Record<string, string> = {},
    fixture = 'test/fixtures/slow-gateway.ts',
  ) {
    const [port, healthPort] = [await freePort(), await freePort()];
    const started = spawnTypeScript(fixture, {
      PORT: String(port),
      HEALTH_PORT: String(healthPort),
      APP_NAMESPACE: namespace,
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      LOG_LEVEL: 'warn',
      ...env,
    });
    gateway = started;
    const base = `http://127.0.0.1:${port}`;
    await waitUntil(
      async () => (await fetch(`${base}/api/ready`)).ok,
      90_000,
      `the gateway to be ready\n${started.output()}`,
    );
    return { gateway: started, base, health: `http://127.0.0.1:${healthPort}` };
  }

  it('on SIGTERM turns not-ready first, finishes the in-flight request, then exits 0 within the grace', async () => {
    const { gateway, base, health } = await startSlowGateway();
    expect((await fetch(`${health}/health/ready`)).status).toBe(200);
    expect((await fetch(`${health}/health/live`)).status).toBe(200);
    const metrics = await (await fetch(`${health}/metrics`)).text();
    expect(metrics).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/ready"[^}]*\} [1-9]/);
    expect(metrics).toContain('process_cpu_user_seconds_total{app="gateway"}');

    const inFlight = fetch(`${base}/api/test-probe/slow?ms=${SLOW_MS}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    gateway.child.kill('SIGTERM');

    // Readiness turns false while the slow request is still running.
    await waitUntil(
      async () => (await fetch(`${health}/health/ready`)).status === 503,
      1_000,
      'readiness to turn false',
    );
    const report = (await (await fetch(`${health}/health/ready`)).json()) as { status: string };
    expect(report.status).toBe('shutting down');
    expect(Date.now() - signalledAt).toBeLessThan(SLOW_MS);

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });

    const code = await gateway.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(GRACE_MS);
    expect(gateway.output()).not.toMatch(/exceeded its grace period/);
  }, 180_000);

  it('with SHUTDOWN_DELAY_MS, stays up unready and serving new requests for the delay, then drains and exits 0', async () => {
    const DELAY_MS = 1_500;
    const { gateway, base, health } = await startSlowGateway({ SHUTDOWN_DELAY_MS: String(DELAY_MS) });

    const signalledAt = Date.now();
    gateway.child.kill('SIGTERM');
    await waitUntil(
      async () => (await fetch(`${health}/health/ready`)).status === 503,
      1_000,
      'readiness to turn false',
    );
    // A balancer that has not noticed yet still gets answers.
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS / 2));
    const late = await fetch(`${base}/api/test-probe/slow?ms=10`);
    expect(late.status).toBe(200);

    expect(await gateway.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(DELAY_MS);
  }, 180_000);

  it('serves and stops within its grace while the trace collector takes connections and never answers', async () => {
    // A collector that is there and hangs: the worst for a shutdown, which would wait on the export.
    const sockets = new Set<Socket>();
    const collector = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = collector.address() as AddressInfo;
      const { gateway, base } = await startSlowGateway(
        { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_BSP_SCHEDULE_DELAY: '100' },
        'test/fixtures/traced-slow-gateway.ts',
      );
      for (let request = 0; request < 20; request += 1) {
        expect((await fetch(`${base}/api/test-probe/slow?ms=10`)).status).toBe(200);
      }
      // The spans went for export, and found no answer.
      await waitUntil(() => sockets.size > 0, 5_000, 'an export to the collector');

      const signalledAt = Date.now();
      gateway.child.kill('SIGTERM');
      expect(await gateway.exited).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(GRACE_MS);
      expect(gateway.output()).not.toMatch(/exceeded its grace period/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => collector.close(resolve));
    }
  }, 180_000);
});
