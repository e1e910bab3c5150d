'use strict';
// An app's entry (`dist/main.js`, written by tools/build/bundle-app.mjs): runs the app's bundle,
// `main.bundle.js`, compiled from V8's code cache when there is one. The cache is written beside
// the bundle once the app has run for a while, so that it holds the functions the start compiled;
// where that folder is read-only (an image run as an unprivileged user) there is none, and the
// bundle is compiled as any module is.
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { join } = require('node:path');
const vm = require('node:vm');

const BUNDLE_HASH = '__BUNDLE_HASH__';
const bundleFile = join(__dirname, 'main.bundle.js');
const cacheFile = join(__dirname, `main.bundle.${BUNDLE_HASH}.v8-${process.versions.v8}.cache`);
// Long enough for the start to be done, so that its functions are in the cache.
const WRITE_CACHE_AFTER_MS = 10_000;

function readCache() {
  try {
    return readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

function writeCache(script) {
  try {
    // Apps started side by side write the same file: each writes its own and renames it in place.
    const partial = `${cacheFile}.${process.pid}`;
    writeFileSync(partial, script.createCachedData());
    renameSync(partial, cacheFile);
  } catch {
    // A read-only folder: the next start compiles the bundle again.
  }
}

const cachedData = readCache();
// A module's wrapper, and `__bundleImport`, which the bundle's `import()`s call (bundle-app.mjs):
// Node 20 loses a script's dynamic-import loader when it compiles it from a code cache, so they
// import from here.
const wrapper = '(function (exports, require, module, __filename, __dirname, __bundleImport) { ';
const script = new vm.Script(`${wrapper}${readFileSync(bundleFile, 'utf8')}\n})`, {
  filename: bundleFile,
  cachedData,
});
const bundleImport = (specifier) => import(specifier);
if (!cachedData || script.cachedDataRejected) {
  setTimeout(() => writeCache(script), WRITE_CACHE_AFTER_MS).unref();
}

// The bundle as a module of its own, so that what it leaves to require (pg, argon2…) is found
// from its folder, through Module.prototype.require, which the tracing SDK patches.
const bundle = new Module(bundleFile, module);
bundle.filename = bundleFile;
bundle.paths = Module._nodeModulePaths(__dirname);
const bundleRequire = (id) => bundle.require(id);
bundleRequire.resolve = (request, options) => Module._resolveFilename(request, bundle, false, options);
bundleRequire.main = require.main;
bundleRequire.cache = require.cache;
script.runInThisContext()(bundle.exports, bundleRequire, bundle, bundleFile, __dirname, bundleImport);
bundle.loaded = true;
