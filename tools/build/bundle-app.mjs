// `node tools/build/bundle-app.mjs` in an app's folder, after compile.mjs: turns the compiled
// `dist/main.js` and everything it requires into one file, `dist/main.bundle.js`, and puts in
// `dist/main.js`'s place a loader that runs it with a V8 code cache (code-cache-loader.cjs).
//
// Why: an app spent most of its start loading modules — finding, reading and compiling some
// thousand files of Nest, TypeORM, zod and the rest (about 1.1 CPU-s of auth's, against 0.67 from
// one file compiled from its cache). Every pod start pays it, and npm test starts some 140 apps.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { rolldown } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';

// Left to be required at run time, from node_modules, as before:
// - what the tracing SDK patches as it is required (http is Node's own; pg, ioredis), and the SDK;
// - native addons and packages that read their own files beside them (argon2's binary, BullMQ's
//   Lua scripts, Swagger UI's assets).
const EXTERNAL_PACKAGES = ['pg', 'pg-native', 'ioredis', 'argon2', 'bullmq', 'swagger-ui-dist'];
const EXTERNAL_SCOPES = ['@opentelemetry/'];

const isExternal = (id) =>
  EXTERNAL_PACKAGES.some((name) => id === name || id.startsWith(`${name}/`)) ||
  EXTERNAL_SCOPES.some((scope) => id.startsWith(scope));

// What an `import()` in the bundle calls instead (the loader passes it in): Node 20 loses a
// script's dynamic-import loader when it compiles the script from a code cache, and such an
// import() then fails (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING); the loader's own import() works.
const BUNDLE_IMPORT = '__bundleImport';

/** The offsets of every `import(…)` expression in a program. */
function dynamicImports(code) {
  const offsets = [];
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    if (node.type === 'ImportExpression') offsets.push(node.start);
    for (const key of Object.keys(node)) if (key !== 'parent') visit(node[key]);
  };
  visit(parseAst(code));
  return offsets;
}

const importsThroughLoader = {
  name: 'imports-through-loader',
  renderChunk(code) {
    let rewritten = code;
    for (const offset of dynamicImports(code).sort((a, b) => b - a)) {
      if (!code.startsWith('import', offset)) throw new Error(`no import() at offset ${offset}`);
      rewritten = rewritten.slice(0, offset) + BUNDLE_IMPORT + rewritten.slice(offset + 'import'.length);
    }
    return rewritten;
  },
};

const dist = resolve('dist');
const entry = join(dist, 'main.js');
const bundleFile = join(dist, 'main.bundle.js');

// Bundled again, the loader would bundle only itself: the build compiles dist afresh each time.
if ((await readFile(entry, 'utf8')).includes('BUNDLE_HASH')) {
  console.error('dist/main.js is already the loader: build the app (compile.mjs) before bundling it');
  process.exit(2);
}

const bundle = await rolldown({
  input: entry,
  platform: 'node',
  external: isExternal,
  plugins: [importsThroughLoader],
  // Reading a bundle of some 6 MB for its import()s takes a second or two: nothing to warn of.
  checks: { bundlerTimings: false },
  // A package the code asks for only where it is installed (Nest's optional transports and
  // validators, TypeORM's other drivers) stays a require that fails there, as it did unbundled.
  onLog(level, log, handler) {
    if (log.code === 'UNRESOLVED_IMPORT' || log.code === 'EVAL') return;
    handler(level, log);
  },
});
const { output } = await bundle.write({
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
const hash = createHash('sha256').update(output[0].code).digest('hex').slice(0, 16);
const loader = await readFile(new URL('./code-cache-loader.cjs', import.meta.url), 'utf8');
await writeFile(entry, loader.replace('__BUNDLE_HASH__', hash));
