// The disk spool: private, and everything it holds (files, descriptors) gone when it is closed,
// whether or not each file was ended (a run that failed halfway through its input).

import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diskSpool } from '../../src/bulk/spool.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';

/** This process's open descriptors on files under `dir` (not all of them: the other test worker, a thread of this process, opens and closes its own meanwhile). */
const openDescriptors = (dir: string): number =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(dir);
    } catch {
      return false; // closed since it was listed
    }
  }).length;

describe.runIf(existsSync('/proc/self/fd'))('diskSpool', () => {
  it('close() releases the descriptors of files not ended', () => {
    const base = fileTempDir('rentals-spool-');
        const spool = diskSpool(base);
    spool.file('rows').append('{"a":1}');
    expect(openDescriptors(base)).toBeGreaterThan(0);
    const ended = spool.file('plan');
    ended.append('{"b":2}');
    ended.end();
    spool.close();
    expect(readdirSync(base)).toEqual([]);
    expect(openDescriptors(base)).toBe(0);
  });
});
