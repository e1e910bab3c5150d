// Bundles the scripts of the browser tests' own pages into dist/pages (a page under a strict CSP
// takes scripts from its own origin only).
import { build } from 'rolldown';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const here = fileURLToPath(new URL('.', import.meta.url));
for (const page of ['prosemirror-editor', 'lexical-editor']) {
  await build({
    input: join(here, `${page}.mjs`),
    output: { file: join(here, '..', '..', 'dist', 'pages', `${page}.js`), format: 'iife' },
    // Lexical reads process.env.NODE_ENV to choose its build.
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    logLevel: 'warn',
  });
}
