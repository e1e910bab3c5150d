import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type { GatewayConfig } from '../src/config/gateway-config';
import { ProbeModule } from './fixtures/probe.module';
import { documentedRoutes, servedApiRoutes } from './support/route-table';
import { createTestGateway, removeNamespaceData, testConfig, testNamespace } from './support/test-gateway';
import { validateOpenApi } from './support/validate-openapi';

type Document = { openapi: string; paths: Record<string, Record<string, unknown>> };

async function openApiDocument(app: NestFastifyApplication): Promise<Document> {
  const res = await request(app.getHttpServer()).get('/api/openapi.json').expect(200);
  return res.body as Document;
}

describe('the OpenAPI document', () => {
  let config: GatewayConfig;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    config = testConfig(testNamespace('openapi'));
    app = await createTestGateway(config);
  });

  afterAll(async () => {
    await app?.close();
    await removeNamespaceData(config);
  });

  it('documents every /api route the gateway serves, and only those', async () => {
    const served = servedApiRoutes(app);
    expect(served).toEqual(expect.arrayContaining(['GET /api/prompts', 'PATCH /api/prompts/{id}']));
    expect(documentedRoutes(await openApiDocument(app))).toEqual(served);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const document = await openApiDocument(app);
    expect(document.openapi).toBe('3.1.0');
    const result = await validateOpenApi(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('describes bodies and replies with the schemas the routes use', async () => {
    const document = (await openApiDocument(app)) as unknown as {
      paths: Record<string, Record<string, Record<string, any>>>; // eslint-disable-line @typescript-eslint/no-explicit-any
      components: { securitySchemes: Record<string, unknown> };
    };
    const create = document.paths['/api/prompts'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['title', 'content']);
    expect(body.properties.title).toMatchObject({ type: 'string', minLength: 3, maxLength: 200 });
    const reply = create.responses['201'].content['application/json'].schema;
    expect(reply.properties.isFavorite).toEqual({
      anyOf: [
        { type: 'number', const: 0 },
        { type: 'number', const: 1 },
      ],
    });
    expect(create.responses['403'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ApiError',
    });
    expect(document.paths['/api/prompts/{id}/copy'].post.responses).toHaveProperty('200');
    expect(document.paths['/api/user'].get.security).toEqual([{ sessionCookie: [] }]);
    // The library's routes take a personal API key as well; the keys' own routes a session only.
    expect(document.paths['/api/prompts/{id}'].delete.security).toEqual([
      { sessionCookie: [] },
      { apiKey: [] },
    ]);
    expect(document.paths['/api/api-keys'].get.security).toEqual([{ sessionCookie: [] }]);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/login'].post.security).toEqual([]);
  });

  it('leaves a route without documentation out, so the comparison above names it', async () => {
    const probeConfig = testConfig(testNamespace('openapi_probe'));
    const withProbe = await createTestGateway(probeConfig, [ProbeModule]);
    try {
      const served = servedApiRoutes(withProbe);
      const documented = documentedRoutes(await openApiDocument(withProbe));
      expect(served.filter((route) => !documented.includes(route))).toEqual(
        expect.arrayContaining(['POST /api/test-probe/echo', 'GET /api/test-probe/deep-error']),
      );
      expect(
        served.filter((route) => !documented.includes(route)).every((r) => r.includes('/test-probe/')),
      ).toBe(true);
    } finally {
      await withProbe.close();
      await removeNamespaceData(probeConfig);
    }
  });

  it('serves the reference page and its files from our origin, under the Content-Security-Policy', async () => {
    const api = request(app.getHttpServer());
    const page = await api
      .get('/api/docs')
      .expect(200)
      .expect('Content-Type', /text\/html/);
    expect(page.text).toContain('<script src="/api/docs/swagger-ui-bundle.js"></script>');
    expect(page.text).not.toMatch(/<script>(?!<)/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'docs-init.js']) {
      await api.get(`/api/docs/${asset}`).expect(200);
    }
    const missing = await api.get('/api/docs/package.json').expect(404);
    expect(missing.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    await api.get('/api/docs/..%2Fpackage.json').expect(404);
  });
});
