// V8's heap tuned for a process that streams a lot through it. Each flag is read at every
// collection, so setting it mid-run works; it matters to this process only, never a reason to fail.

/**
 * A list streamed through allocates steadily (each record parsed, turned into text and dropped),
 * and V8 answers steady allocation by doubling its young generation up to 2 × 16 MB, and by
 * promoting what a larger batch keeps alive to the old generation, which only a full GC frees.
 * Measured on 100k/300k items (-o ndjson): ~100-130 MB peak with the defaults; ~62 MB with the
 * young generation held at its starting size and records parsed in 16 KB runs, for ~15% more CPU.
 */
export async function keepYoungGenerationSmall(): Promise<void> {
  await setFlags({ '--semi-space-growth-factor': 1 });
}

const BOUNDED_GROWTH_PERCENT = 30;

/**
 * A command that goes through a whole collection (snapshot, diff, export, import) keeps an index
 * that grows with it while it allocates many times that in garbage, and V8 lets the old generation
 * grow to several times what survives a full GC before it collects again. Measured on an import
 * dry run of 300k prices: 265 MB peak with the defaults, 148 MB with the heap allowed to grow 30%
 * past what survives (and 100k: 140 → 96 MB), for ~15% more CPU.
 */
export async function boundHeapGrowth(): Promise<void> {
  await setFlags({ '--semi-space-growth-factor': 1, '--heap-growing-percent': BOUNDED_GROWTH_PERCENT });
}

/**
 * A bulk run's writes: each request allocates tens of KB that live as long as it is in flight (32
 * at once by default). A young generation held at its starting size (above) promotes what the
 * requests in flight hold to the old generation, which only full collections free. Letting it
 * grow costs a bounded amount (the requests in flight, not the rows): measured on 10,000 price
 * updates, ~10% less CPU for ~30 MB more peak RSS.
 */
export async function letYoungGenerationGrow(): Promise<void> {
  await setFlags({ '--semi-space-growth-factor': 2 });
}

/**
 * An import whose rows are held in memory (HELD_ITEMS at most) and whose listings are read parent
 * by parent holds a bounded heap: the old generation may grow as V8 sees fit, not by boundHeapGrowth's
 * 30%. With a grown young generation, that bound left the old generation less headroom than the
 * young one holds, and V8 started a full collection each time it promoted a few MB. Measured on
 * 10,000 price rows: 2 full collections → 1, ~3% less CPU (unchanged rows and updates alike), the
 * same peak RSS. A run whose rows go to the spool is bounded again (boundOldGenerationGrowth).
 */
export async function letOldGenerationGrow(): Promise<void> {
  await setFlags({ '--heap-growing-percent': 0 });
}

/** The old generation's growth bounded again (the young generation's left as it is): an import's rows have gone to the spool. */
export async function boundOldGenerationGrowth(): Promise<void> {
  await setFlags({ '--heap-growing-percent': BOUNDED_GROWTH_PERCENT });
}

/** V8's defaults of the flags above (the same on Node 20, 22 and 24), put back when a run is over. */
const DEFAULTS = { '--semi-space-growth-factor': 2, '--heap-growing-percent': 0 };
type Flag = keyof typeof DEFAULTS;

/** The flags set so far, and how to put them back (node:v8 is loaded by the first one). */
const changed = new Set<Flag>();
let setFlag: ((flag: string) => void) | undefined;

async function setFlags(flags: Partial<Record<Flag, number>>): Promise<void> {
  try {
    const { setFlagsFromString } = await import('node:v8'); // loaded only when needed: it costs a start ~2 ms
    setFlag = setFlagsFromString;
    for (const [name, value] of Object.entries(flags) as Array<[Flag, number]>) {
      changed.add(name);
      setFlagsFromString(`${name}=${value}`);
    }
  } catch {
    // a tuning, never a reason to fail
  }
}

/**
 * The flags back at their defaults, when a run is over (main()): V8 stamps the code cache that
 * bin/rentals.js writes as the process exits with a hash of its flags, and refuses, at the next
 * start (with the defaults), one stamped with others. Put back, the hash is the start's again.
 */
export function putHeapFlagsBack(): void {
  for (const name of changed) setFlag?.(`${name}=${DEFAULTS[name]}`);
  changed.clear();
}
