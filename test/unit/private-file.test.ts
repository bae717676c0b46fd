// A plan file holds the shop's data: it is 0600 whatever was at its path before, and written whole.

import { chmodSync, lstatSync, readFileSync, readdirSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { writePrivateFile } from '../../src/common/private-file.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';

const dir = fileTempDir('rentals-private-file-');
let n = 0;
const fresh = (): string => join(dir, `plan-${++n}.json`);

async function* pieces(...texts: string[]): AsyncGenerator<string> {
  for (const text of texts) yield text;
}

async function* failingAfter(text: string): AsyncGenerator<string> {
  yield text;
  throw new Error('the plan could not be finished');
}

const mode = (path: string): number => statSync(path).mode & 0o777;

describe('writePrivateFile', () => {
  test('a new file: 0600, its pieces in order', async () => {
    const path = fresh();
    await writePrivateFile(path, pieces('{"rows":[\n', '1,\n2', '\n]}\n'));
    expect(readFileSync(path, 'utf8')).toBe('{"rows":[\n1,\n2\n]}\n');
    expect(mode(path)).toBe(0o600);
  });

  test.each([0o644, 0o666, 0o640])('a file that was %o before: replaced by a 0600 one with the new content', async (before) => {
    const path = fresh();
    writeFileSync(path, 'an older plan, longer than the new one\n');
    chmodSync(path, before);
    await writePrivateFile(path, pieces('new\n'));
    expect(readFileSync(path, 'utf8')).toBe('new\n');
    expect(mode(path)).toBe(0o600);
  });

  test('a file that cannot be finished leaves the previous one as it was, and nothing beside it', async () => {
    const path = fresh();
    writeFileSync(path, 'the previous plan\n');
    const before = readdirSync(dir).length;
    await expect(writePrivateFile(path, failingAfter('half of a new'))).rejects.toThrow('could not be finished');
    expect(readFileSync(path, 'utf8')).toBe('the previous plan\n');
    expect(readdirSync(dir)).toHaveLength(before);
  });

  test('through a symbolic link: the link stays, the file it names is replaced, 0600', async () => {
    const target = fresh();
    writeFileSync(target, 'old\n', { mode: 0o644 });
    const link = join(dir, `link-${n}.json`);
    symlinkSync(target, link);
    await writePrivateFile(link, pieces('new\n'));
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('new\n');
    expect(mode(target)).toBe(0o600);
  });

  test('a path that is not a regular file (/dev/null) is written in place, as before', async () => {
    await writePrivateFile('/dev/null', pieces('discarded\n'));
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });
});
