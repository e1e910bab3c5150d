/** Adds `uses` to a prompt's use count in one write; the count after it, or null for no such prompt. */
export type AddUses = (userId: number, promptId: number, uses: number) => Promise<number | null>;

type Waiting = { resolve: (count: number | null) => void; reject: (error: unknown) => void };
type Queued = { userId: number; promptId: number; waiting: Waiting[] };

/**
 * Counts the uses of prompts, one write per prompt at a time: the uses of a prompt that arrive while
 * its count is being written are added together by the next write. Each use is still answered only
 * once its write has committed, with a count of its own (simultaneous uses get consecutive counts),
 * so no use is lost and none answered early; what goes is the queue of writes on one hot row, where
 * every write waits for the one before to commit. A use with nothing in flight is written at once.
 */
export class UseCounter {
  private readonly queued = new Map<string, Queued>();
  private readonly writing = new Set<string>();

  constructor(private readonly addUses: AddUses) {}

  count(userId: number, promptId: number): Promise<number | null> {
    const key = `${userId}:${promptId}`;
    return new Promise((resolve, reject) => {
      let queued = this.queued.get(key);
      if (!queued) {
        queued = { userId, promptId, waiting: [] };
        this.queued.set(key, queued);
      }
      queued.waiting.push({ resolve, reject });
      if (!this.writing.has(key)) void this.write(key);
    });
  }

  private async write(key: string): Promise<void> {
    const queued = this.queued.get(key);
    if (!queued) return;
    this.queued.delete(key);
    this.writing.add(key);
    const { waiting } = queued;
    try {
      const count = await this.addUses(queued.userId, queued.promptId, waiting.length);
      waiting.forEach((use, index) =>
        use.resolve(count === null ? null : count - (waiting.length - 1 - index)),
      );
    } catch (error) {
      for (const use of waiting) use.reject(error);
    } finally {
      this.writing.delete(key);
      if (this.queued.has(key)) void this.write(key);
    }
  }
}
