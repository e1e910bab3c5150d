// The files' setupFiles where they call the gateway: each file's fetch keeps an idle connection
// for 4 s at most. Left to itself, fetch keeps one for as long as the server says it will (Fastify:
// 72 s) less a second; on a loaded machine its timer fired late, and a file's first request went
// out on a connection the gateway had just closed ("other side closed"). The gateway's own timeout
// stays as production has it: the client is the side that must let go first.
import { Agent } from 'undici';

// The files of a worker share one global object: fetch is wrapped once, by the worker's first file.
const worker = globalThis as typeof globalThis & { shortKeepAlive?: Agent };

/** The worker's connections to the gateway, for a file that sends with undici itself rather than fetch. */
export function shortKeepAliveAgent(): Agent {
  if (!worker.shortKeepAlive) {
    const dispatcher = new Agent({ keepAliveTimeout: 4_000, keepAliveMaxTimeout: 4_000 });
    const nodeFetch = globalThis.fetch;
    worker.shortKeepAlive = dispatcher;
    globalThis.fetch = (input, init) =>
      nodeFetch(input, { dispatcher, ...init } as RequestInit & { dispatcher: Agent });
  }
  return worker.shortKeepAlive;
}

shortKeepAliveAgent();
