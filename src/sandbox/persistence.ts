// Durability of changes. In memory by default; with a data file:
//   <file>               the snapshot (snapshot.ts)
//   <file>.journal       changes since the snapshot, one checksummed line each (journal.ts)
//   <file>.journal.next  exists only while a snapshot is being taken: changes made meanwhile
//   <file>.lock          the pid of the sandbox using the files (lock.ts)
// At startup the snapshot is loaded, the journals replayed (entries the snapshot already holds are
// skipped by seq; damage handled in recovery.ts) and everything folded into a fresh snapshot. At run time a change is applied to
// memory, then appended to the journal; its answer waits for the fsync. When the journal passes
// a size, a new snapshot is taken while writes go on in `.journal.next`, which then replaces it.

import { rename, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { copyPrivate, openPrivate, syncDirectory } from './files.js';
import { Journal } from './journal.js';
import { type FileLock, lockDataFile } from './lock.js';
import { recover } from './recovery.js';
import { writeSnapshot } from './snapshot.js';
import type { Change, Store } from './store.js';

const DEFAULT_COMPACT_AFTER_BYTES = 64 * 1024 * 1024;

export interface Durability {
  /** Makes a change that was just applied to the store durable; resolves once it is. */
  record(change: Change): Promise<void>;
  /** Resolves once every change recorded so far is durable. */
  settled(): Promise<void>;
  /** Set once the data files can no longer be written; from then on no request is served. */
  readonly failure: Error | undefined;
  close(): Promise<void>;
}

export const inMemory: Durability = {
  record: () => Promise.resolve(),
  settled: () => Promise.resolve(),
  failure: undefined,
  close: () => Promise.resolve(),
};

export interface DataFileOptions {
  /** Runs after recovery, before the startup snapshot; returns true when it changed the store (seeding). */
  prepare?: (store: Store) => boolean;
  compactAfterBytes?: number;
  /** Where a failed background snapshot, a dropped torn line and a repair are reported. */
  log?: (message: string) => void;
  /** Keep what is valid in damaged files and copy the damaged files aside, instead of refusing to start. */
  repair?: boolean;
}

interface Paths {
  snapshot: string;
  journal: string;
  next: string;
  dir: string;
}

export class DataFiles implements Durability {
  private compacting?: Promise<void>;
  private closing = false;

  private constructor(
    private readonly paths: Paths,
    private readonly store: Store,
    private readonly journal: Journal,
    private readonly lock: FileLock,
    private readonly compactAfterBytes: number,
    private readonly log: (message: string) => void,
  ) {}

  static async open(file: string, store: Store, options: DataFileOptions = {}): Promise<DataFiles> {
    const snapshotPath = resolve(file);
    const paths: Paths = {
      snapshot: snapshotPath,
      journal: `${snapshotPath}.journal`,
      next: `${snapshotPath}.journal.next`,
      dir: dirname(snapshotPath),
    };
    const log = options.log ?? (() => {});
    const lock = await lockDataFile(snapshotPath);
    try {
      const recovered = await recover({ snapshot: paths.snapshot, journals: [paths.journal, paths.next] }, store, { repair: options.repair === true, log });
      if (options.repair) await reportRepair(recovered.problems, await setAside(recovered.damaged, paths.dir), log);
      const prepared = options.prepare?.(store) ?? false;
      if (recovered.changed || prepared) await writeSnapshot(paths.snapshot, { image: store.capture(), seq: recovered.seq });
      const handle = await openPrivate(paths.journal, 'w');
      await rm(paths.next, { force: true });
      await syncDirectory(paths.dir);
      let files: DataFiles | undefined;
      const journal = new Journal(handle, recovered.seq, () => files?.compactWhenDue());
      files = new DataFiles(
        paths,
        store,
        journal,
        lock,
        options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES,
        log,
      );
      return files;
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  /** Records in the lock file where the sandbox listens (for --print-env). */
  announce(url: string): Promise<void> {
    return this.lock.announce(url);
  }

  get failure(): Error | undefined {
    return this.journal.failed;
  }

  record(change: Change): Promise<void> {
    return this.journal.append(change);
  }

  settled(): Promise<void> {
    return this.journal.settled();
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.compacting;
    await this.journal.close();
    await this.lock.release();
  }

  private compactWhenDue(): void {
    if (this.compacting || this.closing || this.journal.bytes < this.compactAfterBytes) return;
    this.compacting = this.compact()
      .catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        const failure = new Error(`the snapshot of ${this.paths.snapshot} could not be written: ${reason}`);
        this.log(`${failure.message}; no further writes are accepted`);
        // `.journal.next` may hold acknowledged changes by now: stop rather than risk losing them.
        this.journal.fail(failure);
      })
      .finally(() => {
        this.compacting = undefined;
      });
  }

  private async compact(): Promise<void> {
    const next = await openPrivate(this.paths.next, 'w');
    await syncDirectory(this.paths.dir);
    // Taken in the same tick as the switch: every change after this seq lands in `.journal.next`.
    const snapshot = { image: this.store.capture(), seq: this.journal.lastSeq };
    const previous = await this.journal.switchTo(next);
    await previous.close();
    await writeSnapshot(this.paths.snapshot, snapshot);
    await rename(this.paths.next, this.paths.journal);
    await syncDirectory(this.paths.dir);
  }
}

/** Copies each damaged file to `<name>.damaged-<UTC time>` (0600, synced) before the repair replaces it. */
async function setAside(files: string[], dir: string): Promise<string[]> {
  const stamp = new Date().toISOString().replace(/[-:]|\.\d+/g, '');
  const copies: string[] = [];
  for (const file of files) copies.push(await copyPrivate(file, `${file}.damaged-${stamp}`));
  if (copies.length > 0) await syncDirectory(dir);
  return copies;
}

async function reportRepair(problems: string[], copies: string[], log: (message: string) => void): Promise<void> {
  if (problems.length === 0) {
    log('--repair: the data files are sound; nothing to repair');
    return;
  }
  const shown = problems.slice(0, 20);
  for (const problem of shown) log(`--repair: ${problem}`);
  if (problems.length > shown.length) log(`--repair: … and ${problems.length - shown.length} more`);
  if (copies.length > 0) log(`--repair: the damaged files, as they were, are kept in ${copies.join(', ')}`);
  log('--repair: everything valid was kept; a new snapshot holds it');
}
