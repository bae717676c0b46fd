import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { type HistoryRecord, HistoryWriter, MAX_BYTES, readHistory, redactedCommand } from '../../src/config/history.js';
import { tempDir } from '../helpers/fake-context.js';

const head = () => ({ command: 'rentals events book 1 --item X=2', baseUrl: 'http://127.0.0.1:1', now: Date.UTC(2026, 10, 26, 12) });
const record = (id: number) => ({ resource: 'bookings', parentId: 1, id, before: null, after: { id, quantity: 2 } });

describe('the history file', () => {
  test('the command line keeps its words and redacts the values of secret flags', () => {
    expect(redactedCommand(['auth', 'login', '--client-secret', 's3cret', '--token=abc', '--token-file', '/t', 'events', 'book', '1', '--item', 'LED Uplight=6'])).toBe(
      "rentals auth login --client-secret '[redacted]' '--token=[redacted]' --token-file /t events book 1 --item 'LED Uplight=6'",
    );
  });

  test('one entry per writer, its records beneath, in a 0600 file of a 0700 directory; a torn last line is skipped', () => {
    const dir = join(tempDir(), 'history');
    const first = new HistoryWriter(dir, head);
    const second = new HistoryWriter(dir, () => ({ ...head(), command: 'rentals undo', undoes: 'x' }));
    first.record(record(1), () => undefined);
    second.record(record(3), () => undefined);
    first.record(record(2), () => undefined);
    first.close();
    second.close();
    writeFileSync(join(dir, 'history.ndjson'), `${readFileSync(join(dir, 'history.ndjson'), 'utf8')}{"kind":"record","entr`);
    const entries = readHistory(dir);
    expect(entries.map((e) => [e.command, e.records.map((r) => r.id)])).toEqual([
      ['rentals events book 1 --item X=2', [1, 2]],
      ['rentals undo', [3]],
    ]);
    expect(entries[0]).toMatchObject({ id: first.id, at: '2026-11-26T12:00:00.000Z', baseUrl: 'http://127.0.0.1:1' });
    expect(entries[1]!.undoes).toBe('x');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'history.ndjson')).mode & 0o777).toBe(0o600);
  });

  test('past MAX_BYTES the file rotates at the next entry: the one before is kept, the older dropped', () => {
    const dir = join(tempDir(), 'history');
    const old = new HistoryWriter(dir, head);
    old.record(record(1), () => undefined);
    old.close();
    const big = { resource: 'bookings', id: 2, before: null, after: { notes: 'x'.repeat(MAX_BYTES) } };
    const large = new HistoryWriter(dir, head);
    large.record(big, () => undefined);
    large.close();
    const next = new HistoryWriter(dir, head);
    next.record(record(3), () => undefined);
    next.close();
    expect(readdirSync(dir).sort()).toEqual(['history.1.ndjson', 'history.ndjson']);
    expect(readHistory(dir).map((e) => e.records[0]!.id)).toEqual([1, 2, 3]);
    // The current file passes the bound again: at the next entry it becomes history.1, and 1 and 2 are dropped.
    const again = new HistoryWriter(dir, head);
    again.record({ ...big, id: 4 }, () => undefined);
    again.close();
    const last = new HistoryWriter(dir, head);
    last.record(record(5), () => undefined);
    last.close();
    expect(readHistory(dir).map((e) => e.records[0]!.id)).toEqual([3, 4, 5]);
  });

  test("the records answered in one turn go to the file together at the next turn, or at close, or as the process exits", async () => {
    const dir = join(tempDir(), 'history');
    const file = join(dir, 'history.ndjson');
    const ids = () => readHistory(dir).flatMap((e) => e.records.map((r) => r.id));
    const writer = new HistoryWriter(dir, head);
    for (let id = 1; id <= 3; id++) writer.record(record(id), () => undefined);
    expect(ids()).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ids()).toEqual([1, 2, 3]);
    writer.record(record(4), () => undefined);
    writer.close();
    expect(ids()).toEqual([1, 2, 3, 4]);

    const before = new Set(process.listeners('exit'));
    const exiting = new HistoryWriter(dir, head);
    exiting.record(record(5), () => undefined);
    const size = statSync(file).size;
    // What process.exit() runs (only the writer's own listener: the test runner's are left alone).
    const added = process.listeners('exit').filter((listener) => !before.has(listener));
    expect(added).toHaveLength(1);
    added[0]!(0);
    expect(statSync(file).size).toBeGreaterThan(size);
    expect(ids()).toEqual([1, 2, 3, 4, 5]);
    exiting.close();
    expect(ids()).toEqual([1, 2, 3, 4, 5]);
    expect(process.listeners('exit').filter((listener) => !before.has(listener))).toEqual([]);
  });

  test("a record's line is the record as JSON after its entry's head, whatever its fields hold", () => {
    const dir = join(tempDir(), 'history');
    const writer = new HistoryWriter(dir, head);
    const records: HistoryRecord[] = [
      { resource: 'prices', parentId: 5, id: 13, before: { id: 13, inventoryId: 5, rentalBlockId: 1, price: 112.48 }, after: { id: 13, inventoryId: 5, rentalBlockId: 1, price: 113.48 } },
      { resource: 'inventory', id: 7, before: null, after: { id: 7, name: 'Tent "20x20"\n\u2028', active: 1 } },
      { resource: 'bookings', parentId: 2, id: 9, before: { id: 9, quantity: 2, note: 'a\u0000b' }, after: null },
      { resource: 'events', id: 4, before: null, after: { id: 4 }, replaces: 3 },
      { resource: 'events', id: Number.NaN, before: null, after: { id: 'x' } },
    ];
    for (const record of records) writer.record(record, () => undefined);
    writer.close();
    const lines = readFileSync(join(dir, 'history.ndjson'), 'utf8').split('\n').slice(1, -1);
    const entry = (JSON.parse(lines[0]!) as { entry: string }).entry;
    expect(lines).toEqual(records.map((record) => JSON.stringify({ kind: 'record', entry, ...record })));
  });

  test('a history that cannot be written never fails the write: it says so once', () => {
    const file = join(tempDir(), 'not-a-dir');
    writeFileSync(file, '');
    const warnings: string[] = [];
    const writer = new HistoryWriter(join(file, 'history'), head);
    writer.record(record(1), (m) => warnings.push(m));
    writer.record(record(2), (m) => warnings.push(m));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('the history of writes could not be written');
  });

  test("an undo's lines reach the file at once: its intent, each step's note, the records, how it ended; a later run continues the same entry", () => {
    const dir = join(tempDir(), 'history');
    const undo = new HistoryWriter(dir, () => ({ ...head(), command: 'rentals undo x', undoes: 'x' }));
    const warn = () => undefined;
    const id = undo.start();
    undo.intent([{ resource: 'bookings', id: 1, parentId: 1, action: 'recreate' }, { resource: 'bookings', id: 2, parentId: 1, action: 'delete' }], warn);
    undo.step(0, { state: 'sending', body: { quantity: 2 }, twins: [] }, warn);
    undo.record({ ...record(5), replaces: 1 }, warn);
    undo.step(1, { state: 'sending' }, warn);
    // Read before any turn of the event loop and before close: each line is there already (a kill loses none).
    const [killed] = readHistory(dir);
    expect(killed).toMatchObject({ id, undoes: 'x', records: [{ id: 5, replaces: 1 }], undo: { steps: [{ id: 1 }, { id: 2 }], notes: [{ state: 'sending' }, { state: 'sending' }], resumed: 0 } });
    expect(killed!.end).toBeUndefined();
    undo.close();

    const finish = new HistoryWriter(dir, () => ({ ...head(), command: 'rentals undo x --finish' }));
    finish.resume(id, 1);
    finish.recordOf(id, { resource: 'bookings', parentId: 1, id: 2, before: { id: 2 }, after: null }, warn);
    finish.end({ outcome: 'complete' }, warn);
    expect(finish.mark()).toBe(2);
    const [done] = readHistory(dir);
    expect(done).toMatchObject({ id, records: [{ id: 5 }, { id: 2, after: null }], undo: { resumed: 1 }, end: { outcome: 'complete' } });
    finish.close();
  });
});
