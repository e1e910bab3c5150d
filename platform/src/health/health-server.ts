import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { Readiness } from './readiness';

export type HealthServer = { port: number; close: () => Promise<void> };

/**
 * Liveness, readiness and Prometheus metrics on their own port, apart from the traffic port:
 * it keeps answering while the main server drains, so the orchestrator sees "not ready" at once.
 */
export async function startHealthServer(
  port: number,
  readiness: Readiness,
  metrics: Registry,
): Promise<HealthServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const send = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(405, JSON.stringify({ status: 'method not allowed' }));
    if (path === '/health/live') return send(200, JSON.stringify({ status: 'ok' }));
    if (path === '/health/ready') {
      void readiness.report().then((report) => send(report.ready ? 200 : 503, JSON.stringify(report)));
      return;
    }
    if (path === '/metrics') {
      void metrics.metrics().then((text) => send(200, text, metrics.contentType));
      return;
    }
    send(404, JSON.stringify({ status: 'not found' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
