// -o xlsx as rentals writes it and as the import reads it back: any text (control characters,
// XML's own characters, OOXML's `_x…_` escapes, formulas, emoji) comes back as it was; numbers,
// flags and datetimes as their csv text; a zip that is not an .xlsx is refused with a message.

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { openInput } from '../../src/bulk/input/index.js';
import { readXlsx } from '../../src/bulk/input/xlsx.js';
import { ZipWriter } from '../../src/common/zip-write.js';
import type { Row } from '../../src/output/format.js';
import { renderXlsx } from '../../src/output/xlsx-render.js';
import type { DetailView, GroupedView, RecordListView, View } from '../../src/output/views.js';

async function xlsxOf(rows: Row[], columns: string[], money: string[] = []): Promise<Buffer> {
  const view: RecordListView = { kind: 'records', body: { data: rows }, rows, columns, money };
  return (await written(view)).file;
}

/** A view as -o xlsx writes it, with the notes it gives. */
async function written(view: View): Promise<{ file: Buffer; notes: string[] }> {
  const chunks: Buffer[] = [];
  const notes: string[] = [];
  for await (const chunk of renderXlsx(view, { color: false, terminalWidth: 0, info: (note) => notes.push(note) })) chunks.push(chunk);
  return { file: Buffer.concat(chunks), notes };
}

describe('rentals xlsx, read back', () => {
  test('typed cells come back as the csv writes them', async () => {
    const rows = [
      { id: 1, name: '007', price: 33.333, active: true, startDate: '2026-06-12T14:00:00', none: null },
      { id: 2, name: '=HYPERLINK("x")', price: 1200.5, active: false, startDate: '2026-06-13T00:00:00', none: null },
    ];
    const sheet = readXlsx(await xlsxOf(rows, ['id', 'name', 'price', 'active', 'startDate', 'none'], ['price']));
    expect(sheet.issues).toEqual([]);
    expect(sheet.columns).toEqual(['id', 'name', 'price', 'active', 'startDate', 'none']);
    expect(sheet.rows).toEqual([
      { line: 2, values: { id: '1', name: '007', price: '33.333', active: 'true', startDate: '2026-06-12T14:00:00' } },
      { line: 3, values: { id: '2', name: '=HYPERLINK("x")', price: '1200.5', active: 'false', startDate: '2026-06-13T00:00:00' } },
    ]);
  });

  test('any text round-trips exactly (property)', async () => {
    const unit = fc.oneof(
      fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code)),
      fc.constantFrom('&', '<', '>', '"', "'", '_x000D_', '_x', '_', 'x', '0', 'é', '語', '😀', '\u202e', ' '),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit, minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }), async (names) => {
        const sheet = readXlsx(await xlsxOf(names.map((name, i) => ({ id: i + 1, name })), ['id', 'name']));
        expect(sheet.rows.map((row) => row.values.name)).toEqual(names);
      }),
      { numRuns: 60 },
    );
  });

  test('a file that is no .xlsx is refused with what is wrong', () => {
    expect(readXlsx(Buffer.from('PK\u0003\u0004 not really a zip')).issues[0]!.rule).toMatch(/^not a readable \.xlsx: it is not a zip archive/);
    // An OpenDocument spreadsheet is a zip too: it is named, with what to do instead.
    const zip = new ZipWriter();
    const ods = Buffer.concat([...zip.file('mimetype', 'application/vnd.oasis.opendocument.spreadsheet'), ...zip.file('content.xml', '<x/>'), ...zip.finish()]);
    expect(readXlsx(ods).issues[0]!.rule).toBe('not a readable .xlsx: it is an OpenDocument spreadsheet (.ods): save it as .xlsx (Excel Workbook) or as CSV, and import that');
  });

  test('the first sheet the user sees is read: a hidden sheet before it (a scratch or lookup sheet) is passed over', () => {
    const sheet = (text: string) => `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${text}</t></is></c></row><row r="2"><c r="A2"><v>7</v></c></row></sheetData></worksheet>`;
    const file = (state: string) => {
      const zip = new ZipWriter();
      return Buffer.concat([
        ...zip.file('_rels/.rels', '<Relationships><Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'),
        ...zip.file('xl/workbook.xml', `<workbook xmlns:r="r"><sheets><sheet name="Notes" sheetId="1" state="${state}" r:id="rId1"/><sheet name="Prices" sheetId="2" r:id="rId2"/></sheets></workbook>`),
        ...zip.file('xl/_rels/workbook.xml.rels', '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/></Relationships>'),
        ...zip.file('xl/worksheets/sheet1.xml', sheet('scratch')),
        ...zip.file('xl/worksheets/sheet2.xml', sheet('id')),
        ...zip.finish(),
      ]);
    };
    expect(readXlsx(file('hidden')).columns).toEqual(['id']);
    expect(readXlsx(file('veryHidden')).rows).toEqual([{ line: 2, values: { id: '7' } }]);
    expect(readXlsx(file('visible')).columns).toEqual(['scratch']);
  });

  test('a binary .xls (an Office 97-2003 compound document) is refused, not read as CSV', async () => {
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504, 0x41)]);
    const input = await openInput((async function* () { yield new Uint8Array(xls); })(), { file: 'prices.xls' });
    const rows: unknown[] = [];
    for await (const row of input.rows) rows.push(row);
    expect(rows).toEqual([]);
    expect(input.issues()).toEqual([{ line: 1, rule: 'a binary .xls (Excel 97-2003) workbook, which is not read: save it as .xlsx (Excel Workbook) or as CSV, and import that' }]);
  });

  test('one record: its fields, and a note naming -o xlsx that its sections are elsewhere', async () => {
    const detail: DetailView = { kind: 'detail', fields: [['event', 'Smith wedding']], sections: [{ title: 'Bookings', rows: [{ item: 'Tent' }], columns: ['item'] }], json: {} };
    const { file, notes } = await written(detail);
    expect(readXlsx(file).rows).toEqual([{ line: 2, values: { field: 'event', value: 'Smith wedding' } }]);
    expect(notes).toEqual(["note: -o xlsx shows the record's fields only; its Bookings are in -o json and the table"]);
  });

  test('columns a view declares: days and times written for people as dates and times, ids as numbers, money with its format', async () => {
    const view: GroupedView = {
      kind: 'groups',
      groupColumn: 'date',
      columns: ['key', 'start', 'time', 'total', 'name'],
      money: ['total'],
      kinds: { date: 'datetime', key: 'id', start: 'datetime', time: 'time' },
      groups: [{ heading: 'Sun 2026-11-29', key: '2026-11-29', rows: [{ key: '7', start: '2026-11-29 09:00', time: '09:30', total: 428, name: '2026-11-29' }] }],
    };
    const { file } = await written(view);
    const { ZipArchive } = await import('../../src/common/zip-read.js');
    const xml = new ZipArchive(file).read('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(xml).toContain('<row r="2"><c r="A2" s="5"><v>46355</v></c><c r="B2"><v>7</v></c><c r="C2" s="4"><v>46355.375</v></c><c r="D2" s="6"><v>0.3958333333333333</v></c><c r="E2" s="3"><v>428</v></c><c r="F2" s="2" t="inlineStr">');
    expect(readXlsx(file).rows[0]!.values).toEqual({ date: '2026-11-29T00:00:00', key: '7', start: '2026-11-29T09:00:00', time: '09:30:00', total: '428', name: '2026-11-29' });
  });
});
