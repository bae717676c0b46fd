// One sandbox per data file: two processes appending to one journal would corrupt it.
// `<file>.lock` holds the owner's pid and, once it listens, its URL on the second line (so that
// `rentals sandbox --data-file <file> --print-env` names the running sandbox's port); a lock whose
// process is gone (kill -9) is taken over.

import { readFile, rm, writeFile } from 'node:fs/promises';
import { DataFileError, PRIVATE_MODE } from './files.js';
import { processAlive } from '../common/process.js';

export interface FileLock {
  release(): Promise<void>;
  /** Records where the owner listens. */
  announce(url: string): Promise<void>;
}

/** The owner's pid and URL in a lock file's text. */
function lockOwner(text: string): { pid: number; url?: string } {
  const [pid = '', url = ''] = text.split('\n');
  return { pid: Number(pid.trim()), url: url.trim() || undefined };
}

/** The URL of the live sandbox that holds this (absolute) data file, if one does and has said. */
export async function runningSandboxUrl(dataPath: string): Promise<string | undefined> {
  const owner = lockOwner(await readFile(`${dataPath}.lock`, 'utf8').catch(() => ''));
  return Number.isSafeInteger(owner.pid) && owner.pid > 0 && processAlive(owner.pid) ? owner.url : undefined;
}

export async function lockDataFile(dataPath: string): Promise<FileLock> {
  const lockPath = `${dataPath}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockPath, `${process.pid}\n`, { flag: 'wx', mode: PRIVATE_MODE });
      return {
        release: () => rm(lockPath, { force: true }),
        announce: (url) => writeFile(lockPath, `${process.pid}\n${url}\n`, { mode: PRIVATE_MODE }),
      };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new DataFileError(`cannot create the data file ${dataPath}: its directory does not exist`);
      if (code === 'EACCES') throw new DataFileError(`cannot create the data file ${dataPath}: permission denied`);
      if (code !== 'EEXIST') throw error;
    }
    const owner = lockOwner(await readFile(lockPath, 'utf8').catch(() => '')).pid;
    if (Number.isSafeInteger(owner) && owner > 0 && processAlive(owner)) {
      throw new DataFileError(`the data file ${dataPath} is in use by another sandbox (process ${owner}; lock file ${lockPath})`);
    }
    await rm(lockPath, { force: true });
  }
  throw new DataFileError(`cannot lock the data file ${dataPath} (lock file ${lockPath})`);
}

