import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import { BackgroundLoop } from './background-loop';

/**
 * Work a service repeats on every replica while it runs (a purge, a sweep, a flush): `pass()` over
 * and over, from the moment the app has bootstrapped until it shuts down, when the pass in flight
 * is finished before anything it uses is closed. A job that must do more on shutdown overrides
 * `beforeApplicationShutdown` and calls `super` first.
 */
export abstract class BackgroundJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  protected readonly loop = new BackgroundLoop({ step: () => this.pass() });

  /** One pass of the work; answers the pause before the next (0: none). */
  protected abstract pass(): Promise<number>;

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }
}
