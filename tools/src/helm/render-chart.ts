import { createHash } from 'node:crypto';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { installPackages } from '../infra/apt';
import { defaultDataDir } from '../infra/data-dir';
import { findExecutable, isExecutable, runCommand } from '../infra/processes';
import { repoRoot } from '../run/exec';

export type RenderOptions = {
  chartDir: string;
  valuesFiles?: string[];
  release?: string;
  namespace?: string;
};

/** The Debian packages the renderer is built from where `helm` is not installed. */
export const RENDERER_PACKAGES = [
  'golang-go',
  'golang-github-masterminds-sprig-dev',
  'golang-gopkg-yaml.v3-dev',
];

const RENDERER_SOURCE = join(repoRoot, 'tools', 'helm-renderer');

/**
 * A chart rendered as `helm template` renders it: by `helm` when it is on the PATH, else by the
 * renderer in tools/helm-renderer (Go's text/template with Helm's functions), built once from
 * Debian's packages and kept, rebuilt when its source changes. A template error rejects with
 * the renderer's message.
 */
export async function renderChart(options: RenderOptions): Promise<{ yaml: string; renderer: string }> {
  const release = options.release ?? 'prompt-library';
  const namespace = options.namespace ?? 'default';
  const values = (options.valuesFiles ?? []).flatMap((file) => ['-f', file]);
  const helm = await findExecutable('helm');
  if (helm) {
    const { stdout } = await runCommand(helm, [
      'template',
      release,
      options.chartDir,
      '--namespace',
      namespace,
      ...values,
    ]);
    return { yaml: stdout, renderer: 'helm' };
  }
  const renderer = await builtRenderer();
  const { stdout } = await runCommand(renderer, [
    '-chart',
    options.chartDir,
    '-name',
    release,
    '-namespace',
    namespace,
    ...values,
  ]);
  return { yaml: stdout, renderer: 'tools/helm-renderer' };
}

/** The functions the renderer offers, as it lists them. */
export async function rendererFunctions(): Promise<string[]> {
  const { stdout } = await runCommand(await builtRenderer(), ['-functions']);
  return stdout.split('\n').filter(Boolean);
}

let built: Promise<string> | undefined;

function builtRenderer(): Promise<string> {
  built ??= buildRenderer();
  return built;
}

async function buildRenderer(): Promise<string> {
  const source = await readFile(join(RENDERER_SOURCE, 'main.go'));
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const dir = join(
    defaultDataDir({ uid: process.getuid?.() ?? null, env: process.env, homedir: homedir() }),
    'helm-renderer',
  );
  const binary = join(dir, `helm-renderer-${hash}`);
  if (await isExecutable(binary)) return binary;

  let go = await findExecutable('go', ['/usr/lib/go/bin']);
  const sprig = await readFile('/usr/share/gocode/src/github.com/Masterminds/sprig/functions.go').then(
    () => true,
    () => false,
  );
  if (!go || !sprig) {
    await installPackages(RENDERER_PACKAGES, (line) => console.log(`[helm] ${line}`), 'to render the chart');
    go = await findExecutable('go', ['/usr/lib/go/bin']);
    if (!go) throw new Error(`go is still missing after installing ${RENDERER_PACKAGES.join(', ')}`);
  }
  await mkdir(dir, { recursive: true });
  const gopath = join(tmpdir(), `promptlib-gopath-${process.pid}`);
  const partial = `${binary}.${process.pid}`;
  await runCommand(go, ['build', '-o', partial, '.'], {
    cwd: RENDERER_SOURCE,
    timeoutMs: 5 * 60_000,
    env: {
      ...process.env,
      GO111MODULE: 'off',
      GOPATH: `${gopath}:/usr/share/gocode`,
      GOCACHE: join(dir, 'go-cache'),
      GOFLAGS: '',
    },
  });
  // Two test workers may build at once: the rename makes whichever finishes last win, whole.
  await rename(partial, binary);
  return binary;
}
