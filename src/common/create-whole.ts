// A small file created with its content in one step: written beside it and linked into place,
// so no reader ever sees it empty or half written, and of two processes creating it at once
// exactly one wins (the config lock, the plan key).

import { promises as fs } from 'node:fs';

/** Creates `path` (0600) holding `text`; false when it exists already. Other failures are thrown as they are. */
export async function createWhole(path: string, text: string): Promise<boolean> {
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await fs.writeFile(temp, text, { encoding: 'utf8', mode: 0o600, flag: 'wx' });
    await fs.link(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await fs.rm(temp, { force: true });
  }
}
