import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { installPackages } from './apt';
import { findExecutable, tailFile } from './processes';
import type { Log } from './types';

/**
 * A private nginx in front of several gateways: the local stand-in for a Kubernetes Service. It
 * passes a request to the next gateway only when one cannot be reached at all
 * (`proxy_next_upstream error`: a request a gateway has begun is never sent twice), opens a new
 * connection per request (no upstream keep-alive), and forwards the client's address for the
 * gateways' rate limits (they trust loopback).
 */
export type RunningNginx = {
  port: number;
  /** The gateways it sends to, by port. Applied by a reload: new requests go only to these. */
  setUpstreams(ports: number[]): Promise<void>;
  stop(): Promise<void>;
};

const NGINX_DIRS = ['/usr/sbin', '/sbin'];

/** nginx's binary, installed from Debian's packages when missing (as the other servers are). */
export async function nginxBinary(log: Log): Promise<string> {
  const found = await findExecutable('nginx', NGINX_DIRS);
  if (found) return found;
  await installPackages(['nginx'], log);
  const installed = await findExecutable('nginx', NGINX_DIRS);
  if (!installed) throw new Error('nginx is still missing after installing the Debian package nginx');
  return installed;
}

export function nginxConfig(dir: string, port: number, upstreams: number[], ipv6 = true): string {
  if (upstreams.length === 0) throw new Error('nginx needs at least one gateway to send to');
  return `# Written by npm start for its gateway replicas; nothing here is the machine's own nginx.
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # The gateway answers a body over its limit itself, with the API's own error.
  client_max_body_size 16m;
  upstream gateways {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=0;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};${ipv6 ? `\n    listen [::1]:${port};` : ''}
    location / {
      proxy_pass http://gateways;
      proxy_next_upstream error;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_buffering off;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
}

export async function startNginx(port: number, upstreams: number[], log: Log): Promise<RunningNginx> {
  const binary = await nginxBinary(log);
  const dir = await mkdtemp(join(tmpdir(), 'promptlib-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(join(dir, sub));
  const conf = join(dir, 'nginx.conf');
  // Browsers may try localhost's IPv6 address first; a machine without IPv6 has no ::1 to listen on.
  const ipv6 = await readFile('/proc/net/if_inet6', 'utf8').then(
    (text) => text.trim() !== '',
    () => false,
  );
  await writeFile(conf, nginxConfig(dir, port, upstreams, ipv6));
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitListening(port, child, () => stderr);

  return {
    port,
    async setUpstreams(ports) {
      const before = await workersOf(child.pid);
      await writeFile(conf, nginxConfig(dir, port, ports, ipv6));
      child.kill('SIGHUP');
      // Applied once every worker of the old configuration has gone: they finish what they hold.
      const deadline = Date.now() + 10_000;
      for (;;) {
        const now = await workersOf(child.pid);
        if (now.length > 0 && now.every((pid) => !before.includes(pid))) return;
        if (Date.now() > deadline) {
          throw new Error(`nginx did not apply its new upstreams: ${await tailFile(join(dir, 'error.log'))}`);
        }
        await sleep(20);
      }
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function waitListening(port: number, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start: ${stderr().trim()}`);
    const answered = await fetch(`http://127.0.0.1:${port}/`, { method: 'HEAD' }).then(
      () => true,
      () => false,
    );
    if (answered) return;
    if (Date.now() > deadline)
      throw new Error(`nginx did not listen on ${port} within 10 s: ${stderr().trim()}`);
    await sleep(50);
  }
}

/** The worker processes of an nginx master, from /proc. */
async function workersOf(master: number | undefined): Promise<number[]> {
  if (master === undefined) return [];
  const tasks = await readdir(`/proc/${master}/task`).catch(() => [] as string[]);
  const children = await Promise.all(
    tasks.map((task) => readFile(`/proc/${master}/task/${task}/children`, 'utf8').catch(() => '')),
  );
  return children.flatMap((text) => text.split(/\s+/).filter(Boolean).map(Number));
}
