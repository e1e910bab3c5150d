import { repoRoot } from '@promptlib/tools/testing';
import { DOCKER_BUILD, type Podman } from './podman';

/** The targets of deploy/Dockerfile; the first is built first and pays for the shared stages. */
export const TARGETS = ['gateway', 'auth', 'library', 'sharing', 'billing', 'migrate', 'sandboxes'] as const;
export type Target = (typeof TARGETS)[number];

export type BuiltImage = { target: Target; image: string; seconds: number; bytes: number };

/** The name compose gives an image it builds (`image:` with PROMPTLIB_TAG). */
export function imageName(target: Target, tag: string): string {
  return `promptlib/${target}:${tag}`;
}

// Targets built at once after the first: an app's own layers are quick to commit, while sandboxes
// installs its dependencies (a minute or more, partly waiting on the disk) beside them.
const BUILDS_AT_ONCE = 2;

/**
 * Builds every target from deploy/Dockerfile as a user's `docker build` would, tagged with `tag`,
 * and reports each one's build time and size.
 * The first target builds the stages every target shares (the manifests, the whole build, the apps'
 * dependencies); the others, which then differ only in their own stages, are built side by side.
 */
export async function buildAppImages(
  podman: Podman,
  tag: string,
  log: (line: string) => void,
): Promise<BuiltImage[]> {
  const [first, ...others] = TARGETS;
  const built = [await buildAppImage(podman, first, tag, log)];
  const waiting = [...others];
  const builder = async () => {
    for (let target = waiting.shift(); target !== undefined; target = waiting.shift())
      built.push(await buildAppImage(podman, target, tag, log));
  };
  await Promise.all(Array.from({ length: BUILDS_AT_ONCE }, builder));
  return TARGETS.map((target) => built.find((image) => image.target === target)!);
}

async function buildAppImage(
  podman: Podman,
  target: Target,
  tag: string,
  log: (line: string) => void,
): Promise<BuiltImage> {
  const image = imageName(target, tag);
  const began = Date.now();
  await podman.run(
    [
      ...DOCKER_BUILD,
      '--layers',
      // Stages that do not depend on each other run side by side: the first target's own npm
      // install beside the shared build stage's.
      '--jobs',
      String(BUILDS_AT_ONCE),
      '-f',
      'deploy/Dockerfile',
      '--target',
      target,
      '-t',
      image,
      '.',
    ],
    { cwd: repoRoot, timeoutMs: 30 * 60_000 },
  );
  const bytes = Number((await podman.run(['image', 'inspect', '--format', '{{.Size}}', image])).trim());
  const seconds = (Date.now() - began) / 1000;
  log(`${target}: built in ${seconds.toFixed(1)} s, ${(bytes / 1e6).toFixed(0)} MB`);
  return { target, image, seconds, bytes };
}

/** Every image id podman holds, intermediate layers included: what a run made is the difference. */
export async function allImageIds(podman: Podman): Promise<Set<string>> {
  const out = await podman.run(['images', '--all', '--quiet', '--no-trunc']);
  return new Set(
    out
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
}
