// Small file-system steps the data files need: private files (mode 0600), full writes, directory fsync.

import { type FileHandle, open } from 'node:fs/promises';

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
