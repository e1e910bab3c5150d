import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import {
  defaultDataDir,
  findExecutable,
  installPackages,
  isExecutable,
  isRoot,
} from '@promptlib/tools/testing';

/** What podman needs to build and run images, and docker-compose to run the compose file on it. */
export const CONTAINER_PACKAGES = [
  'podman',
  'buildah',
  'runc',
  'debootstrap',
  'uidmap',
  'fuse-overlayfs',
  'docker-compose',
  // Compose's containers find each other by name through aardvark-dns, on netavark's networks: with
  // CNI, which podman falls back to without them, they have no DNS at all.
  'netavark',
  'aardvark-dns',
  'iproute2',
  // netavark 1.4 sets up a network's NAT and forwarding with the iptables program; without it,
  // starting any container on a network fails with "netavark: No such file or directory".
  'iptables',
];

// Programs of those packages that are not on the PATH.
const PODMAN_HELPERS = ['/usr/lib/podman/netavark', '/usr/lib/podman/aardvark-dns'];

/**
 * Podman's settings for these runs, in a file of our own (CONTAINERS_CONF) rather than the
 * machine's: runc, because crun refuses a machine with mixed cgroups, and default ulimits a root
 * inside a limited sandbox may raise; netavark, whatever podman chose on this machine before.
 */
const CONTAINERS_CONF = `[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]

[engine]
runtime = "runc"

[network]
network_backend = "netavark"
`;

/**
 * `podman build` as a user's `docker build` runs it: Docker's image format (so HEALTHCHECK is kept)
 * and the base images already here. RUN steps (apt, npm) reach the machine's mirrors as the
 * machine does: on podman's own bridge they find no resolver on some machines (netavark with no
 * DNS of its own).
 */
export const DOCKER_BUILD = ['build', '--pull=never', '--network=host', '--format', 'docker'];

export type Podman = {
  /** The environment every podman (and docker-compose) call runs with. */
  env: NodeJS.ProcessEnv;
  run(args: string[], options?: CommandOptions): Promise<string>;
};

export type CommandOptions = {
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  cwd?: string;
  /** Resolve with stdout and stderr together, in the order they came (a container's logs). */
  combined?: boolean;
};

/** Why podman cannot run here, or a podman ready to use. */
export async function preparePodman(log: (line: string) => void): Promise<Podman | { unavailable: string }> {
  const missing = [];
  for (const program of ['podman', 'debootstrap', 'docker-compose', 'ip', 'iptables']) {
    if ((await findExecutable(program, ['/usr/sbin', '/sbin'])) === null) missing.push(program);
  }
  for (const helper of PODMAN_HELPERS) {
    if (!(await isExecutable(helper))) missing.push(helper);
  }
  if (missing.length > 0) {
    if (!isRoot() || (await findExecutable('apt-get')) === null) {
      return { unavailable: `${missing.join(', ')} missing, and installing them needs root and apt-get` };
    }
    await installPackages(CONTAINER_PACKAGES, log, 'to build and run the images');
  }
  if (!isRoot())
    return { unavailable: 'the images are built by root (debootstrap and podman import need it)' };

  const dir = join(defaultDataDir({ uid: 0, env: process.env, homedir: homedir() }), 'containers');
  await mkdir(dir, { recursive: true });
  const confFile = join(dir, 'containers.conf');
  await writeFile(confFile, CONTAINERS_CONF);
  const env = { ...process.env, CONTAINERS_CONF: confFile };
  const podman: Podman = {
    env,
    run: (args, options = {}) => command('podman', args, { ...options, env: { ...env, ...options.env } }),
  };
  try {
    await podman.run(['info', '--format', '{{.Host.OCIRuntime.Name}}'], { timeoutMs: 60_000 });
  } catch (error) {
    return { unavailable: `podman does not work here: ${(error as Error).message}` };
  }
  return podman;
}

/** Whether a container starts at all (user namespaces, cgroups, the runtime), or why not. */
export async function containerTrial(podman: Podman, image: string): Promise<string | undefined> {
  try {
    await podman.run(['run', '--rm', '--network', 'none', image, 'true'], { timeoutMs: 60_000 });
    return undefined;
  } catch (error) {
    return `podman cannot start a container here: ${(error as Error).message}`;
  }
}

/** Runs a program, resolving with its stdout; a failure rejects with its last lines of output. */
export function command(file: string, args: string[], options: CommandOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = options.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs) : undefined;
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${file} could not run: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(options.combined ? output : stdout);
      const tail = output.trim().split('\n').slice(-8).join('\n');
      reject(
        new Error(`${file} ${args.slice(0, 3).join(' ')} … failed (${signal ?? `exit ${code}`}):\n${tail}`),
      );
    });
  });
}
