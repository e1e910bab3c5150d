import { describe, expect, it } from 'vitest';
import type { EventConsumer } from '../events/event-consumer';
import { EventSubscriber } from './event-subscriber';

class Subscriber extends EventSubscriber {
  constructor(consumer: EventConsumer) {
    super(consumer);
  }
}

describe('EventSubscriber', () => {
  it('starts consuming once the app has bootstrapped and stops before it shuts down', async () => {
    const calls: string[] = [];
    const consumer = {
      start: async () => void calls.push('start'),
      stop: async () => void calls.push('stop'),
    } as unknown as EventConsumer;
    const subscriber = new Subscriber(consumer);
    expect(calls).toEqual([]);
    await subscriber.onApplicationBootstrap();
    expect(calls).toEqual(['start']);
    await subscriber.beforeApplicationShutdown();
    expect(calls).toEqual(['start', 'stop']);
  });
});
