import send from '@fastify/send';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { resolve } from 'node:path';
import { resolveWebRoot } from './web-root';

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * The SPA's build files under /assets. Vite puts a content hash in every name there, so they can
 * be cached for good. The build writes a smaller gzip of each beside it (zopfli), which is sent as
 * it is to every client that accepts gzip; the compression hook only handles what has no such
 * file. A missing file goes on to the API's JSON 404. The other files of the build (index.html,
 * the favicon) are the web controller's, which also adds `reply.sendFile` with these options.
 */
// JavaScript is text/javascript (RFC 9239), as Vite and browsers name it; the file server's table,
// shared by every file it sends, still says application/javascript.
send.mime.define({ 'text/javascript': ['js', 'mjs'] }, true);

export async function serveWebAssets(app: NestFastifyApplication): Promise<void> {
  await app.register(fastifyStatic, {
    root: resolve(resolveWebRoot(), 'assets'),
    prefix: '/assets/',
    preCompressed: true,
    immutable: true,
    maxAge: ONE_YEAR_MS,
    index: false,
    redirect: false,
  });
}
