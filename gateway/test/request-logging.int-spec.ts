import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { Writable } from 'node:stream';
import request from 'supertest';
import { createGatewayApp } from '../src/bootstrap';
import { loggerOptions } from '@promptlib/platform';
import type { GatewayConfig } from '../src/config/gateway-config';
import { ProbeModule } from './fixtures/probe.module';
import { removeNamespaceData, testConfig, testNamespace } from './support/test-gateway';

describe('gateway request logs', () => {
  const lines: Record<string, unknown>[] = [];
  let config: GatewayConfig;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    config = testConfig(testNamespace('logs'));
    app = await createGatewayApp(config, pino(loggerOptions('gateway', 'info'), sink), [ProbeModule]);
  });

  afterAll(async () => {
    await app?.close();
    await removeNamespaceData(config);
  });

  it('writes one JSON line per request carrying the request id, and no cookies', async () => {
    const res = await request(app.getHttpServer()).get('/api/config').set('Cookie', 'sid=secret-session');
    const id = res.headers['x-request-id'];
    const line = lines.find((entry) => (entry.req as { id?: string } | undefined)?.id === id);
    expect(line).toMatchObject({
      level: 'info',
      app: 'gateway',
      msg: 'request completed',
      res: { statusCode: 200 },
    });
    expect(JSON.stringify(lines)).not.toContain('secret-session');
  });

  it('logs a 500 with its stack for us, while the client gets none', async () => {
    const res = await request(app.getHttpServer()).get('/api/test-probe/deep-error');
    const id = res.headers['x-request-id'];
    const line = lines.find((entry) => entry.requestId === id && entry.level === 'error');
    expect(line).toBeDefined();
    expect(JSON.stringify(line)).toContain('SELECT * FROM library.prompts');
    expect(res.text).not.toContain('SELECT');
    const requestLine = lines.find((entry) => (entry.req as { id?: string } | undefined)?.id === id);
    expect(requestLine).toMatchObject({ level: 'error', msg: 'request failed', res: { statusCode: 500 } });
  });
});
