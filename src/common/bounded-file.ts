// A file named by a setting or a flag (a logo, a token file) is read bounded: opened once, then
// judged by fstat on that very descriptor (no window between a check and the read for a symlink to
// be swapped), then read with a cap. A directory, a device (a symlink to /dev/zero) or, unless
// allowed, a FIFO is refused without reading a byte; a file larger than the limit is refused from
// its size alone (a 200 MB logo is never read); and whatever fstat said, no more than the limit
// and one byte is ever read (a file that grows while it is read, a pipe that never ends).

import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { UsageError } from '../errors.js';
import { shownPath } from './sanitize.js';

export interface BoundedRead {
  /** Names the file in messages: `logo /srv/logo.png`, `--token-file t.txt`. */
  label: string;
  maxBytes: number;
  /** A FIFO or character device may be read (`--token-file <(pass show api)`), still with the cap. */
  streams?: boolean;
  /** Added to every refusal: how to set another file. */
  hint?: string;
}

const CHUNK = 64 * 1024;

/** The bytes of `path`, bounded as above; a UsageError (exit 2) naming it otherwise. */
export function readBoundedFile(path: string, options: BoundedRead): Buffer {
  const refuse = (why: string): never => {
    throw new UsageError(`${shownPath(options.label)}: ${why}${options.hint ? ` (${options.hint})` : ''}`);
  };
  let fd: number;
  try {
    // Non-blocking: opening a FIFO nobody writes to would otherwise wait forever.
    fd = openSync(path, constants.O_RDONLY | constants.O_NOCTTY | (options.streams ? 0 : constants.O_NONBLOCK));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return refuse(code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : `cannot open it (${code ?? (error as Error).message})`);
  }
  try {
    const info = fstatSync(fd);
    if (info.isDirectory()) refuse('is a directory, not a file');
    const stream = info.isFIFO() || info.isCharacterDevice() || info.isSocket();
    if (!info.isFile() && !(stream && options.streams)) refuse(`is ${stream ? 'a device or a pipe' : 'not a regular file'}, not a file it can read`);
    if (info.isFile() && info.size > options.maxBytes) refuse(`is ${info.size} bytes; at most ${options.maxBytes} are read`);
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK, options.maxBytes + 1 - size));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      size += read;
      if (size > options.maxBytes) refuse(`holds more than ${options.maxBytes} bytes; at most that many are read`);
    }
    return Buffer.concat(chunks, size);
  } finally {
    closeSync(fd);
  }
}
