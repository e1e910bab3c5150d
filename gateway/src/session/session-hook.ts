import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiException } from '../common/api-exception';
import { isApiPath, pathOf } from '../common/request-path';
import type { Sessions } from './sessions';

/** Who is signed in, for every API call; without Redis nobody can be, which is a 503, not a 401. */
export function resumeSession(sessions: Sessions) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // A request made with an API key acts for the key's user alone.
    if (request.apiKey || !isApiPath(pathOf(request.url))) return;
    try {
      await sessions.resume(request, reply.raw);
    } catch (error) {
      throw new ApiException(
        503,
        'SERVICE_UNAVAILABLE',
        'Sign-in is temporarily unavailable. Please try again in a moment.',
        undefined,
        { cause: error },
      );
    }
  };
}
