// Builds the extension into dist/unpacked (load it with "Load unpacked") and packs the same files
// into dist/prompt-library-<version>.zip, as the browsers' stores take it.
import { zipSync } from 'fflate';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const here = fileURLToPath(new URL('.', import.meta.url));
const out = join(here, 'dist', 'unpacked');
const { version } = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));

rmSync(join(here, 'dist'), { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// Each script stands alone: the service worker, the palette put into pages, the options page, and
// the connector put into the app's page when connecting from it.
const entries = {
  background: 'src/background/background.ts',
  palette: 'src/palette/palette.ts',
  options: 'src/options/options.ts',
  connector: 'src/connector/connector.ts',
};
for (const [name, input] of Object.entries(entries)) {
  await build({
    input: join(here, input),
    resolve: {
      // The template rules and the connect messages come from zod-free modules of the contracts, as source.
      alias: {
        '@promptlib/proto/templates': join(here, '..', 'proto', 'src', 'templates', 'index.ts'),
        '@promptlib/proto/extension-connect': join(here, '..', 'proto', 'src', 'extension-connect.ts'),
      },
    },
    output: { file: join(out, `${name}.js`), format: 'iife', minify: true },
    logLevel: 'warn',
  });
}

// The pages, the manifest and the messages of each language (_locales/<language>/messages.json).
cpSync(join(here, 'static'), out, { recursive: true });
const manifest = JSON.parse(readFileSync(join(here, 'static', 'manifest.json'), 'utf8'));
writeFileSync(join(out, 'manifest.json'), `${JSON.stringify({ ...manifest, version }, null, 2)}\n`);

const files = Object.fromEntries(
  readdirSync(out, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return [relative(out, path).split(sep).join('/'), readFileSync(path)];
    }),
);
writeFileSync(join(here, 'dist', `prompt-library-${version}.zip`), zipSync(files, { level: 9 }));
console.log(`extension ${version}: dist/unpacked and dist/prompt-library-${version}.zip`);
