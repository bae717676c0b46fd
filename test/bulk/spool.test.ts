// The disk spool: private, and everything it holds (files, descriptors) gone when it is closed,
// whether or not each file was ended (a run that failed halfway through its input).

import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diskSpool } from '../../src/bulk/spool.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';

const openDescriptors = (): number => readdirSync('/proc/self/fd').length;

describe.runIf(existsSync('/proc/self/fd'))('diskSpool', () => {
  it('close() releases the descriptors of files not ended', () => {
    const base = fileTempDir('rentals-spool-');
    const before = openDescriptors();
    const spool = diskSpool(base);
    spool.file('rows').append('{"a":1}');
    const ended = spool.file('plan');
    ended.append('{"b":2}');
    ended.end();
    spool.close();
    expect(readdirSync(base)).toEqual([]);
    expect(openDescriptors()).toBe(before);
  });
});
