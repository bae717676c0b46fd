// The disk spool: private, and everything it holds (files, descriptors) gone when it is closed,
// whether or not each file was ended (a run that failed halfway through its input).

import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diskSpool } from '../../src/bulk/spool.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';

/** This process's descriptors open on files under `base` (other tests of the worker may open and close theirs meanwhile). */
const openUnder = (base: string): string[] =>
  readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => target.startsWith(base));

describe.runIf(existsSync('/proc/self/fd'))('diskSpool', () => {
  it('close() releases the descriptors of files not ended', () => {
    const base = fileTempDir('rentals-spool-');
    const spool = diskSpool(base);
    spool.file('rows').append('{"a":1}');
    const ended = spool.file('plan');
    ended.append('{"b":2}');
    ended.end();
    expect(openUnder(base).length).toBeGreaterThan(0);
    spool.close();
    expect(readdirSync(base)).toEqual([]);
    expect(openUnder(base)).toEqual([]);
  });
});
