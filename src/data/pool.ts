// Bounded concurrency, shared by the data catalog and the bulk engine: `limit` workers take
// indexes in order until the work runs out or `stop()` says so. Work already started always
// finishes; nothing is started after a stop.

/**
 * The bulk engine's requests in flight: against the sandbox, 10,000 price updates ran ~30% faster
 * with 32 than with 8 (bench/prices-import.bench.mjs, RENTALS_BENCH_CONCURRENCY=8,32); a server that
 * wants fewer says so with 429 and Retry-After, which the client honours.
 */
export const DEFAULT_CONCURRENCY = 32;

/** Runs work(0..count-1) at most `limit` at a time; returns how many were started. */
export async function runPool(
  count: number,
  limit: number,
  work: (index: number) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<number> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count && !stop()) {
      const index = next++;
      await work(index);
    }
  };
  const workers = Math.max(1, Math.min(Math.floor(limit) || 1, count));
  await Promise.all(Array.from({ length: workers }, worker));
  return next;
}

/** fn over items with at most `limit` in flight; results in the items' order. Rejects on the first error. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>, signal?: AbortSignal): Promise<R[]> {
  const results = new Array<R>(items.length);
  let failure: { error: unknown } | undefined;
  await runPool(
    items.length,
    limit,
    async (index) => {
      try {
        results[index] = await fn(items[index]!);
      } catch (error) {
        failure ??= { error };
      }
    },
    () => failure !== undefined || signal?.aborted === true,
  );
  if (failure) throw failure.error;
  signal?.throwIfAborted();
  return results;
}

/** At most `limit` tasks at once across every caller; the others wait their turn, in order. */
export class Limiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // A freed slot goes straight to the next waiter (the count stays), else it is released.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
