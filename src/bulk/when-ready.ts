// Items of runs mapped in order, each once it is ready (an import's row once its parent's records
// are in): what an async generator does, without its cost per item (a generator resumed and two
// promises awaited per yield) when the next item is at hand and ready, as nearly every one is.

const DONE: IteratorResult<never> = { done: true, value: undefined };

/**
 * `runs` is called once per pass. Calls to next() made at once (a runner's workers) are answered in
 * the order made: one that finds its item at hand and ready, and none waiting before it, is answered
 * without an await; the others wait behind the first that had to wait.
 */
export function mapWhenReady<T, R>(
  runs: () => AsyncIterator<readonly T[]>,
  isReady: (item: T) => boolean,
  whenReady: (item: T) => Promise<void>,
  map: (item: T) => R,
): AsyncIterable<R> {
  return { [Symbol.asyncIterator]: () => new WhenReady(runs(), isReady, whenReady, map) };
}

class WhenReady<T, R> implements AsyncIterator<R> {
  private run: readonly T[] = [];
  private at = 0;
  private finished = false;
  /** The calls not yet answered, in the order made; the first is answered by `drain`. */
  private readonly queue: Array<{ resolve: (result: IteratorResult<R>) => void; reject: (error: unknown) => void }> = [];
  private draining = false;

  constructor(
    private readonly runs: AsyncIterator<readonly T[]>,
    private readonly isReady: (item: T) => boolean,
    private readonly whenReady: (item: T) => Promise<void>,
    private readonly map: (item: T) => R,
  ) {}

  next(): Promise<IteratorResult<R>> {
    if (!this.draining) {
      if (this.finished) return Promise.resolve(DONE);
      const item = this.at < this.run.length ? this.run[this.at]! : undefined;
      if (item !== undefined && this.isReady(item)) {
        this.at++;
        try {
          return Promise.resolve({ done: false, value: this.map(item) });
        } catch (error) {
          return Promise.reject(error);
        }
      }
    }
    const answer = new Promise<IteratorResult<R>>((resolve, reject) => this.queue.push({ resolve, reject }));
    if (!this.draining) void this.drain();
    return answer;
  }

  async return(): Promise<IteratorResult<R>> {
    this.finished = true;
    await this.runs.return?.();
    return DONE;
  }

  /** Answers the calls waiting, in order: an await only for a run to arrive or an item to be ready. */
  private async drain(): Promise<void> {
    this.draining = true;
    while (this.queue.length > 0) {
      const waiter = this.queue[0]!;
      try {
        while (!this.finished && this.at >= this.run.length) {
          const next = await this.runs.next();
          if (next.done) this.finished = true;
          else {
            this.run = next.value;
            this.at = 0;
          }
        }
        if (this.finished) waiter.resolve(DONE);
        else {
          const item = this.run[this.at]!;
          if (!this.isReady(item)) await this.whenReady(item);
          this.at++;
          waiter.resolve({ done: false, value: this.map(item) });
        }
      } catch (error) {
        waiter.reject(error);
      }
      this.queue.shift();
    }
    this.draining = false;
  }
}
