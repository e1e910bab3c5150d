import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

const LOWEST_PORT = 10_000;
const BIND_ATTEMPTS = 50;

/**
 * TCP ports free now, for servers a test or a runner starts. All the listeners are held open at
 * once, so the ports are distinct.
 *
 * They are picked at random below the kernel's ephemeral range, not with listen(0): a port the
 * kernel hands out for listen(0) comes from the range it also hands to outgoing connections, so
 * between this check and the server's own listen any connection made on the machine (a test's
 * to Postgres, in the lane beside it) could take it, and the server failed with EADDRINUSE.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  const below = ephemeralRangeStart();
  try {
    while (servers.length < count) servers.push(await listenOnFreePort(below));
    return servers.map((server) => {
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('a TCP server has no port');
      return address.port;
    });
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port;
}

async function listenOnFreePort(below: number): Promise<Server> {
  if (below - LOWEST_PORT < 1_000) return listen(0);
  for (let attempt = 0; attempt < BIND_ATTEMPTS; attempt += 1) {
    const port = LOWEST_PORT + Math.floor(Math.random() * (below - LOWEST_PORT));
    try {
      return await listen(port);
    } catch {
      // Taken by someone else: try another.
    }
  }
  return listen(0);
}

// No host: the server binds every address as the apps do (`::`, and IPv4 with it), so a port some
// other address holds counts as taken.
function listen(port: number): Promise<Server> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });
}

function ephemeralRangeStart(): number {
  try {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return Number(start) || 32_768;
  } catch {
    return 32_768;
  }
}
