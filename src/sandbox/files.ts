// Small file-system steps the data files need: private files (mode 0600), full writes, directory fsync.

import { type FileHandle, constants, copyFile, open } from 'node:fs/promises';

export const PRIVATE_MODE = 0o600;

/** A data file that cannot be loaded (corrupt, inconsistent) or used (locked); the message names the file. */
export class DataFileError extends Error {}

/** Opens (creating when needed) with mode 0600, also when the file already existed with another mode. */
export async function openPrivate(path: string, flags: 'a' | 'w'): Promise<FileHandle> {
  const handle = await open(path, flags, PRIVATE_MODE);
  try {
    await handle.chmod(PRIVATE_MODE);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

export async function writeFully(handle: FileHandle, data: Buffer): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset);
    offset += bytesWritten;
  }
}

/** Makes a rename or a new file in `dir` durable. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Copies `from` to a new file `to` (or `to-2`, `to-3`… when taken), mode 0600, synced; returns the name used. */
export async function copyPrivate(from: string, to: string): Promise<string> {
  for (let n = 1; ; n++) {
    const target = n === 1 ? to : `${to}-${n}`;
    try {
      await copyFile(from, target, constants.COPYFILE_EXCL);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    const handle = await open(target, 'r+');
    try {
      await handle.chmod(PRIVATE_MODE);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return target;
  }
}
