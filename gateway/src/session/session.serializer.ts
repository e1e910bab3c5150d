import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { SessionUser } from './session-user';

type Done = (error: unknown, user?: SessionUser) => void;

/** The session stores the small identity object itself, so a request needs no round trip to auth. */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  serializeUser(user: SessionUser, done: Done): void {
    done(null, {
      id: user.id,
      username: user.username,
      ...(user.photoURL ? { photoURL: user.photoURL } : {}),
    });
  }

  deserializeUser(payload: SessionUser, done: Done): void {
    done(null, payload);
  }
}
