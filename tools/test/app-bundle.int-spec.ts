import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BUNDLE_APP = path.join(__dirname, '..', 'build', 'bundle-app.mjs');
// The loader writes the cache 10 s after the start; the app lives a little longer.
const LIFETIME_MS = 10_800;

let app: string;

// An app as compile.mjs leaves it: an entry requiring a module of its own and `pg`, which the
// bundle leaves to node_modules (here a stand-in that says where it was found).
beforeAll(async () => {
  app = await mkdtemp(path.join(os.tmpdir(), 'promptlib-bundle-'));
  await mkdir(path.join(app, 'dist'));
  await mkdir(path.join(app, 'node_modules', 'pg'), { recursive: true });
  await writeFile(
    path.join(app, 'node_modules', 'pg', 'index.js'),
    'module.exports = { from: __filename };\n',
  );
  await writeFile(path.join(app, 'dist', 'greeting.js'), 'exports.greeting = "hello";\n');
  await writeFile(
    path.join(app, 'dist', 'main.js'),
    [
      'const { greeting } = require("./greeting");',
      'const pg = require("pg");',
      // An import() the bundler cannot follow, as in the libraries that load ESM-only packages.
      'const builtin = "node:os";',
      'import(builtin).then((os) => console.log(JSON.stringify({ greeting, pg: pg.from, dirname: __dirname, resolved: require.resolve("pg"), imported: typeof os.cpus })));',
      `setTimeout(() => {}, ${LIFETIME_MS});`,
    ].join('\n'),
  );
  await run(process.execPath, [BUNDLE_APP], { cwd: app });
});

afterAll(async () => {
  await rm(app, { recursive: true, force: true });
});

const start = async () =>
  JSON.parse((await run(process.execPath, [path.join(app, 'dist', 'main.js')])).stdout);
const caches = async () => (await readdir(path.join(app, 'dist'))).filter((name) => name.endsWith('.cache'));

describe('an app built into one file', () => {
  it('runs its code from the bundle, requires what the bundle leaves out from node_modules, imports what it cannot follow, and writes a code cache the next start uses', async () => {
    const expected = {
      greeting: 'hello',
      pg: path.join(app, 'node_modules', 'pg', 'index.js'),
      dirname: path.join(app, 'dist'),
      resolved: path.join(app, 'node_modules', 'pg', 'index.js'),
      imported: 'function',
    };
    expect(await caches()).toEqual([]);
    expect(await start()).toEqual(expected);
    const [cache] = await caches();
    // Named by the bundle's contents, so that a cache of another build is never offered.
    const bundle = await readFile(path.join(app, 'dist', 'main.bundle.js'));
    const hash = createHash('sha256').update(bundle).digest('hex').slice(0, 16);
    expect(cache).toMatch(new RegExp(`^main\\.bundle\\.${hash}\\.v8-.+\\.cache$`));
    const written = (await stat(path.join(app, 'dist', cache!))).mtimeMs;

    // A cache V8 accepts is not written again.
    expect(await start()).toEqual(expected);
    expect(await caches()).toEqual([cache]);
    expect((await stat(path.join(app, 'dist', cache!))).mtimeMs).toBe(written);
  }, 60_000);

  it('refuses to bundle an app twice, which would bundle the loader in its place', async () => {
    const loader = await readFile(path.join(app, 'dist', 'main.js'), 'utf8');
    const second = run(process.execPath, [BUNDLE_APP], { cwd: app });
    await expect(second).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/already the loader/),
    });
    expect(await readFile(path.join(app, 'dist', 'main.js'), 'utf8')).toBe(loader);
  });
});
