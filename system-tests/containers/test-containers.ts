import { randomBytes } from 'node:crypto';
import {
  formatSeconds,
  type ProvisionedInfra,
  provisionInfra,
  removeNamespace,
  stopServers,
} from '@promptlib/tools/testing';
import { allImageIds, buildAppImages, TARGETS, type BuiltImage, type Target } from './app-images';
import { DEBIAN_IMAGE, ensureBaseImages } from './base-images';
import { composeUp } from './compose-run';
import { containerTrial, preparePodman, type Podman } from './podman';
import { runEachImageAlone } from './single-containers';
import { newUserJourney } from './user-journey';

const log = (line: string) => console.log(`  ${line}`);

/**
 * `npm run test:containers`: the images and the compose file, built and run for real. Base images
 * are made once and kept; everything else this run makes (images, containers, volumes, the
 * database namespace) is removed at the end, whatever happened. Where podman cannot run it says
 * so and returns 0. Returns the exit code.
 */
export async function testContainers(): Promise<number> {
  const began = Date.now();
  const run = `ct${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const steps: { title: string; ms: number }[] = [];
  const step = async <T>(title: string, action: () => Promise<T>): Promise<T> => {
    console.log(`\n▶ ${title}`);
    const start = Date.now();
    const result = await action();
    steps.push({ title, ms: Date.now() - start });
    console.log(`✔ ${title} (${formatSeconds(Date.now() - start)})`);
    return result;
  };

  const prepared = await step('Podman', () => preparePodman(log));
  if ('unavailable' in prepared) {
    console.log(`\nContainer tests skipped: ${prepared.unavailable}.`);
    return 0;
  }
  const podman: Podman = prepared;
  await step('Base images (made once, kept for later runs)', () => ensureBaseImages(podman, log));
  const trial = await containerTrial(podman, DEBIAN_IMAGE);
  if (trial) {
    console.log(`\nContainer tests skipped: ${trial}.`);
    return 0;
  }

  const before = await allImageIds(podman);
  let infra: ProvisionedInfra | undefined;
  let code = 0;
  try {
    const built = await step('Build every target of deploy/Dockerfile', () =>
      buildAppImages(podman, run, log),
    );
    const images = Object.fromEntries(built.map((image) => [image.target, image.image])) as Record<
      Target,
      string
    >;

    infra = await provisionInfra({ namespace: `plc_${run}`, env: process.env });
    const alone = infra;
    await step('Each app image alone, until its HEALTHCHECK passes, then SIGTERM', () =>
      runEachImageAlone(podman, images, alone, `plc_${run}`, log),
    );

    const project = await step('docker-compose up (health-gated start)', () =>
      composeUp(podman, `promptlib-${run}`, run, log),
    );
    try {
      await step('Sign up, save a prompt, read it back and pay for Pro through the containers', async () => {
        const origin = project.url.replace('127.0.0.1', 'localhost');
        for (const line of await newUserJourney(project.url, origin, project.stripeUrl)) log(line);
      });
    } finally {
      await step('docker-compose down --volumes', () => project.down());
    }
    printFigures(built, steps, began);
  } catch (error) {
    console.error(`\n✖ ${(error as Error).message}`);
    code = 1;
  } finally {
    await removeImagesMadeSince(podman, before);
    if (infra) {
      for (const problem of await removeNamespace(`plc_${run}`, infra))
        console.error(`Cleanup incomplete: ${problem}`);
      await stopServers(infra.started).catch((error: Error) => console.error(error.message));
    }
  }
  return code;
}

/** The images this run built, and the intermediate layers of their builds; base images stay. */
async function removeImagesMadeSince(podman: Podman, before: Set<string>): Promise<void> {
  const made = [...(await allImageIds(podman))].filter((id) => !before.has(id));
  if (made.length === 0) return;
  await podman
    .run(['rmi', '--force', ...made])
    .catch((error: Error) => console.error(`Removing images: ${error.message}`));
}

function printFigures(built: BuiltImage[], steps: { title: string; ms: number }[], began: number): void {
  console.log('\nImages (build time, size):');
  for (const target of TARGETS) {
    const image = built.find((item) => item.target === target);
    if (image)
      console.log(
        `  ${target.padEnd(10)} ${image.seconds.toFixed(1).padStart(6)} s ${(image.bytes / 1e6).toFixed(0).padStart(5)} MB`,
      );
  }
  console.log('\nSteps:');
  for (const { title, ms } of steps) console.log(`  ${formatSeconds(ms).padStart(8)}  ${title}`);
  console.log(`\nContainer tests passed in ${formatSeconds(Date.now() - began)}.`);
}
