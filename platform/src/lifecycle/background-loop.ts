export type BackgroundLoopOptions = {
  /** One pass of the work; answers how long to pause before the next pass (0: none). */
  step: () => Promise<number>;
  /** The loop also ends when this turns false (a connection its owner closed, say). */
  isActive?: () => boolean;
  /** Whether a wake() may cut the pause short; while false, the pause runs its course. */
  honoursWake?: () => boolean;
};

/**
 * Runs a step over and over in the background until stopped: the relay's polling and the event
 * consumer's recovery. A wake() during a step or a pause ends the pause, so work that just arrived
 * is handled at once; stop() ends the pause too and resolves once the step in flight has finished.
 */
export class BackgroundLoop {
  private loop: Promise<void> | undefined;
  private running = false;
  private woken = false;
  private endPause: (() => void) | undefined;

  constructor(private readonly options: BackgroundLoopOptions) {}

  /** True from start() until stop(): a step may read it to end early. */
  get isRunning(): boolean {
    return this.running;
  }

  /** Running, and not ended by its isActive condition. */
  get isActive(): boolean {
    return this.running && (this.options.isActive?.() ?? true);
  }

  start(): void {
    if (this.loop) return;
    this.running = true;
    this.loop = this.run();
  }

  wake(): void {
    this.woken = true;
    if (this.options.honoursWake?.() ?? true) this.endPause?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.endPause?.();
    await this.loop;
    this.loop = undefined;
  }

  private async run(): Promise<void> {
    while (this.isActive) {
      this.woken = false;
      const pauseMs = await this.options.step();
      const skip = pauseMs <= 0 || (this.woken && (this.options.honoursWake?.() ?? true));
      if (this.isActive && !skip) await this.pause(pauseMs);
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.endPause = undefined;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.endPause = finish;
    });
  }
}
