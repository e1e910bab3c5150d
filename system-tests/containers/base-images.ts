import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { repoRoot } from '@promptlib/tools/testing';
import { command, DOCKER_BUILD, type Podman } from './podman';

export const DEBIAN_IMAGE = 'docker.io/library/debian:bookworm-slim';
export const NODE_IMAGE = 'docker.io/library/node:20-bookworm-slim';

/**
 * The public images deploy/Dockerfile and docker-compose.yml name, by the names they use. Where a
 * registry is reachable they are pulled as usual; where none is, they are made here from Debian's
 * packages (system-tests/containers/stand-in-images), so both files build and run unchanged.
 */
export const STAND_IN_IMAGES = [
  { image: 'docker.io/library/postgres:15-bookworm', file: 'postgres.Containerfile' },
  { image: 'docker.io/library/redis:7-bookworm', file: 'redis.Containerfile' },
  { image: 'docker.io/library/nats:2.10-alpine', file: 'nats.Containerfile' },
];

const STAND_INS = join(repoRoot, 'system-tests', 'containers', 'stand-in-images');
const DEFAULT_MIRROR = 'http://deb.debian.org/debian';
// The machine's extra CA certificates (a TLS-inspecting proxy's, say), trusted inside images too.
const EXTRA_CA_DIR = '/usr/local/share/ca-certificates';

/** Makes each base image that is missing; those already there are kept from earlier runs. */
export async function ensureBaseImages(podman: Podman, log: (line: string) => void): Promise<void> {
  if (!(await exists(podman, DEBIAN_IMAGE))) {
    log(`making ${DEBIAN_IMAGE} with debootstrap`);
    await makeDebianImage(podman);
  }
  if (!(await exists(podman, NODE_IMAGE))) {
    log(`making ${NODE_IMAGE} from this machine's Node ${process.version}`);
    await makeNodeImage(podman);
  }
  const recipe = await standInRecipe();
  for (const { image, file } of STAND_IN_IMAGES) {
    if ((await labelOf(podman, image, STAND_IN_LABEL)) === recipe) continue;
    log(`making ${image} from Debian's packages`);
    await podman.run(
      [...DOCKER_BUILD, '--label', `${STAND_IN_LABEL}=${recipe}`, '-f', file, '-t', image, '.'],
      { cwd: STAND_INS, timeoutMs: 15 * 60_000 },
    );
  }
}

// A stand-in kept from an earlier run is remade once its Containerfile or entrypoint has changed.
const STAND_IN_LABEL = 'promptlib.stand-in-recipe';

/** A digest of every file the stand-ins are made from. */
async function standInRecipe(): Promise<string> {
  const hash = createHash('sha256');
  for (const name of (await readdir(STAND_INS)).sort()) {
    hash
      .update(name)
      .update('\0')
      .update(await readFile(join(STAND_INS, name)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The image's label, or null when the image or the label is missing. */
async function labelOf(podman: Podman, image: string, label: string): Promise<string | null> {
  if (!(await exists(podman, image))) return null;
  const value = await podman.run([
    'image',
    'inspect',
    '--format',
    `{{ index .Config.Labels "${label}" }}`,
    image,
  ]);
  const found = value.trim();
  return found === '' || found === '<no value>' ? null : found;
}

async function exists(podman: Podman, image: string): Promise<boolean> {
  return podman.run(['image', 'exists', image]).then(
    () => true,
    () => false,
  );
}

/** A minimal Debian bookworm from the mirror apt uses here, without documentation, imported as an image. */
async function makeDebianImage(podman: Podman): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'promptlib-debian-'));
  const root = join(dir, 'root');
  try {
    await command(
      'debootstrap',
      ['--variant=minbase', '--include=ca-certificates', 'bookworm', root, await aptMirror()],
      { timeoutMs: 15 * 60_000 },
    );
    const certificates = await readdir(EXTRA_CA_DIR).catch(() => [] as string[]);
    for (const name of certificates.filter((item) => item.endsWith('.crt'))) {
      await cp(join(EXTRA_CA_DIR, name), join(root, EXTRA_CA_DIR.slice(1), name));
    }
    await command('chroot', [root, 'update-ca-certificates']);
    for (const path of [
      'var/cache/apt/archives',
      'var/lib/apt/lists',
      'usr/share/doc',
      'usr/share/man',
      'usr/share/info',
    ]) {
      await rm(join(root, path), { recursive: true, force: true });
    }
    await command('sh', ['-c', `tar -C "${root}" -c . | podman import - ${DEBIAN_IMAGE}`], {
      env: podman.env,
      timeoutMs: 10 * 60_000,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * node:20-bookworm-slim's layout: node, npm and npx in /usr/local, a `node` user with uid 1000,
 * and Node's headers so a native module compiles without downloading them.
 */
async function makeNodeImage(podman: Podman): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'promptlib-node-'));
  const prefix = dirname(dirname(process.execPath));
  try {
    await cp(process.execPath, join(dir, 'node'));
    await cp(join(prefix, 'lib', 'node_modules', 'npm'), join(dir, 'npm'), { recursive: true });
    await cp(join(prefix, 'include', 'node'), join(dir, 'include'), { recursive: true });
    const containerfile = [
      `FROM ${DEBIAN_IMAGE}`,
      'COPY node /usr/local/bin/node',
      'COPY npm /usr/local/lib/node_modules/npm',
      'COPY include /usr/local/include/node',
      'RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\',
      ' && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\',
      ' && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node',
      'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt npm_config_nodedir=/usr/local',
      'CMD ["node"]',
      '',
    ].join('\n');
    await writeFile(join(dir, 'Containerfile'), containerfile);
    await podman.run([...DOCKER_BUILD, '-t', NODE_IMAGE, '.'], {
      cwd: dir,
      timeoutMs: 10 * 60_000,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The Debian mirror apt is set to use here (a deb822 URIs line or a one-line `deb` entry). */
async function aptMirror(): Promise<string> {
  const files = [
    '/etc/apt/sources.list',
    ...(await readdir('/etc/apt/sources.list.d').catch(() => [] as string[])).map(
      (name) => `/etc/apt/sources.list.d/${name}`,
    ),
  ];
  for (const file of files) {
    const text = await readFile(file, 'utf8').catch(() => '');
    const uri =
      /^URIs:\s*(\S+\/debian)\/?\s*$/m.exec(text)?.[1] ??
      /^deb\s+(?:\[[^\]]*\]\s+)?(\S+\/debian)\/?\s+bookworm\b/m.exec(text)?.[1];
    if (uri) return uri;
  }
  return DEFAULT_MIRROR;
}
