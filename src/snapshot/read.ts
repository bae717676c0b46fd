// The one reader of snapshot files, for `rentals diff`, `rentals sandbox --from-snapshot` and
// anything else that reads what `rentals snapshot` writes: the document's shape, then every record
// under the rules a live write follows (one id per record, values within their limits, references
// to records the snapshot holds). A file that breaks any of them is a usage error (exit 2) that
// names it; none is half read.

import { readFile } from 'node:fs/promises';
import { checkReadableFile } from '../common/readable-file.js';
import { UsageError } from '../errors.js';
import { SnapshotLoadError, type StoreImage, storeImageFromSnapshot } from './image.js';
import { type Snapshot, parseSnapshot } from './document.js';

export interface ReadSnapshot {
  /** The records as written (what `diff` compares). */
  snapshot: Snapshot;
  /** The records as the sandbox stores them, each checked (what `--from-snapshot` loads). */
  image: StoreImage;
}

/** Reads and checks a snapshot file; `label` names it in messages (`--from-snapshot x.json`, `x.json`). */
export async function readSnapshotFile(path: string, label = path): Promise<ReadSnapshot> {
  let text: string;
  await checkReadableFile(path, label);
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`${label}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (error as Error).message}`);
  }
  return readSnapshotText(text, label);
}

/** A snapshot's text (a file's, or standard input's) read and checked as `readSnapshotFile` does. */
export function readSnapshotText(text: string, label: string): ReadSnapshot {
  const snapshot = parseSnapshot(text, label);
  try {
    return { snapshot, image: storeImageFromSnapshot(snapshot, label) };
  } catch (error) {
    if (error instanceof SnapshotLoadError) throw new UsageError(`${error.message}; the snapshot is refused whole`);
    throw error;
  }
}
