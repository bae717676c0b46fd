// The disk spool: private, and everything it holds (files, descriptors) gone when it is closed,
// whether or not each file was ended (a run that failed halfway through its input).

import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { heldThenSpooled } from '../../src/bulk/spool.js';
import { type Spool, diskSpool, memorySpool } from '../../src/common/spool.js';
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

describe('heldThenSpooled', () => {
  /** A memory spool that counts the files made in it. */
  const counted = (): { spool: Spool; files: string[] } => {
    const inner = memorySpool();
    const files: string[] = [];
    return { files, spool: { file: (name) => (files.push(name), inner.file(name)), close: () => inner.close() } };
  };
  const all = async <T>(runs: AsyncIterable<readonly T[]>): Promise<T[]> => {
    const items: T[] = [];
    for await (const run of runs) items.push(...run);
    return items;
  };

  it('holds up to its limit in memory: no file, the items themselves', async () => {
    const { spool, files } = counted();
    const held = heldThenSpooled<{ n: number }>(spool, 'rows', 3);
    const first = { n: 1 };
    held.append(first);
    held.append({ n: 2 });
    held.end();
    expect(held.count).toBe(2);
    const items = await all(held.runs());
    expect(items).toEqual([{ n: 1 }, { n: 2 }]);
    expect(items[0]).toBe(first);
    expect(files).toEqual([]);
  });

  it('past its limit spools every item as a JSON line, read back in order as often as needed', async () => {
    const { spool, files } = counted();
    const held = heldThenSpooled<{ n: number }>(spool, 'rows', 2);
    for (let n = 1; n <= 1200; n++) held.append({ n });
    held.end();
    expect(files).toEqual(['rows']);
    expect(held.count).toBe(1200);
    const expected = Array.from({ length: 1200 }, (_, i) => ({ n: i + 1 }));
    expect(await all(held.runs())).toEqual(expected);
    expect(await all(held.runs())).toEqual(expected);
  });
});
