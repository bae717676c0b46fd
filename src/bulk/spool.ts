// Where a bulk run keeps its rows between passes instead of in memory: the checked rows of an
// import, the planned rows of a plan, a plan file's rows once verified. On disk, in files no other
// user can open and no path names once opened, as JSON lines read back as often as needed; a small
// run (`prices set`, a test) keeps them in memory instead.

import { closeSync, mkdtempSync, openSync, read, rmSync, rmdirSync, unlinkSync, writeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../errors.js';

/** Lines appended once, then read back in order, as often as needed. */
export interface SpoolFile {
  append(line: string): void;
  /** Every line appended reaches the file (or memory): read only after this. */
  end(): void;
  readonly count: number;
  lines(): AsyncGenerator<string>;
}

export interface Spool {
  file(name: string): SpoolFile;
  /** Removes what the spool holds. */
  close(): void;
}

/** Kept in memory: a run of a few rows. */
export function memorySpool(): Spool {
  return {
    file: () => {
      const held: string[] = [];
      return {
        append: (line) => void held.push(line),
        end: () => undefined,
        get count() {
          return held.length;
        },
        async *lines() {
          yield* held;
        },
      };
    },
    close: () => undefined,
  };
}

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

const WRITE_BUFFER_CHARS = 64 * 1024;

/**
 * On disk, under `base` (TMPDIR): each file is made in a directory of its own that only this user
 * can enter (mkdtemp: 0700), opened (0600), then unlinked with its directory at once: what the
 * run writes lives as long as the open descriptor, so nothing is left behind however the process
 * ends (a second Ctrl-C, SIGTERM, SIGKILL). Where an open file cannot be unlinked (Windows), it is
 * removed on close or at exit.
 */
export function diskSpool(base = tmpdir()): Spool {
  const opened: number[] = [];
  const leftovers: string[] = [];
  const removeLeftovers = (): void => {
    for (const dir of leftovers.splice(0)) rmSync(dir, { recursive: true, force: true });
  };
  return {
    file(name) {
      let dir: string;
      try {
        dir = mkdtempSync(join(base, 'rentals-bulk-'));
      } catch (error) {
        throw new UsageError(`cannot make a private directory for the run's rows under ${base} (TMPDIR): ${(error as Error).message}`);
      }
      const path = join(dir, `${name}.ndjson`);
      const fd = openSync(path, 'wx+', 0o600);
      opened.push(fd);
      try {
        unlinkSync(path);
        rmdirSync(dir);
      } catch {
        if (leftovers.length === 0) process.once('exit', removeLeftovers);
        leftovers.push(dir);
      }
      let buffer: string[] = [];
      let size = 0;
      let count = 0;
      const flush = (): void => {
        if (buffer.length === 0) return;
        writeSync(fd, buffer.join(''));
        buffer = [];
        size = 0;
      };
      return {
        append(line) {
          buffer.push(line, '\n');
          size += line.length + 1;
          count++;
          if (size >= WRITE_BUFFER_CHARS) flush();
        },
        end: flush,
        get count() {
          return count;
        },
        lines: () => readLines(fd),
      };
    },
    close: () => {
      for (const fd of opened.splice(0)) closeSync(fd);
      if (leftovers.length > 0) process.removeListener('exit', removeLeftovers);
      removeLeftovers();
    },
  };
}

const READ_BYTES = 64 * 1024;

/**
 * The lines of a file from its start, read by position (pread): several readers of one descriptor
 * do not disturb each other, and a reader left early does not close it (a stream would).
 */
async function* readLines(fd: number): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  const bytes = Buffer.alloc(READ_BYTES);
  let pending = '';
  for (let position = 0; ; ) {
    const got = await new Promise<number>((resolve, reject) => read(fd, bytes, 0, READ_BYTES, position, (error, count) => (error ? reject(error) : resolve(count))));
    if (got === 0) break;
    position += got;
    const parts = (pending + decoder.write(bytes.subarray(0, got))).split('\n');
    pending = parts.pop()!;
    yield* parts;
  }
  pending += decoder.end();
  if (pending !== '') yield pending;
}
