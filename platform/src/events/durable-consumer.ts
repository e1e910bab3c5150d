import {
  AckPolicy,
  DeliverPolicy,
  nanos,
  type ConsumerConfig,
  type ConsumerInfo,
  type JetStreamManager,
} from 'nats';

export type DurableConsumerSpec = {
  stream: string;
  durable: string;
  /** Namespaced subjects the service handles. */
  subjects: string[];
  ackWaitMs: number;
  /** `version` of the server's INFO; decides whether several filter subjects are possible. */
  serverVersion: string | undefined;
};

type FilterConfig = Pick<ConsumerConfig, 'filter_subject' | 'filter_subjects'>;

/**
 * Creates the durable pull consumer or brings an existing one to the spec. Replicas starting at
 * once converge: the server accepts an identical create, and a create that finds a different
 * config (an older deploy's handlers) falls through to an update.
 */
export async function ensureDurableConsumer(
  manager: JetStreamManager,
  spec: DurableConsumerSpec,
): Promise<ConsumerInfo> {
  const changeable = {
    ack_wait: nanos(spec.ackWaitMs),
    ...filterConfig(spec.subjects, spec.serverVersion),
  };
  try {
    return await manager.consumers.add(spec.stream, {
      durable_name: spec.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ...changeable,
    });
  } catch (error) {
    if (!/already (exists|in use)/i.test((error as Error).message)) throw error;
  }
  return manager.consumers.update(spec.stream, spec.durable, changeable);
}

/**
 * Filters server-side from nats-server 2.10 on, which brought `filter_subjects` and applies a
 * changed filter to a live durable. 2.9 (Debian bookworm's) has neither: there, a durable whose
 * filter was updated kept delivering only its old subjects, so the durable takes the whole stream
 * and the caller acks what it does not handle. Both keys are always present, so an update clears
 * the one no longer used (undefined is dropped from the JSON).
 */
export function filterConfig(subjects: string[], serverVersion: string | undefined): FilterConfig {
  if (!isAtLeast210(serverVersion)) return { filter_subject: undefined, filter_subjects: undefined };
  if (subjects.length === 1) return { filter_subject: subjects[0], filter_subjects: undefined };
  return { filter_subject: undefined, filter_subjects: subjects };
}

function isAtLeast210(serverVersion: string | undefined): boolean {
  const match = /^v?(\d+)\.(\d+)/.exec(serverVersion ?? '');
  if (!match) return false;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  return major > 2 || (major === 2 && minor >= 10);
}
