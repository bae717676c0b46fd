// Lines sorted by a numeric key in memory that does not grow with them: held until they reach a
// bound, then sorted and written as a run to a private spool file (common/spool.ts: no path names
// it, gone however the process ends), and the runs merged as they are read back. At most FAN_IN
// runs are merged at once; more are merged into longer runs first. Keys are expected once each
// (the caller has refused a key given twice); equal keys come out in no set order.

import type { Spool, SpoolFile } from './spool.js';

/** Held in memory before a run is written: characters of the lines. */
const RUN_CHARS = 4 * 1024 * 1024;
/** Runs read back at once (each through its own 64 KB buffer). */
const FAN_IN = 64;
/** Lines handed out together. */
const BATCH = 512;

interface Keyed {
  key: number;
  line: string;
}

export class ExternalSort {
  private held: Keyed[] = [];
  private heldChars = 0;
  private readonly runs: SpoolFile[] = [];
  private made = 0;

  constructor(
    private readonly spool: Spool,
    private readonly runChars = RUN_CHARS,
  ) {}

  add(key: number, line: string): void {
    this.held.push({ key, line });
    this.heldChars += line.length;
    if (this.heldChars >= this.runChars) this.spill();
  }

  /** The lines in key order, in batches; call once, after the last add(). */
  async *sorted(): AsyncGenerator<string[]> {
    if (this.runs.length === 0) {
      const held = this.held.sort(byKey);
      this.held = [];
      for (let at = 0; at < held.length; at += BATCH) yield held.slice(at, at + BATCH).map((item) => item.line);
      return;
    }
    if (this.held.length > 0) this.spill();
    while (this.runs.length > FAN_IN) {
      const merged = this.newRun();
      for await (const batch of merge(this.runs.splice(0, FAN_IN))) for (const item of batch) merged.append(`${item.key}\t${item.line}`);
      merged.end();
      this.runs.push(merged);
    }
    for await (const batch of merge(this.runs.splice(0))) yield batch.map((item) => item.line);
  }

  private spill(): void {
    const run = this.newRun();
    for (const item of this.held.sort(byKey)) run.append(`${item.key}\t${item.line}`);
    run.end();
    this.runs.push(run);
    this.held = [];
    this.heldChars = 0;
  }

  private newRun(): SpoolFile {
    return this.spool.file(`run-${++this.made}`);
  }
}

function byKey(a: Keyed, b: Keyed): number {
  return a.key - b.key;
}

interface Head {
  item: Keyed;
  lines: AsyncGenerator<string>;
}

async function next(lines: AsyncGenerator<string>): Promise<Keyed | undefined> {
  const { done, value } = await lines.next();
  if (done) return undefined;
  const tab = value.indexOf('\t');
  return { key: Number(value.slice(0, tab)), line: value.slice(tab + 1) };
}

/** The runs' lines in key order, each run read as the merge reaches it (a binary heap of their heads). */
async function* merge(runs: SpoolFile[]): AsyncGenerator<Keyed[]> {
  const heap: Head[] = [];
  for (const run of runs) {
    const lines = run.lines();
    const item = await next(lines);
    if (item) push(heap, { item, lines });
  }
  let batch: Keyed[] = [];
  while (heap.length > 0) {
    const top = heap[0]!;
    batch.push(top.item);
    const following = await next(top.lines);
    if (following) {
      top.item = following;
      down(heap, 0);
    } else {
      const last = heap.pop()!;
      if (heap.length > 0) {
        heap[0] = last;
        down(heap, 0);
      }
    }
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

function push(heap: Head[], head: Head): void {
  heap.push(head);
  for (let at = heap.length - 1; at > 0; ) {
    const parent = (at - 1) >> 1;
    if (heap[parent]!.item.key <= heap[at]!.item.key) break;
    [heap[parent], heap[at]] = [heap[at]!, heap[parent]!];
    at = parent;
  }
}

function down(heap: Head[], at: number): void {
  for (;;) {
    const left = 2 * at + 1;
    const right = left + 1;
    let least = at;
    if (left < heap.length && heap[left]!.item.key < heap[least]!.item.key) least = left;
    if (right < heap.length && heap[right]!.item.key < heap[least]!.item.key) least = right;
    if (least === at) return;
    [heap[least], heap[at]] = [heap[at]!, heap[least]!];
    at = least;
  }
}
