import type { ProbeResult } from './types';
import type { ServiceTarget } from './urls';
import { isPortOpen } from './open-port';

const CONNECT_TIMEOUT_MS = 2000;

// A plain TCP check first: it tells "nothing there" from "something unusable there", answers fast when
// the port is closed, and spares the client libraries' failed-connect paths (ioredis leaves a timer behind).
export async function probeListening(
  target: ServiceTarget,
  speak: () => Promise<ProbeResult>,
): Promise<ProbeResult> {
  if (!(await isPortOpen(target.host, target.port, CONNECT_TIMEOUT_MS))) {
    return { state: 'down', reason: `nothing answers on ${target.host}:${target.port}` };
  }
  return speak();
}
