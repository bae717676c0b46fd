// A path given as a file to read (`--file`, an import's input, a report, a snapshot) must be a
// readable regular file: a directory, a FIFO or a socket (which would block the read until a
// writer comes, or forever) and a file without read permission are usage errors (exit 2) naming
// it, before anything is opened. A pipe is given as `-`, standard input.

import { constants, promises as fs } from 'node:fs';
import { UsageError } from '../errors.js';
import { shownPath } from './sanitize.js';

/** Throws a UsageError naming `label` unless `path` is a regular file (or a device such as /dev/null) this process may read. */
export async function checkReadableFile(path: string, name: string): Promise<void> {
  const label = shownPath(name);
  const info = await fs.stat(path).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`${label}: ${error.code === 'ENOENT' ? 'no such file' : error.code === 'EACCES' ? 'permission denied' : (error.code ?? 'cannot read')}`);
  });
  if (info.isDirectory()) throw new UsageError(`${label}: is a directory, not a file`);
  if (info.isFIFO() || info.isSocket()) throw new UsageError(`${label}: is a pipe, not a file; to read a pipe, give - and send it to standard input`);
  if (!info.isFile() && !info.isCharacterDevice()) throw new UsageError(`${label}: is not a regular file`);
  await fs.access(path, constants.R_OK).catch(() => {
    throw new UsageError(`${label}: permission denied (the file cannot be read)`);
  });
}
