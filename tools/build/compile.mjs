// `node tools/build/compile.mjs <from> <to>`: compiles every .ts file under <from> (specs and
// declaration files left out) to CommonJS under <to>, with source maps, as the package's build.
// Each file is transpiled on its own by swc, in a fraction of the time tsc takes to emit, since
// tsc would also check the types: npm test checks all Node packages as one program beside it.
import { transformFile } from '@swc/core';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';

const { swcOptions } = createRequire(import.meta.url)('./swc-options.cjs');

const [from, to] = process.argv.slice(2);
if (!from || !to) {
  console.error('usage: compile.mjs <source folder> <output folder>');
  process.exit(2);
}
const sourceRoot = resolve(from);
const outRoot = resolve(to);

const isCompiled = (name) =>
  name.endsWith('.ts') && !name.endsWith('.d.ts') && !/\.(int-)?spec\.ts$/.test(name);

async function sourcesUnder(folder) {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && isCompiled(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

async function compile(source) {
  const target = join(outRoot, relative(sourceRoot, source)).replace(/\.ts$/, '.js');
  const { code, map } = await transformFile(source, {
    ...swcOptions,
    filename: source,
    swcrc: false,
    configFile: false,
    sourceMaps: true,
    inlineSourcesContent: false,
    outputPath: target,
  });
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, `${code}\n//# sourceMappingURL=${basename(target)}.map\n`);
  await writeFile(`${target}.map`, map);
}

// A file deleted or renamed in the source must not live on in the output.
await rm(outRoot, { recursive: true, force: true });
const sources = await sourcesUnder(sourceRoot);
await Promise.all(sources.map(compile));
