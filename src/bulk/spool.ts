// Where a bulk run keeps its rows between passes instead of in memory: the checked rows of an
// import, the planned rows of a plan, a plan file's rows once verified (common/spool.ts). A run
// of a few thousand rows holds them instead.

import type { Spool, SpoolFile } from '../common/spool.js';

/** Items appended once, then read back in order, as often as needed. */
export interface ItemFile<T> {
  append(item: T): void;
  /** Every item appended is held or reaches the file: read only after this. */
  end(): void;
  readonly count: number;
  /**
   * The items in order, in runs (each run handed over at once: no await per item). Items held in
   * memory as themselves are handed out as they were appended: a reader that changes one changes it
   * for the next reader too, so it leaves each as it found it.
   */
  runs(): AsyncGenerator<readonly T[]>;
}

/** Items held in memory by heldThenSpooled before it spools them: a few MB of checked rows. */
export const HELD_ITEMS = 20_000;
/** Items parsed from the spool per run. */
const RUN_ITEMS = 512;

/** What heldThenSpooled keeps in memory before it spools: the items themselves, or a compact form of them. */
export interface HeldItems<T> {
  push(item: T): void;
  readonly length: number;
  /** The items in order, in runs. */
  runs(): Iterable<readonly T[]>;
}

/** The items themselves, handed out as one run. */
function heldArray<T>(): HeldItems<T> {
  const items: T[] = [];
  return {
    push: (item) => void items.push(item),
    get length() {
      return items.length;
    },
    *runs() {
      if (items.length > 0) yield items;
    },
  };
}

/**
 * Held in memory up to `limit` items (a file of a few thousand rows is never written out as JSON
 * and parsed back); past it, the items so far and every later one go to the spool's file `name`
 * as JSON lines, so that what is held stays bounded whatever the input's size.
 */
export function heldThenSpooled<T>(spool: Spool, name: string, limit = HELD_ITEMS, store: HeldItems<T> = heldArray()): ItemFile<T> {
  let held: HeldItems<T> | undefined = store;
  let file: SpoolFile | undefined;
  return {
    append(item) {
      if (held && held.length < limit) {
        held.push(item);
        return;
      }
      if (!file) {
        file = spool.file(name);
        for (const run of held!.runs()) for (const earlier of run) file.append(JSON.stringify(earlier));
        held = undefined;
      }
      file.append(JSON.stringify(item));
    },
    end: () => file?.end(),
    get count() {
      return held ? held.length : file!.count;
    },
    async *runs() {
      if (held) {
        yield* held.runs();
        return;
      }
      let run: T[] = [];
      for await (const line of file!.lines()) {
        run.push(JSON.parse(line) as T);
        if (run.length < RUN_ITEMS) continue;
        yield run;
        run = [];
      }
      if (run.length > 0) yield run;
    },
  };
}

