// A bulk run's changes (app/bulk/written.ts) kept in the run's spool as rows are reported, only
// the rows that wrote, and printed from there: -o json written in pieces as they are read (a run
// of 100k rows never makes one string of them), the same bytes as JSON.stringify of the whole.

import { describe, expect, test } from 'vitest';
import { writtenRows, writtenView } from '../../src/app/bulk/written.js';
import type { ReportLine } from '../../src/bulk/report.js';
import { priceRows } from '../../src/bulk/spec.js';
import { memorySpool } from '../../src/common/spool.js';
import type { PlanView } from '../../src/output/views.js';
import { strict } from '../helpers/app-context.js';

function line(n: number, outcome: ReportLine['outcome']): ReportLine {
  return { line: n + 2, action: 'update', outcome, ids: { id: n + 1, inventoryId: 1, rentalBlockId: 1 }, label: `Item / Block ${n}`, old: { price: n }, new: { price: n + 1 } };
}

describe('the changes of a bulk run', () => {
  test('only rows that wrote are kept; -o json streams them in pieces, the bytes of JSON.stringify(…, null, 2)', async () => {
    const rows = writtenRows(memorySpool());
    const total = 3000;
    for (let n = 0; n < total; n++) rows.note(line(n, n % 3 === 0 ? 'unchanged' : 'updated'));
    rows.end();
    const counts = { created: 0, updated: 2000, deleted: 0, unchanged: 1000, stale: 0, failed: 0, invalid: 0, refused: 0, not_run: 0 };
    const view = writtenView({ spec: priceRows, rows, summary: { total, counts, complete: true, aborted: false, elapsedMs: 1 }, report: 'r.ndjson', catalog: () => strict('catalog', {}), entry: () => 'b3a72abf' }) as PlanView;
    const pieces: string[] = [];
    for await (const piece of view.document!()) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(1);
    const document = JSON.parse(pieces.join('')) as { summary: unknown; report: string; changes: Array<{ id: number }> };
    expect(pieces.join('')).toBe(`${JSON.stringify(document, null, 2)}\n`);
    expect(document.changes).toHaveLength(2000);
    expect(Object.keys(document)).toEqual(['summary', 'report', 'changes', 'entry']);
    expect((document as { entry?: string }).entry).toBe('b3a72abf');
    expect(document.changes[0]).toEqual({ action: 'update', resource: 'prices', parentId: 1, id: 2, name: 'Item / Block 1', before: { price: 1 }, after: { price: 2 } });
    expect(view.note).toBe('2000 changes written: list them with -o tsv or -o json, in the report r.ndjson, or with rentals history.');
  });

  test('a run that wrote nothing: an empty `changes`, nothing to say at a terminal', async () => {
    const rows = writtenRows(memorySpool());
    rows.note(line(0, 'unchanged'));
    rows.end();
    const counts = { created: 0, updated: 0, deleted: 0, unchanged: 1, stale: 0, failed: 0, invalid: 0, refused: 0, not_run: 0 };
    const view = writtenView({ spec: priceRows, rows, summary: { total: 1, counts, complete: true, aborted: false, elapsedMs: 1 }, catalog: () => strict('catalog', {}), entry: () => undefined }) as PlanView;
    let text = '';
    for await (const piece of view.document!()) text += piece;
    expect(text).toBe(`${JSON.stringify({ summary: { total: 1, ...counts, complete: true }, report: null, changes: [], entry: null }, null, 2)}\n`);
    expect(view.note).toBeUndefined();
  });
});
