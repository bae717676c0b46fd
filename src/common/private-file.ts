// A file of the shop's data (a plan) written private and whole. Its pieces go into a new 0600 file
// beside it, renamed over the path once complete: an existing file opened for writing keeps its
// mode (a 0644 plan stayed 0644), and a chmod of it would still leave the new rows readable by
// whoever already held it open; replaced, the old file stays whole until the new one is, and no
// reader (`apply`) ever sees half of one. A symbolic link stays and its file is replaced; a path
// that is not a regular file (/dev/stdout, a FIFO) is written in place, as it is not kept.

import { open, realpath, rename, rm, stat } from 'node:fs/promises';

/** Writes `path` (0600) from pieces as they come, each waited for: a plan is never one string. */
export async function writePrivateFile(path: string, chunks: AsyncIterable<string>): Promise<void> {
  const target = await realpath(path).catch(() => path); // not there yet (or a dangling link): the path itself
  const existing = await stat(target).catch(() => undefined);
  if (existing !== undefined && !existing.isFile()) {
    await writeChunks(target, 'w', chunks);
    return;
  }
  const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeChunks(temporary, 'wx', chunks);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function writeChunks(path: string, flags: string, chunks: AsyncIterable<string>): Promise<void> {
  const file = await open(path, flags, 0o600);
  try {
    for await (const chunk of chunks) await file.write(chunk);
  } finally {
    await file.close();
  }
}
