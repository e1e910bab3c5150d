import type { SessionSummary } from '@promptlib/proto';
import type { OpenSession } from '../session/sessions';
import { deviceName } from './user-agent';

/** The sessions as the API shows them: the device named, the times as ISO dates. */
export function sessionSummaries(sessions: OpenSession[]): SessionSummary[] {
  return sessions.map((session) => ({
    id: session.id,
    ...deviceName(session.device),
    signedInAt: session.openedAt === null ? null : new Date(session.openedAt).toISOString(),
    lastActiveAt: new Date(session.lastActiveAt).toISOString(),
    current: session.current,
  }));
}
