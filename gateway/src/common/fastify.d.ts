import 'fastify';
// reply.sendFile, added by the static file plugin the web module registers.
import type {} from '@fastify/static';
import type { ApiKeyScope } from '@promptlib/proto';
import type { SessionUser } from '../session/session-user';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the session hook when the request's session is valid. */
    user: SessionUser | null;
    /** The id of that session in Redis. */
    sessionId: string | null;
    /** The personal API key the request was made with instead of a session, set by its hook. */
    apiKey: { id: number; scope: ApiKeyScope } | null;
  }

  interface FastifyContextConfig {
    /** The route takes its JSON body as the bytes received (see RAW_BODY in json-body). */
    rawBody?: boolean;
  }
}
