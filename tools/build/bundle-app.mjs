// `node tools/build/bundle-app.mjs` in an app's folder, after compile.mjs: turns the compiled
// `dist/main.js` and everything it requires into one file, `dist/main.bundle.js`, and puts in
// `dist/main.js`'s place a loader that runs it with a V8 code cache (code-cache-loader.cjs).
//
// Why: an app spent most of its start loading modules — finding, reading and compiling some
// thousand files of Nest, TypeORM, zod and the rest (about 1.1 CPU-s of auth's, against 0.67 from
// one file compiled from its cache). Every pod start pays it, and npm test starts some 140 apps.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { rolldown } from 'rolldown';

// Left to be required at run time, from node_modules, as before:
// - what the tracing SDK patches as it is required (http is Node's own; pg, ioredis), and the SDK;
// - native addons and packages that read their own files beside them (argon2's binary, BullMQ's
//   Lua scripts, Swagger UI's assets).
const EXTERNAL_PACKAGES = ['pg', 'pg-native', 'ioredis', 'argon2', 'bullmq', 'swagger-ui-dist'];
const EXTERNAL_SCOPES = ['@opentelemetry/'];

const isExternal = (id) =>
  EXTERNAL_PACKAGES.some((name) => id === name || id.startsWith(`${name}/`)) ||
  EXTERNAL_SCOPES.some((scope) => id.startsWith(scope));

const dist = resolve('dist');
const entry = join(dist, 'main.js');
const bundleFile = join(dist, 'main.bundle.js');

const bundle = await rolldown({
  input: entry,
  platform: 'node',
  external: isExternal,
  // A package the code asks for only where it is installed (Nest's optional transports and
  // validators, TypeORM's other drivers) stays a require that fails there, as it did unbundled.
  onLog(level, log, handler) {
    if (log.code === 'UNRESOLVED_IMPORT' || log.code === 'EVAL') return;
    handler(level, log);
  },
});
await bundle.write({
  file: bundleFile,
  format: 'cjs',
  // Nest and TypeORM read classes' names at run time (providers, entities, errors).
  keepNames: true,
  // One file: what is required lazily (the tracing SDK, jose) is wrapped and run on first use.
  codeSplitting: false,
});
await bundle.close();

// The code cache is named by the bundle's contents: V8 checks only a cache's source length, so a
// cache of another build must never be offered.
const contents = await readFile(bundleFile);
const hash = createHash('sha256').update(contents).digest('hex').slice(0, 16);
const loader = await readFile(createRequire(import.meta.url).resolve('./code-cache-loader.cjs'), 'utf8');
await writeFile(entry, loader.replace('__BUNDLE_HASH__', hash));
