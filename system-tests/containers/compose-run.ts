import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePorts } from '@promptlib/platform/testing';
import { repoRoot } from '@promptlib/tools/testing';
import { command, type Podman } from './podman';
import { waitHealthy } from './single-containers';

export type ComposeProject = {
  /** Where the gateway container answers, through its published port. */
  url: string;
  /** Where the Stripe sandbox container answers, through its published port. */
  stripeUrl: string;
  compose(args: string[], timeoutMs?: number): Promise<string>;
  /** Stops and removes its containers, network and volumes, and the podman API service. */
  down(): Promise<void>;
};

/**
 * docker-compose.yml brought up as a user would (`docker compose up`), on podman's Docker API: a
 * project of its own, the images already built with `tag`, private host ports. Podman without
 * systemd runs no health checks by itself, so while the project lives its containers' checks are
 * run every two seconds; compose's health-gated start order waits on them.
 */
export async function composeUp(
  podman: Podman,
  project: string,
  tag: string,
  log: (line: string) => void,
): Promise<ComposeProject> {
  const dir = await mkdtemp(join(tmpdir(), 'promptlib-compose-'));
  const socket = join(dir, 'podman.sock');
  const service = spawn('podman', ['system', 'service', '--time=0', `unix://${socket}`], {
    env: podman.env,
    stdio: 'ignore',
  });
  const [httpPort, stripePort] = await freePorts(2);
  const env: NodeJS.ProcessEnv = {
    ...podman.env,
    DOCKER_HOST: `unix://${socket}`,
    COMPOSE_PROJECT_NAME: project,
    PROMPTLIB_TAG: tag,
    HTTP_PORT: String(httpPort),
    PUBLIC_URL: `http://localhost:${httpPort}`,
    STRIPE_SANDBOX_HTTP_PORT: String(stripePort),
  };
  const compose = (args: string[], timeoutMs = 120_000, combined = false) =>
    command('docker-compose', ['--file', 'docker-compose.yml', ...args], {
      cwd: repoRoot,
      env,
      timeoutMs,
      combined,
    });

  let pumping = true;
  const pump = (async () => {
    while (pumping) {
      const names = await podman
        .run(['ps', '--filter', `label=com.docker.compose.project=${project}`, '--format', '{{.Names}}'])
        .catch(() => '');
      for (const name of names.split('\n').filter(Boolean)) {
        await podman.run(['healthcheck', 'run', name]).catch(() => undefined);
      }
      await sleep(2000);
    }
  })();

  const down = async () => {
    await compose(['down', '--volumes', '--remove-orphans', '--timeout', '20']).catch((error: Error) =>
      log(`docker-compose down: ${error.message}`),
    );
    pumping = false;
    await pump;
    await stopService(service);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitForSocket(socket, service);
    await compose(['config', '--quiet']);
    log('docker-compose config: the file is valid');
    // Postgres alone first: compose makes the project's network with it, and netavark its bridge,
    // whose MAC address is then fixed before any other container starts (pinBridgeAddress).
    await compose(['up', '--detach', '--no-build', '--no-deps', 'postgres'], 10 * 60_000);
    await pinBridgeAddress(podman, project);
    await compose(['up', '--detach', '--no-build'], 10 * 60_000);
    // `up` returns once the gateway is started; it answers once its own health check passes.
    const gateway = (await compose(['ps', '--quiet', 'gateway'])).trim().split('\n').pop() ?? '';
    await waitHealthy(podman, gateway);
    log((await compose(['ps'])).trim().split('\n').join('\n  '));
    return {
      url: `http://127.0.0.1:${httpPort}`,
      stripeUrl: `http://127.0.0.1:${stripePort}`,
      compose,
      down,
    };
  } catch (error) {
    const logs = await compose(['logs', '--no-color', '--tail', '15'], 60_000, true).catch(() => '');
    await down();
    throw new Error(`${(error as Error).message}\n--- docker-compose logs ---\n${logs}`);
  }
}

/**
 * Netavark before 1.9 (Debian bookworm has 1.4) leaves a bridge's MAC address to the kernel, which
 * gives it the lowest of its ports' and changes it when the container with that port stops or a
 * lower one starts. The other containers keep sending to the address they learnt for as long as
 * ARP holds it, and what they send to the bridge is lost, aardvark-dns's queries included: a lookup
 * of `postgres` or `stripe-sandbox` then takes 10 s or more (glibc waits 5 s for each nameserver
 * of the container's resolv.conf), past Postgres's 2 s connect timeout and the gateway's 5 s; and a
 * service with a lookup pending when it exits stays up until SIGKILL, since Node waits for it.
 * Setting the address the kernel chose keeps it for good, as netavark does itself since 1.9.
 */
async function pinBridgeAddress(podman: Podman, project: string): Promise<void> {
  const networks = await podman.run([
    'network',
    'ls',
    '--filter',
    `label=com.docker.compose.project=${project}`,
    '--format',
    '{{.Name}}',
  ]);
  for (const network of networks.split('\n').filter(Boolean)) {
    const bridge = (
      await podman.run(['network', 'inspect', '--format', '{{.NetworkInterface}}', network])
    ).trim();
    const address = (await readFile(`/sys/class/net/${bridge}/address`, 'utf8')).trim();
    await command('ip', ['link', 'set', 'dev', bridge, 'address', address], { env: podman.env });
  }
}

async function waitForSocket(socket: string, service: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (
    !(await stat(socket).then(
      () => true,
      () => false,
    ))
  ) {
    if (service.exitCode !== null) throw new Error(`podman system service exited with ${service.exitCode}`);
    if (Date.now() > deadline) throw new Error('podman system service did not open its socket within 30 s');
    await sleep(200);
  }
}

async function stopService(service: ChildProcess): Promise<void> {
  if (service.exitCode !== null) return;
  const exited = new Promise((resolve) => service.once('exit', resolve));
  service.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000).then(() => service.kill('SIGKILL'))]);
}
