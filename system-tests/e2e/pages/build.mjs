// Bundles the scripts of the browser tests' own pages into dist/pages (a page under a strict CSP
// takes scripts from its own origin only).
import { build } from 'rolldown';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const here = fileURLToPath(new URL('.', import.meta.url));
await build({
  input: join(here, 'prosemirror-editor.mjs'),
  output: { file: join(here, '..', '..', 'dist', 'pages', 'prosemirror-editor.js'), format: 'iife' },
  logLevel: 'warn',
});
