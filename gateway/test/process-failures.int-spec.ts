import { freePort, waitUntil } from '@promptlib/platform/testing';
import { loadGatewayConfig } from '../src/config/gateway-config';
import { spawnTypeScript, type TypeScriptProcess } from './support/processes';
import { removeNamespaceData, testNamespace } from './support/test-gateway';

type LogLine = { level: string; msg: string } & Record<string, unknown>;

function logLines(gateway: TypeScriptProcess): LogLine[] {
  return gateway
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

describe('gateway process failures', () => {
  let gateway: TypeScriptProcess | undefined;
  const namespace = testNamespace('failures');

  afterAll(async () => {
    if (gateway && gateway.child.exitCode === null) gateway.child.kill('SIGKILL');
    await removeNamespaceData(loadGatewayConfig({ ...process.env, APP_NAMESPACE: namespace }));
  });

  it('logs an unhandled rejection with the id of the request that made it and keeps serving; exits 1 on an uncaught exception', async () => {
    const port = await freePort();
    gateway = spawnTypeScript('test/fixtures/failing-gateway.ts', {
      PORT: String(port),
      HEALTH_PORT: String(await freePort()),
      APP_NAMESPACE: namespace,
      SHUTDOWN_GRACE_MS: '5000',
      LOG_LEVEL: 'warn',
    });
    const base = `http://127.0.0.1:${port}`;
    const running = gateway;
    await waitUntil(
      async () => (await fetch(`${base}/api/ready`)).ok,
      90_000,
      `the gateway to be ready\n${running.output()}`,
    );

    const rejecting = await fetch(`${base}/api/test-probe/failures/reject`, {
      headers: { 'x-request-id': 'req-rejects-0001' },
    });
    expect(rejecting.status).toBe(200);
    await waitUntil(
      () => logLines(running).some((line) => line.msg === 'Unhandled promise rejection'),
      20_000,
      'the rejection to be logged',
    );
    expect(logLines(running)).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'Unhandled promise rejection',
        requestId: 'req-rejects-0001',
        err: expect.objectContaining({ message: 'a promise nobody awaited' }),
      }),
    );
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);

    const throwing = await fetch(`${base}/api/test-probe/failures/throw`, {
      headers: { 'x-request-id': 'req-throws-0001' },
    });
    expect(throwing.status).toBe(200);
    expect(await running.exited).toBe(1);
    expect(logLines(running)).toContainEqual(
      expect.objectContaining({
        level: 'fatal',
        msg: 'Uncaught exception; shutting down',
        requestId: 'req-throws-0001',
        err: expect.objectContaining({ message: 'a callback that threw' }),
      }),
    );
    expect(running.output()).not.toMatch(/exceeded its grace period/);
  }, 180_000);
});
