// The journal on its own: group commit, failure handling, line format.

import type { FileHandle } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { Journal, decodeJournal, encodeEntry } from '../../src/sandbox/journal.js';
import type { Change } from '../../src/sandbox/store.js';

class FakeFile {
  written = '';
  syncs = 0;
  failSync = false;

  async write(data: Buffer, offset: number, length: number): Promise<{ bytesWritten: number }> {
    // Short writes happen; the journal must finish them.
    const bytesWritten = Math.min(length, 100);
    this.written += data.subarray(offset, offset + bytesWritten).toString('utf8');
    return { bytesWritten };
  }

  async datasync(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 5));
    this.syncs += 1;
    if (this.failSync) throw new Error('EIO: i/o error');
  }

  async close(): Promise<void> {}

  asHandle(): FileHandle {
    return this as unknown as FileHandle;
  }
}

const put = (id: number): Change => ({ op: 'put', resource: 'inventory', record: { id, name: `item ${id}`, quantityAvailable: 1, active: 1 } });

describe('Journal', () => {
  it('acknowledges appends that arrive together with a shared fsync, in order', async () => {
    const file = new FakeFile();
    const journal = new Journal(file.asHandle(), 10);
    const acknowledged: number[] = [];
    await Promise.all(Array.from({ length: 50 }, (_, i) => journal.append(put(i + 1)).then(() => acknowledged.push(i + 1))));
    expect(acknowledged).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(file.syncs).toBeLessThanOrEqual(2);
    const { entries, tornLine } = decodeJournal(file.written);
    expect(tornLine).toBeUndefined();
    expect(entries.map((e) => e.entry.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 11));
    expect(journal.lastSeq).toBe(60);
  });

  it('settles a read only after the writes before it are durable', async () => {
    const file = new FakeFile();
    const journal = new Journal(file.asHandle(), 0);
    void journal.append(put(1));
    await journal.settled();
    expect(file.syncs).toBe(1);
  });

  it('never acknowledges a write whose fsync failed, nor any after it', async () => {
    const file = new FakeFile();
    const journal = new Journal(file.asHandle(), 0);
    await journal.append(put(1));
    file.failSync = true;
    await expect(journal.append(put(2))).rejects.toThrow('the journal could not be written: EIO: i/o error');
    await expect(journal.append(put(3))).rejects.toThrow(/could not be written/);
    await expect(journal.settled()).rejects.toThrow(/could not be written/);
    expect(journal.failed).toBeInstanceOf(Error);
  });

  it('moves to a new file between batches', async () => {
    const first = new FakeFile();
    const second = new FakeFile();
    const journal = new Journal(first.asHandle(), 0);
    const pending = journal.append(put(1));
    const old = await journal.switchTo(second.asHandle());
    await pending;
    await journal.append(put(2));
    expect(old).toBe(first);
    expect(decodeJournal(first.written).entries.map((e) => e.entry.seq)).toEqual([1]);
    expect(decodeJournal(second.written).entries.map((e) => e.entry.seq)).toEqual([2]);
  });
});

describe('decodeJournal', () => {
  const lines = [1, 2, 3].map((seq) => encodeEntry({ ...put(seq), seq })).join('');

  it('reads checksummed lines', () => {
    expect(decodeJournal(lines).entries.map((e) => e.line)).toEqual([1, 2, 3]);
    expect(decodeJournal('')).toEqual({ entries: [] });
  });

  it('reports a torn last line: the last line without its newline', () => {
    expect(decodeJournal(lines + lines.slice(0, 30)).tornLine).toBe(4);
    expect(decodeJournal(lines.slice(0, -5))).toMatchObject({ tornLine: 3 });
    expect(decodeJournal(lines.slice(0, -5)).entries.map((e) => e.line)).toEqual([1, 2]);
  });

  it('reports the first damaged line, the last one included, and reads nothing from it on', () => {
    expect(decodeJournal(lines.replace('item 2', 'item 9'))).toEqual({
      entries: [expect.objectContaining({ line: 1 })],
      damage: { line: 2, reason: 'a line that fails its checksum' },
    });
    // A complete last line that fails its checksum is not a torn append: it is damage.
    expect(decodeJournal(lines.replace('item 3', 'item 9'))).toMatchObject({ damage: { line: 3 } });
    expect(decodeJournal(lines.replace('\n', '\n\n'))).toMatchObject({ damage: { line: 2, reason: 'an empty line' } });
  });
});
