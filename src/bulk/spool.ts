// Where a bulk run keeps its rows between passes instead of in memory: the checked rows of an
// import, the planned rows of a plan, a plan file's rows once verified. On disk, in a private
// directory (0700, removed when the run ends), as JSON lines read back as often as needed; a small
// run (`prices set`, a test) keeps them in memory instead.

import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
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

const WRITE_BUFFER_CHARS = 64 * 1024;

/** On disk, under a directory only this user can read (mkdtemp makes it 0700), removed on close and at exit. */
export function diskSpool(base = tmpdir()): Spool {
  let dir: string | undefined;
  const remove = (): void => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  };
  const directory = (): string => {
    if (dir === undefined) {
      try {
        dir = mkdtempSync(join(base, 'rentals-bulk-'));
      } catch (error) {
        throw new UsageError(`cannot make a private directory for the run's rows under ${base} (TMPDIR): ${(error as Error).message}`);
      }
      process.once('exit', remove);
    }
    return dir;
  };
  let files = 0;
  /** The files not yet ended: their descriptors are closed with the spool. */
  const open = new Set<() => void>();
  return {
    file(name) {
      const path = join(directory(), `${++files}-${name}.ndjson`);
      const fd = openSync(path, 'wx', 0o600);
      let buffer: string[] = [];
      let size = 0;
      let count = 0;
      let ended = false;
      const flush = (): void => {
        if (buffer.length === 0) return;
        writeSync(fd, buffer.join(''));
        buffer = [];
        size = 0;
      };
      const release = (): void => {
        ended = true;
        closeSync(fd);
      };
      open.add(release);
      return {
        append(line) {
          buffer.push(line, '\n');
          size += line.length + 1;
          count++;
          if (size >= WRITE_BUFFER_CHARS) flush();
        },
        end() {
          if (ended) return;
          open.delete(release);
          flush();
          release();
        },
        get count() {
          return count;
        },
        lines: () => readLines(path),
      };
    },
    close: () => {
      for (const release of open) release();
      open.clear();
      process.removeListener('exit', remove);
      remove();
    },
  };
}

async function* readLines(path: string): AsyncGenerator<string> {
  let pending = '';
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024 })) {
    const parts = (pending + (chunk as string)).split('\n');
    pending = parts.pop()!;
    yield* parts;
  }
  if (pending !== '') yield pending;
}
