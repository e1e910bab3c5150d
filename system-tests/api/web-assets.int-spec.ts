import { readFileSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sharedStack } from '../support/shared-stack';
import type { GatewayAddress } from '../support/stack';

const assetsDir = resolve(__dirname, '..', '..', 'frontend', 'dist', 'assets');

type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** node:http, because fetch picks its own Accept-Encoding and decompresses what comes back. */
function rawGet(url: string, headers: Record<string, string>, method = 'GET'): Promise<RawResponse> {
  return new Promise((done, fail) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

describe('the SPA files the gateway serves', () => {
  // The files are the build's, whichever gateway serves them: the shared stack's, whose services
  // these tests never call.
  let gateway: GatewayAddress;
  let entry: string;

  beforeAll(async () => {
    gateway = { url: sharedStack().gatewayUrl };
    const page = await rawGet(`${gateway.url}/auth`, { 'Accept-Encoding': 'identity' });
    entry = /<script type="module" crossorigin src="\/assets\/([^"]+\.js)"/.exec(page.body.toString())![1]!;
  }, 180_000);

  it('has a smaller gzip of the same bytes beside every script of the build but the tiniest', () => {
    const names = readdirSync(assetsDir);
    const scripts = names.filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    for (const name of scripts) {
      const raw = readFileSync(resolve(assetsDir, name));
      // gzip's own header and trailer make a file of a few dozen bytes larger, so it is left plain.
      if (raw.length < 100 && !names.includes(`${name}.gz`)) continue;
      const gzip = readFileSync(resolve(assetsDir, `${name}.gz`));
      expect(gzip.length).toBeLessThan(raw.length);
      expect(gunzipSync(gzip).equals(raw)).toBe(true);
    }
  });

  it('sends the gzip written at build time, as JavaScript cached for a year, to a client that accepts gzip', async () => {
    const response = await rawGet(`${gateway.url}/assets/${entry}`, {
      'Accept-Encoding': 'gzip, deflate, br, zstd',
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body.equals(readFileSync(resolve(assetsDir, `${entry}.gz`)))).toBe(true);
    expect(gunzipSync(response.body).equals(readFileSync(resolve(assetsDir, entry)))).toBe(true);
  });

  it.each(['identity', 'gzip;q=0', ''])(
    'sends the plain file to a client whose Accept-Encoding is "%s"',
    async (accept) => {
      const response = await rawGet(
        `${gateway.url}/assets/${entry}`,
        accept ? { 'Accept-Encoding': accept } : {},
      );
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i);
      expect(response.body.equals(readFileSync(resolve(assetsDir, entry)))).toBe(true);
    },
  );

  it('answers HEAD with the headers of the gzip and no body', async () => {
    const response = await rawGet(`${gateway.url}/assets/${entry}`, { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(Number(response.headers['content-length'])).toBe(
      readFileSync(resolve(assetsDir, `${entry}.gz`)).length,
    );
    expect(response.body.length).toBe(0);
  });

  it('answers a missing build file with a JSON 404, never the page', async () => {
    for (const path of ['/assets/missing-0000.js', `/assets/${entry}.map`]) {
      const response = await rawGet(`${gateway.url}${path}`, { 'Accept-Encoding': 'gzip' });
      expect(response.status).toBe(404);
      expect(JSON.parse(gunzipOrPlain(response).toString())).toMatchObject({ statusCode: 404 });
    }
  });

  it('leaves a path that does not decode to the API, which answers a JSON 400', async () => {
    const response = await rawGet(`${gateway.url}/assets/%E0%A4%A`, { 'Accept-Encoding': 'identity' });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body.toString())).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });
});

function gunzipOrPlain(response: RawResponse): Buffer {
  return response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.body) : response.body;
}
