// A snapshot to read, whatever it comes from: a file (opened once, so a file renamed over it
// meanwhile changes nothing), standard input or the service itself (each copied first into a
// private file that no path names: read more than once, never held in memory). Its bytes are read
// by position, a range at a time: the reader goes through it once, then reads each resource's
// list again on its own, in the order a diff needs.

import { closeSync, openSync, writeSync } from 'node:fs';
import { checkReadableFile } from '../common/readable-file.js';
import { rangeChunks } from '../common/file-chunks.js';
import { shownPath } from '../common/sanitize.js';
import { UsageError } from '../errors.js';

export interface SnapshotFile {
  /** How messages name it: the path (its controls escaped), `(stdin)`, `--from-snapshot x.json`. */
  label: string;
  /** Its bytes from `start` up to `end` (by default all of them), through one reused buffer. */
  chunks(start?: number, end?: number): AsyncGenerator<Buffer>;
  close(): void;
}

/** A descriptor read by position; closed with the file unless `owned` is false (a spool's, which closes its own). */
function descriptorFile(fd: number, label: string, owned: boolean): SnapshotFile {
  let open = true;
  return {
    label: shownPath(label),
    chunks: (start, end) => rangeChunks(fd, start, end),
    close: () => {
      if (open && owned) closeSync(fd);
      open = false;
    },
  };
}

/** A snapshot file on disk: a directory, a FIFO or an unreadable file is a usage error naming it, before it is read. */
export async function openSnapshotFile(path: string, label = path): Promise<SnapshotFile> {
  await checkReadableFile(path, label);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new UsageError(`${shownPath(label)}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  return descriptorFile(fd, label, true);
}

/** Where a snapshot that is not a file is copied: a descriptor of a private file no path names (common/spool.ts privateFiles). */
export type PrivateFileMaker = (name: string) => number;

/** Standard input, copied as it arrives into a private file, then read from there. */
export async function copiedSnapshot(input: AsyncIterable<string | Buffer>, label: string, make: PrivateFileMaker): Promise<SnapshotFile> {
  const fd = make('stdin.json');
  for await (const chunk of input) writeAllSync(fd, chunk);
  return descriptorFile(fd, label, false);
}

/** A snapshot written now (the service's, for diff --live) into a private file, then read from there. */
export async function writtenSnapshot(write: (out: (text: string) => Promise<void>) => Promise<unknown>, label: string, make: PrivateFileMaker): Promise<SnapshotFile> {
  const fd = make('live.json');
  await write(async (text) => writeAllSync(fd, text));
  return descriptorFile(fd, label, false);
}

function writeAllSync(fd: number, chunk: string | Buffer): void {
  const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
  for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset, bytes.length - offset);
}

/** A path to read, or `-` for standard input (copied first). */
export function openSnapshot(path: string, label: string, stdin: () => AsyncIterable<string | Buffer>, make: PrivateFileMaker): Promise<SnapshotFile> {
  return path === '-' ? copiedSnapshot(stdin(), label, make) : openSnapshotFile(path, label);
}
