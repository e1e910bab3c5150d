import { Controller, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { NamespacedNatsServer, serviceError } from '@promptlib/platform';
import { subjects } from '@promptlib/proto';
import request from 'supertest';
import type { GatewayConfig } from '../src/config/gateway-config';
import { ProbeModule } from './fixtures/probe.module';
import { createTestGateway, removeNamespaceData, testConfig, testNamespace } from './support/test-gateway';

@Controller()
class CategoryTakenResponder {
  @MessagePattern(subjects.library.promptsGet)
  get(): never {
    throw serviceError('CATEGORY_NAME_TAKEN', 'A category with this name already exists', {
      name: { rule: 'taken', message: 'A category with this name already exists' },
    });
  }
}

const SITE = 'http://localhost:8080';

describe('gateway HTTP foundations', () => {
  let config: GatewayConfig;
  let app: NestFastifyApplication;
  let api: ReturnType<typeof request>;

  beforeAll(async () => {
    config = testConfig(testNamespace('http'), { ALLOWED_ORIGINS: 'https://app.example.com' });
    app = await createTestGateway(config, [ProbeModule]);
    api = request(app.getHttpServer());
  });

  afterAll(async () => {
    await app?.close();
    await removeNamespaceData(config);
  });

  describe('CSRF', () => {
    it('refuses a cross-origin POST', async () => {
      const res = await api.post('/api/test-probe/echo').set('Origin', 'https://evil.example').send({ a: 1 });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        statusCode: 403,
        message: 'This request did not come from this site and was refused.',
        error: 'Forbidden',
        code: 'CSRF_REJECTED',
      });
    });

    it('refuses a POST with no Origin and a foreign Referer', async () => {
      const res = await api
        .post('/api/test-probe/echo')
        .set('Referer', 'https://evil.example/page')
        .send({ a: 1 });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('CSRF_REJECTED');
    });

    it('refuses a POST with neither Origin nor Referer', async () => {
      const res = await api.post('/api/test-probe/echo').send({ a: 1 });
      expect(res.status).toBe(403);
    });

    it.each(['PATCH', 'PUT', 'DELETE'] as const)('refuses a cross-origin %s', async (method) => {
      const res = await api[method.toLowerCase() as 'patch' | 'put' | 'delete']('/api/anything').set(
        'Origin',
        'https://evil.example',
      );
      expect(res.status).toBe(403);
    });

    it('refuses the literal "null" origin of sandboxed frames', async () => {
      const res = await api.post('/api/test-probe/echo').set('Origin', 'null').send({ a: 1 });
      expect(res.status).toBe(403);
    });

    it('accepts the public origin, a listed origin, the local port and a same-site Referer', async () => {
      for (const headers of [
        { Origin: SITE },
        { Origin: 'https://app.example.com' },
        { Origin: 'http://127.0.0.1:8080' },
        { Referer: `${SITE}/subscribe` },
      ]) {
        const res = await api.post('/api/test-probe/echo').set(headers).send({ a: 1 });
        expect(res.status).toBe(201);
        expect(res.body).toEqual({ received: { a: 1 } });
      }
    });

    it('lets reads through without an Origin', async () => {
      const res = await api.get('/api/config');
      expect(res.status).toBe(200);
    });
  });

  describe('request bodies', () => {
    it('answers 415 to a text/plain body', async () => {
      const res = await api
        .post('/api/test-probe/echo')
        .set('Origin', SITE)
        .set('Content-Type', 'text/plain')
        .send('title=hello');
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({
        statusCode: 415,
        error: 'Unsupported Media Type',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    });

    it('answers 415 to a form body', async () => {
      const res = await api.post('/api/test-probe/echo').set('Origin', SITE).type('form').send({ a: '1' });
      expect(res.status).toBe(415);
    });

    it('answers 415 to JSON in another charset than UTF-8', async () => {
      const res = await api
        .post('/api/test-probe/echo')
        .set('Origin', SITE)
        .set('Content-Type', 'application/json; charset=latin1')
        .send('{"a":1}');
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Send the request body as UTF-8 JSON.',
      });
    });

    it('answers 400 to malformed JSON', async () => {
      const res = await api
        .post('/api/test-probe/echo')
        .set('Origin', SITE)
        .set('Content-Type', 'application/json')
        .send('{"title": "unterminated');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: 'The request body is not valid JSON.',
        error: 'Bad Request',
        code: 'MALFORMED_JSON',
      });
    });

    it('answers 413 to a 200 kB body', async () => {
      const res = await api
        .post('/api/test-probe/echo')
        .set('Origin', SITE)
        .send({ content: 'x'.repeat(200 * 1024) });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({
        statusCode: 413,
        message: 'The request body is larger than 100 kB.',
        code: 'PAYLOAD_TOO_LARGE',
        error: 'Payload Too Large',
      });
    });

    it('accepts a body just under 100 kB', async () => {
      const res = await api
        .post('/api/test-probe/echo')
        .set('Origin', SITE)
        .send({ content: 'x'.repeat(99 * 1024) });
      expect(res.status).toBe(201);
    });

    it('accepts a body-less POST without a content type', async () => {
      const res = await api.post('/api/test-probe/echo').set('Origin', SITE);
      expect(res.status).toBe(201);
    });
  });

  describe('errors', () => {
    it('answers an unknown /api route with a JSON 404', async () => {
      const res = await api.get('/api/does-not-exist');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'NOT_FOUND' });
    });

    it('answers a path that does not decode with a JSON 400 in the same shape', async () => {
      const res = await api.get('/api/prompts/%E0%A4%A');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: 'The address of this request is not valid.',
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
      });
    });

    it('reads a path with a trailing slash as the path without it', async () => {
      const res = await api.get('/api/config/');
      expect(res.status).toBe(200);
      expect(res.body).toHaveProperty('prices');
    });

    it('answers an unknown /api POST from this site with a JSON 404', async () => {
      const res = await api.post('/api/does-not-exist').set('Origin', SITE).send({});
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    });

    it('turns an error thrown deep inside into the documented shape without internals', async () => {
      const res = await api.get('/api/test-probe/deep-error');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        statusCode: 500,
        message: 'Something went wrong on our side. Please try again.',
        error: 'Internal Server Error',
        code: 'INTERNAL',
      });
      expect(res.text).not.toMatch(/SELECT|library\.prompts|PromptRepository|at .*\.ts/);
    });

    it("maps a service's typed error to its status, message, fields and their rules", async () => {
      const responder: INestMicroservice = await NestFactory.createMicroservice(
        { module: class ResponderModule {}, controllers: [CategoryTakenResponder] },
        {
          strategy: new NamespacedNatsServer({
            namespace: config.APP_NAMESPACE,
            service: 'library',
            options: { servers: [config.NATS_URL] },
          }),
          logger: false,
        },
      );
      await responder.listen();
      try {
        const res = await api.get('/api/test-probe/service');
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          statusCode: 409,
          message: 'A category with this name already exists',
          error: 'Conflict',
          code: 'CATEGORY_NAME_TAKEN',
          fields: { name: 'A category with this name already exists' },
          rules: { name: 'taken' },
        });
      } finally {
        await responder.close();
      }
    });

    it('answers 503 at once when no service responds', async () => {
      const started = Date.now();
      const res = await api.get('/api/test-probe/service?timeoutMs=4000');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
      expect(Date.now() - started).toBeLessThan(3_000);
    });
  });

  describe('headers', () => {
    it('sends the content security policy and opener policy', async () => {
      const res = await api.get('/');
      const csp = res.headers['content-security-policy'];
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-powered-by']).toBeUndefined();
    });

    it('compresses a large read for a client that accepts gzip, and not the small fixed ones', async () => {
      const document = await api.get('/api/openapi.json').set('Accept-Encoding', 'gzip');
      expect(document.headers['content-encoding']).toBe('gzip');
      const config = await api.get('/api/config').set('Accept-Encoding', 'gzip');
      expect(config.headers['content-encoding']).toBeUndefined();
      expect(config.headers['vary']).toBeUndefined();
    });

    it('sends no HSTS outside production', async () => {
      const res = await api.get('/api/config');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('gives every response a request id and keeps a well-formed one from the caller', async () => {
      const generated = await api.get('/api/config');
      expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const given = await api.get('/api/config').set('X-Request-Id', 'trace-12345678');
      expect(given.headers['x-request-id']).toBe('trace-12345678');
      const hostile = await api.get('/api/config').set('X-Request-Id', 'bad id\twith spaces');
      // Replaced by a generated id: "not containing 'bad'" failed once on a generated id that did.
      expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('public endpoints', () => {
    it('reports health and readiness', async () => {
      const health = await api.get('/api/health');
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ status: 'ok' });
      expect(health.headers['cache-control']).toBe('no-store');
      expect((await api.head('/api/health')).status).toBe(200);
      const ready = await api.get('/api/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ ready: true, status: 'ready', checks: { nats: 'up', redis: 'up' } });
    });

    it('serves the client config', async () => {
      const res = await api.get('/api/config');
      expect(res.body).toEqual({
        googleClientId: null,
        googleAuthUrl: null,
        prices: { monthly: 'price_pro_monthly', annual: 'price_pro_annual' },
      });
      // Its own Cache-Control wins over the API's default.
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('lets no cache keep an /api answer, errors included, unless the route says otherwise', async () => {
      const unauthenticated = await api.get('/api/user');
      expect(unauthenticated.status).toBe(401);
      expect(unauthenticated.headers['cache-control']).toBe('no-store');
      const missing = await api.get('/api/no-such-route');
      expect(missing.status).toBe(404);
      expect(missing.headers['cache-control']).toBe('no-store');
    });

    it('serves the web page for any other path, so client routes survive a reload', async () => {
      // A share page whose link cannot be read now (no sharing service here) is the plain page too.
      for (const path of ['/', '/auth', '/shared/AAAAAAAAAAAAAAAAAAAAAA', '/no/such/page']) {
        const res = await api.get(path);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
      }
      // A share id that cannot exist is the page as well, with the 404 it is.
      const malformed = await api.get('/shared/abc');
      expect(malformed.status).toBe(404);
      expect(malformed.headers['content-type']).toMatch(/text\/html/);
    });
  });
});
