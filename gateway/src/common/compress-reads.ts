import compression from 'compression';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LIVE_EVENTS_PATH } from '@promptlib/proto';
import { MCP_PATH } from '../api-keys/api-key-authentication';
import { pathOf } from './request-path';

type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

// Reads whose answer is a few hundred bytes of fixed shape, asked on every page load.
const SMALL_READS = new Set(['/api/user', '/api/user/limits', '/api/config', '/api/ready']);
// The live feed and the MCP server's notifications (its GET): gzip would hold each event back
// until its buffer filled.
const STREAMS = new Set([LIVE_EVENTS_PATH, MCP_PATH]);

/**
 * Gzip where it pays: reads, whose answers can be large (the prompt list, the SPA's files without
 * a prebuilt gzip, the API document). Writes answer one small object, and the small reads above
 * never reach compression's 1 kB threshold; wrapping their response would cost every one of them
 * for nothing. It wraps the Node response, so answers written to it directly (the streamed list)
 * are compressed too.
 */
export function compressReads(): onRequestHookHandler {
  // compression works on Node's own request and response; its types name Express's.
  const compress = compression() as unknown as NodeMiddleware;
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    const path = pathOf(request.url);
    if (!read || SMALL_READS.has(path) || STREAMS.has(path)) return done();
    compress(request.raw, reply.raw, (error) => done(error as Error | undefined));
  };
}
