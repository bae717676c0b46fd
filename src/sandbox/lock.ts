// One sandbox per data file: two processes appending to one journal would corrupt it.
// `<file>.lock` holds the owner's pid; a lock whose process is gone (kill -9) is taken over.

import { readFile, rm, writeFile } from 'node:fs/promises';
import { DataFileError, PRIVATE_MODE } from './files.js';
import { processAlive } from '../common/process.js';

export interface FileLock {
  release(): Promise<void>;
}

export async function lockDataFile(dataPath: string): Promise<FileLock> {
  const lockPath = `${dataPath}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockPath, `${process.pid}\n`, { flag: 'wx', mode: PRIVATE_MODE });
      return { release: () => rm(lockPath, { force: true }) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new DataFileError(`cannot create the data file ${dataPath}: its directory does not exist`);
      if (code === 'EACCES') throw new DataFileError(`cannot create the data file ${dataPath}: permission denied`);
      if (code !== 'EEXIST') throw error;
    }
    const owner = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
    if (Number.isSafeInteger(owner) && owner > 0 && processAlive(owner)) {
      throw new DataFileError(`the data file ${dataPath} is in use by another sandbox (process ${owner}; lock file ${lockPath})`);
    }
    await rm(lockPath, { force: true });
  }
  throw new DataFileError(`cannot lock the data file ${dataPath} (lock file ${lockPath})`);
}

