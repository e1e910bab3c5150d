import { describe, expect, it } from 'vitest';
import { filterConfig } from './durable-consumer';

describe('filterConfig', () => {
  const one = ['ns.events.user.registered'];
  const two = ['ns.events.user.registered', 'ns.events.tier.changed'];

  it('filters on one subject with filter_subject from nats-server 2.10 on', () => {
    expect(filterConfig(one, '2.10.24')).toEqual({ filter_subject: one[0], filter_subjects: undefined });
  });

  it('filters on several subjects with filter_subjects from nats-server 2.10 on', () => {
    expect(filterConfig(two, '2.11.0')).toEqual({ filter_subject: undefined, filter_subjects: two });
    expect(filterConfig(two, '3.0.0')).toEqual({ filter_subject: undefined, filter_subjects: two });
  });

  it('takes the whole stream on older or unknown servers, where a filter could not be changed later', () => {
    const none = { filter_subject: undefined, filter_subjects: undefined };
    expect(filterConfig(one, '2.9.10')).toEqual(none);
    expect(filterConfig(two, '2.9.25')).toEqual(none);
    expect(filterConfig(two, undefined)).toEqual(none);
  });
});
