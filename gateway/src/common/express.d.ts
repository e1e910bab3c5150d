import 'express';
import type { SessionUser } from '../session/session-user';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by the request-id middleware before anything else runs. */
    id: string;
    /** The signed-in user, set by the session middleware when the request's session is valid. */
    user?: SessionUser;
    /** The id of that session in Redis. */
    sessionId?: string;
  }
}
