// Bundles the scripts of the browser tests' own pages into dist/pages (a page under a strict CSP
// takes scripts from its own origin only).
import { build } from 'rolldown';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { join, sep } from 'node:path';

const here = fileURLToPath(new URL('.', import.meta.url));
const resolved = createRequire(import.meta.url).resolve('lexical');
const lexicalPackage = resolved.slice(
  0,
  resolved.lastIndexOf(`${sep}lexical${sep}`) + `${sep}lexical`.length,
);
for (const page of ['prosemirror-editor', 'lexical-editor']) {
  await build({
    input: join(here, `${page}.mjs`),
    output: { file: join(here, '..', '..', 'dist', 'pages', `${page}.js`), format: 'iife' },
    // Lexical reads process.env.NODE_ENV to choose its build.
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    // One Lexical, as an app bundles it: npm gives each @lexical package a copy of its own, and
    // two copies do not share the editor being updated (a paste then keeps its first line only).
    resolve: { alias: { lexical: lexicalPackage } },
    logLevel: 'warn',
  });
}
