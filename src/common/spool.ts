// Lines kept on disk instead of in memory between passes over them: a bulk run's checked and
// planned rows, a plan file's verified copy, the runs of records an external sort spills, the
// standard input of a command that reads its input twice. In files no other user can open and no
// path names once opened, read back as often as needed; a small run (`prices set`, a test) keeps
// them in memory instead.

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

/** What a disk spool holds, for its error messages, and the prefix of its directories. */
export interface SpoolPurpose {
  what: string;
  prefix: string;
}

const BULK_ROWS: SpoolPurpose = { what: "the run's rows", prefix: 'rentals-bulk-' };

/**
 * Private files under `base` (TMPDIR), each opened read-write and returned as its descriptor: made
 * in a directory of its own that only this user can enter (mkdtemp: 0700), opened (0600), then
 * unlinked with its directory at once: what is written there lives as long as the open descriptor,
 * so nothing is left behind however the process ends (a second Ctrl-C, SIGTERM, SIGKILL). Where an
 * open file cannot be unlinked (Windows), it is removed on close or at exit.
 */
export function privateFiles(base = tmpdir(), purpose: SpoolPurpose = BULK_ROWS): { open(name: string): number; close(): void } {
  const opened: number[] = [];
  const leftovers: string[] = [];
  const removeLeftovers = (): void => {
    for (const dir of leftovers.splice(0)) rmSync(dir, { recursive: true, force: true });
  };
  return {
    open(name) {
      let dir: string;
      try {
        dir = mkdtempSync(join(base, purpose.prefix));
      } catch (error) {
        throw new UsageError(`cannot make a private directory for ${purpose.what} under ${base} (TMPDIR): ${(error as Error).message}`);
      }
      const path = join(dir, name);
      const fd = openSync(path, 'wx+', 0o600);
      opened.push(fd);
      try {
        unlinkSync(path);
        rmdirSync(dir);
      } catch {
        if (leftovers.length === 0) process.once('exit', removeLeftovers);
        leftovers.push(dir);
      }
      return fd;
    },
    close: () => {
      for (const fd of opened.splice(0)) closeSync(fd);
      if (leftovers.length > 0) process.removeListener('exit', removeLeftovers);
      removeLeftovers();
    },
  };
}

const WRITE_BUFFER_CHARS = 64 * 1024;

/** On disk, under `base` (TMPDIR), in privateFiles. */
export function diskSpool(base = tmpdir(), purpose: SpoolPurpose = BULK_ROWS): Spool {
  const files = privateFiles(base, purpose);
  return {
    file(name) {
      const fd = files.open(`${name}.ndjson`);
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
    close: () => files.close(),
  };
}

const READ_BYTES = 64 * 1024;

/**
 * The lines of a file from its start, read by position (pread): several readers of one descriptor
 * do not disturb each other, and a reader left early does not close it (a stream would).
 */
export async function* readLines(fd: number): AsyncGenerator<string> {
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
