// The one writer of the files rentals keeps: whole or not at all, 0600 unless told otherwise, links
// kept, errors naming the user's path, nothing left beside the file.

import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, existsSync, openSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { FileWriteError, createFileWhole, openAtomicFile, writeFileAtomically } from '../../src/common/atomic-file.js';
import { noteGivenDescriptors } from '../../src/common/descriptors.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';

const dir = fileTempDir('rentals-atomic-file-');
let n = 0;
const fresh = (): string => join(dir, `file-${++n}.json`);

async function* pieces(...texts: string[]): AsyncGenerator<string> {
  for (const text of texts) yield text;
}

async function* failingAfter(text: string): AsyncGenerator<string> {
  yield text;
  throw new Error('the content could not be finished');
}

const mode = (path: string): number => statSync(path).mode & 0o777;
const besides = (): string[] => readdirSync(dir).filter((name) => name.endsWith('.tmp'));

describe('writeFileAtomically', () => {
  test('a new file: 0600, its pieces in order; a producer\'s value is returned', async () => {
    const path = fresh();
    await writeFileAtomically(path, pieces('{"rows":[\n', '1,\n2', '\n]}\n'));
    expect(readFileSync(path, 'utf8')).toBe('{"rows":[\n1,\n2\n]}\n');
    expect(mode(path)).toBe(0o600);
    const other = fresh();
    const counted = await writeFileAtomically(other, async (write) => {
      await write('a');
      await write(Buffer.from('é'));
      return 2;
    });
    expect(counted).toBe(2);
    expect(readFileSync(other, 'utf8')).toBe('aé');
  });

  test.each([0o644, 0o666, 0o640])('a file that was %o before: replaced by a 0600 one with the new content', async (before) => {
    const path = fresh();
    writeFileSync(path, 'an older file, longer than the new one\n');
    chmodSync(path, before);
    await writeFileAtomically(path, 'new\n');
    expect(readFileSync(path, 'utf8')).toBe('new\n');
    expect(mode(path)).toBe(0o600);
  });

  test('written through a stream, then put in place; discarded, nothing is', async () => {
    const path = fresh();
    writeFileSync(path, 'before\n');
    const file = await openAtomicFile(path);
    const stream = file.stream();
    stream.write('through ');
    await new Promise<void>((resolve) => stream.end('a stream\n', resolve));
    expect(readFileSync(path, 'utf8')).toBe('before\n');
    await file.commit();
    expect(readFileSync(path, 'utf8')).toBe('through a stream\n');
    const dropped = await openAtomicFile(path);
    await dropped.write('never placed');
    await dropped.discard();
    expect(readFileSync(path, 'utf8')).toBe('through a stream\n');
    expect(besides()).toEqual([]);
  });

  test('content that cannot be finished leaves the previous file as it was, and nothing beside it', async () => {
    const path = fresh();
    writeFileSync(path, 'the previous file\n');
    await expect(writeFileAtomically(path, failingAfter('half of a new'))).rejects.toThrow('could not be finished');
    expect(readFileSync(path, 'utf8')).toBe('the previous file\n');
    expect(besides()).toEqual([]);
  });

  test('through a symbolic link: the link stays, the file it names is replaced, 0600', async () => {
    const target = fresh();
    writeFileSync(target, 'old\n', { mode: 0o644 });
    const link = join(dir, `link-${n}.json`);
    symlinkSync(target, link);
    await writeFileAtomically(link, 'new\n');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('new\n');
    expect(mode(target)).toBe(0o600);
  });

  test('through a dangling link (relative, two hops): the file it names is made, the links stay', async () => {
    const sub = join(dir, `dotfiles-${++n}`);
    mkdirSync(sub);
    const first = join(dir, `config-${n}.json`);
    symlinkSync(`dotfiles-${n}/hop.json`, first);
    symlinkSync('real.json', join(sub, 'hop.json'));
    await writeFileAtomically(first, '{}\n');
    expect(lstatSync(first).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(sub, 'hop.json')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(sub, 'real.json'), 'utf8')).toBe('{}\n');
    expect(mode(join(sub, 'real.json'))).toBe(0o600);
  });

  test('a path that is not a regular file (/dev/null) is written in place', async () => {
    await writeFileAtomically('/dev/null', pieces('discarded\n'));
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  describe.runIf(process.platform === 'linux')('a descriptor\'s name (/dev/fd/N, /proc/self/fd/N): written through the descriptor the command was given', () => {
    // The descriptors open when noteGivenDescriptors() is called are the ones "given", as the CLI notes them as it starts.
    test('at the position it shares with the shell, never replaced, its mode kept: a log opened for appending keeps its lines', async () => {
      const log = fresh();
      writeFileSync(log, 'earlier line\n', { mode: 0o644 });
      chmodSync(log, 0o644);
      const inode = statSync(log).ino;
      const fd = openSync(log, 'a');
      noteGivenDescriptors();
      try {
        await writeFileAtomically(`/dev/fd/${fd}`, pieces('a,b\n'));
        await writeFileAtomically(`/proc/self/fd/${fd}`, 'c,d\n');
        await writeFileAtomically(`/proc/${process.pid}/fd/${fd}`, 'e,f\n');
      } finally {
        closeSync(fd);
      }
      expect(readFileSync(log, 'utf8')).toBe('earlier line\na,b\nc,d\ne,f\n');
      expect(statSync(log).ino).toBe(inode);
      expect(mode(log)).toBe(0o644);
      expect(besides()).toEqual([]);
    });

    test('a file the shell opened (`> report.txt`): what the script writes after the rows comes after them', async () => {
      const report = fresh();
      const fd = openSync(report, 'w');
      noteGivenDescriptors();
      try {
        writeSync(fd, 'HEADER\n');
        await writeFileAtomically(`/dev/fd/${fd}`, pieces('1\tFrame Tent\n', '2\tPole Tent\n'));
        writeSync(fd, 'FOOTER\n');
      } finally {
        closeSync(fd);
      }
      expect(readFileSync(report, 'utf8')).toBe('HEADER\n1\tFrame Tent\n2\tPole Tent\nFOOTER\n');
    });

    test('one opened for reading only, or one the command opened itself, is refused, naming the path and the rule; nothing is written', async () => {
      const path = fresh();
      writeFileSync(path, 'as it was\n');
      const readOnly = openSync(path, 'r');
      noteGivenDescriptors();
      const own = openSync(path, 'a');
      try {
        const reading = await writeFileAtomically(`/dev/fd/${readOnly}`, 'x\n').catch((e: unknown) => e);
        expect(reading).toBeInstanceOf(FileWriteError);
        expect((reading as Error).message).toBe(`cannot write /dev/fd/${readOnly}: the descriptor is open for reading only; give one opened for writing (${readOnly}> FILE, ${readOnly}>> FILE)`);
        const opened = await writeFileAtomically(`/proc/self/fd/${own}`, 'x\n').catch((e: unknown) => e);
        expect((opened as Error).message).toMatch(new RegExp(`^cannot write /proc/self/fd/${own}: not a descriptor this command was given to write to`));
        const closed = await writeFileAtomically('/dev/fd/987', 'x\n').catch((e: unknown) => e);
        expect((closed as Error).message).toMatch(/^cannot write \/dev\/fd\/987: not a descriptor this command was given to write to/);
        const another = await writeFileAtomically(`/proc/${process.ppid}/fd/1`, 'x\n').catch((e: unknown) => e);
        expect((another as Error).message).toBe(`cannot write /proc/${process.ppid}/fd/1: another process's descriptor, not one this command was given to write to`);
      } finally {
        closeSync(readOnly);
        closeSync(own);
      }
      expect(readFileSync(path, 'utf8')).toBe('as it was\n');
      expect(besides()).toEqual([]);
    });
  });

  test('an error names the path given, never the temporary file', async () => {
    const missing = join(dir, 'no-such-dir', 'x.json');
    const error = await writeFileAtomically(missing, 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileWriteError);
    expect((error as FileWriteError).message).toBe(`cannot write ${missing}: no such directory`);
    const directory = await writeFileAtomically(dir, 'x').catch((e: unknown) => e as Error);
    expect((directory as Error).message).toBe(`cannot write ${dir}: is a directory`);
  });

  test('a leftover of a write whose process is gone is removed by the next write; one of a live process is not', async () => {
    const own = join(dir, `leftovers-${++n}`);
    mkdirSync(own);
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const name = (pid: number | string) => join(own, `.data.json.${pid}.k3x9.tmp`);
    writeFileSync(name(dead), 'half of a file');
    writeFileSync(name(process.ppid), 'a write still going on');
    await writeFileAtomically(join(own, 'data.json'), 'whole\n');
    expect(existsSync(name(dead))).toBe(false);
    expect(existsSync(name(process.ppid))).toBe(true);
  });
});

describe('a name as long as the file system allows', () => {
  const NAME_MAX = 255;
  const bytes = (name: string): number => Buffer.byteLength(name, 'utf8');

  test('is written, replaced and created new: the temporary name beside it fits the limit, in the same directory', async () => {
    const own = join(dir, `long-${++n}`);
    mkdirSync(own);
    for (const base of ['s'.repeat(250), 'é'.repeat(125), `${'日'.repeat(83)}x`]) {
      const path = join(own, `${base}.json`);
      expect(bytes(`${base}.json`)).toBeLessThanOrEqual(NAME_MAX);
      await writeFileAtomically(path, 'first\n');
      expect(readFileSync(path, 'utf8')).toBe('first\n');
      await writeFileAtomically(path, 'second\n');
      expect(readFileSync(path, 'utf8')).toBe('second\n');
      rmSync(path);
      expect(await createFileWhole(path, 'new\n')).toBe(true);
      expect(readFileSync(path, 'utf8')).toBe('new\n');
      const file = await openAtomicFile(path);
      const temps = readdirSync(own).filter((name) => name.endsWith('.tmp'));
      expect(temps).toHaveLength(1);
      expect(bytes(temps[0]!)).toBeLessThanOrEqual(NAME_MAX);
      await file.discard();
    }
    expect(readdirSync(own).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  test('a leftover of a killed write of a long name is removed by the next write of that name, not of another', async () => {
    const own = join(dir, `long-leftovers-${++n}`);
    mkdirSync(own);
    const path = join(own, `${'k'.repeat(250)}.json`);
    const sibling = join(own, `${'k'.repeat(249)}z.json`);
    const file = await openAtomicFile(path);
    const [temp] = readdirSync(own).filter((name) => name.endsWith('.tmp'));
    await file.discard();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const leftover = join(own, temp!.replace(`.${process.pid}.`, `.${dead}.`));
    expect(leftover).not.toBe(join(own, temp!));
    writeFileSync(leftover, 'half of a file');
    await writeFileAtomically(sibling, 'other\n');
    expect(existsSync(leftover)).toBe(true);
    await writeFileAtomically(path, 'whole\n');
    expect(existsSync(leftover)).toBe(false);
  });
});

describe('a file that must not exist yet', () => {
  test('is made whole; one that exists (a dangling link too) is left as it is: EEXIST', async () => {
    const path = fresh();
    expect(await createFileWhole(path, 'first\n')).toBe(true);
    expect(await createFileWhole(path, 'second\n')).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('first\n');
    const error = (await writeFileAtomically(path, 'third', { replace: false }).catch((e: unknown) => e)) as FileWriteError;
    expect(error.code).toBe('EEXIST');
    const link = join(dir, `dangling-${n}`);
    symlinkSync(join(dir, 'nowhere'), link);
    expect(await createFileWhole(link, 'x')).toBe(false);
    expect(existsSync(join(dir, 'nowhere'))).toBe(false);
    expect(besides()).toEqual([]);
  });

  test('of ten made at once, exactly one wins and its content is whole', async () => {
    const path = fresh();
    const made = await Promise.all(Array.from({ length: 10 }, (_, k) => createFileWhole(path, `writer ${k}\n`.repeat(1000))));
    expect(made.filter(Boolean)).toHaveLength(1);
    const winner = made.indexOf(true);
    expect(readFileSync(path, 'utf8')).toBe(`writer ${winner}\n`.repeat(1000));
    expect(besides()).toEqual([]);
  });
});
