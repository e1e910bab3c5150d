import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { REQUEST_ID_HEADER, namespaced, subjects } from '@promptlib/proto';
import { connect, type NatsConnection } from 'nats';
import request from 'supertest';
import type { GatewayConfig } from '../src/config/gateway-config';
import { ProbeModule } from './fixtures/probe.module';
import { createTestGateway, removeNamespaceData, testConfig, testNamespace } from './support/test-gateway';

const SITE = 'http://localhost:8080';

describe('the request id on service calls', () => {
  let config: GatewayConfig;
  let app: NestFastifyApplication;
  let nats: NatsConnection;

  beforeAll(async () => {
    config = testConfig(testNamespace('reqctx'));
    app = await createTestGateway(config, [ProbeModule]);
    nats = await connect({ servers: config.NATS_URL });
    // A stand-in for the library that answers with the request id its call carried.
    nats.subscribe(namespaced(config.APP_NAMESPACE, subjects.library.promptsGet), {
      callback: (_error, message) => {
        const packet = JSON.parse(Buffer.from(message.data).toString()) as { id: string };
        const requestId = message.headers?.get(REQUEST_ID_HEADER) ?? null;
        message.respond(Buffer.from(JSON.stringify({ id: packet.id, response: { requestId } })));
      },
    });
    // The server must know the subscription before the first call, or that call meets no responder (503).
    await nats.flush();
  });

  afterAll(async () => {
    await app?.close();
    await nats?.close();
    await removeNamespaceData(config);
  });

  it('carries the id of the HTTP request to the service without the caller passing it', async () => {
    const res = await request(app.getHttpServer())
      .get('/api/test-probe/service')
      .set('X-Request-Id', 'trace-read-1234')
      .expect(200);
    expect(res.body).toEqual({ requestId: 'trace-read-1234' });
  });

  it('still carries it after the body and the session were read', async () => {
    const res = await request(app.getHttpServer())
      .post('/api/test-probe/service')
      .set('Origin', SITE)
      .set('X-Request-Id', 'trace-write-5678')
      .send({ id: 3 })
      .expect(201);
    expect(res.body).toEqual({ requestId: 'trace-write-5678' });
  });

  it('gives concurrent requests each their own id', async () => {
    const ids = Array.from({ length: 20 }, (_, index) => `trace-many-${String(index).padStart(4, '0')}`);
    const answers = await Promise.all(
      ids.map((id) =>
        request(app.getHttpServer())
          .post('/api/test-probe/service')
          .set('Origin', SITE)
          .set('X-Request-Id', id)
          .send({ id: 1 }),
      ),
    );
    expect(answers.map((res) => (res.body as { requestId: string }).requestId)).toEqual(ids);
  });
});
