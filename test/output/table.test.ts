// Tables: the look of cli-table3 0.6.5 (captured before it was replaced) with titles for people and
// numbers on the right, widths by display columns for wide characters, and fitting a narrow terminal.

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Row } from '../../src/output/format.js';
import { textWidth } from '../../src/output/width.js';
import type { RecordListView } from '../../src/output/views.js';
import { render } from './helpers.js';

const ESC = '\u001b[';

function records(rows: Row[], columns: string[]): RecordListView {
  return { kind: 'records', body: { data: rows }, rows, columns };
}

const items = records(
  [
    { id: 1, name: 'Tent 20x20', quantityAvailable: 4, active: true },
    { id: 2, name: 'Chair, white', quantityAvailable: 0, active: false },
    { id: 3, name: 'Heater "big"', quantityAvailable: 12, active: true },
    { id: 4, name: null, quantityAvailable: 1, active: false },
  ],
  ['id', 'name', 'quantityAvailable', 'active'],
);

const events = records(
  [
    {
      id: 12,
      eventName: 'Smith wedding with a very long name that goes on and on and on forever',
      eventStatusId: 2,
      startDate: '2026-06-12T14:00:00',
      endDate: '2026-06-13T00:00:00',
      customerName: 'Ann Smith',
      eventCity: 'Springfield',
      cancelDate: null,
    },
    {
      id: 13,
      eventName: 'Fair',
      eventStatusId: 1,
      startDate: '2026-07-01T09:30:00',
      endDate: '2026-07-01T18:00:00',
      customerName: null,
      eventCity: 'Line\nbreak city',
      cancelDate: '2026-05-01T00:00:00',
    },
  ],
  ['id', 'eventName', 'eventStatusId', 'startDate', 'endDate', 'customerName', 'eventCity', 'cancelDate'],
);

describe('the look of cli-table3 on ASCII data', () => {
  test('borders, header in words, no row separators, padding; numbers on the right; null is empty', async () => {
    const { out } = await render(items, 'table', { terminalWidth: 120 });
    expect(out).toBe(
      [
        '┌────┬──────────────┬────────────────────┬────────┐',
        '│ ID │ Name         │ Quantity available │ Active │',
        '│  1 │ Tent 20x20   │                  4 │ yes    │',
        '│  2 │ Chair, white │                  0 │ no     │',
        '│  3 │ Heater "big" │                 12 │ yes    │',
        '│  4 │              │                  1 │ no     │',
        '└────┴──────────────┴────────────────────┴────────┘',
        '',
      ].join('\n'),
    );
  });

  test('a view titles its columns for people; --fields keeps the names it was given', async () => {
    const titled = { ...items, titles: { quantityAvailable: 'Available' } };
    expect((await render(titled, 'table', { terminalWidth: 120 })).out.split('\n')[1]).toBe('│ ID │ Name         │ Available │ Active │');
    expect((await render(titled, 'table', { terminalWidth: 120, fields: ['id', 'quantityAvailable'] })).out.split('\n')[1]).toBe('│ id │ quantityAvailable │');
    expect((await render(titled, 'tsv', { terminalWidth: 120 })).out.split('\n')[0]).toBe('1\tTent 20x20\t4\ttrue');
  });

  test('colour codes sit inside the padding', async () => {
    const { out } = await render(items, 'table', { color: true, terminalWidth: 120 });
    const lines = out.split('\n');
    expect(lines[1]).toBe(`│ ${ESC}1m${ESC}36mID${ESC}39m${ESC}22m │ ${ESC}1m${ESC}36mName${ESC}39m${ESC}22m         │ ${ESC}1m${ESC}36mQuantity available${ESC}39m${ESC}22m │ ${ESC}1m${ESC}36mActive${ESC}39m${ESC}22m │`);
    expect(lines[2]).toBe(`│  1 │ Tent 20x20   │                  4 │ ${ESC}32myes${ESC}39m    │`);
    expect(lines[3]).toBe(`│  2 │ Chair, white │                  0 │ ${ESC}2mno${ESC}22m     │`);
  });

  test('a terminal of unknown width wraps text cells as for 120 columns (never cuts); newlines fold to spaces', async () => {
    const { out } = await render(events, 'table', { terminalWidth: 0 });
    expect(out.split('\n')[2]).toBe('│ 12 │ Smith wedding with a │               2 │ 2026-06-12 14:00 │ 2026-06-13       │ Ann Smith     │ Springfield     │             │');
    expect(out).not.toContain('…');
    expect(out).toContain('│ Line break city │');
  });
});

describe('wide characters', () => {
  const wide = records(
    [
      { id: 1, name: '帐篷 大号', note: 'ok' },
      { id: 2, name: '🎪 Tent', note: 'Café' },
      { id: 3, name: 'plain', note: '日本語のテキストがとても長い場合の切り詰めの確認用の文字列です' },
    ],
    ['id', 'name', 'note'],
  );

  test('CJK and emoji wrap by display width, and the lines agree with the column width', async () => {
    const { out } = await render(wide, 'table', { terminalWidth: 60 });
    const lines = out.trimEnd().split('\n');
    expect(lines[4]).toBe('│  3 │ plain     │ 日本語のテキストがとても長い場合の切り  │');
    expect(lines[5]).toBe('│    │           │ 詰めの確認用の文字列です                │');
    expect(lines[2]).toBe('│  1 │ 帐篷 大号 │ ok                                      │');
    expect(new Set(lines.map(textWidth))).toEqual(new Set([textWidth(lines[0]!)]));
  });

  test('every line of any table has the same display width', async () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '帐', '篷', '🎪', 'é', 'e\u0301', '한', '・', '\t', '\n'), maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ a: text, b: text, n: fc.integer() }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 140 }), async (rows, width) => {
        const { out } = await render(records(rows, ['a', 'n', 'b']), 'table', { terminalWidth: width });
        const widths = new Set(out.trimEnd().split('\n').map((l) => textWidth(l.replace(/\t/g, ''))));
        expect(widths.size).toBe(1);
      }),
      { numRuns: 150 },
    );
  });
});

describe('narrow terminals', () => {
  test('a table that fits the terminal cuts nothing, however long its text', async () => {
    const long = 'Harper–Nguyen Wedding: 1; County Fair Beer Garden: 1; Jensen–Alvarez Wedding: 1';
    const { out, notes } = await render(records([{ id: 1, note: long }], ['id', 'note']), 'table', { terminalWidth: 100 });
    expect(out.split('\n')[2]).toBe(`│  1 │ ${long} │`);
    expect(notes).toEqual([]);
  });

  test('the widest text columns narrow first and wrap; datetimes and numbers are never cut', async () => {
    const { out, notes } = await render(records(events.rows, ['id', 'eventName', 'startDate', 'customerName']), 'table', { terminalWidth: 60 });
    const lines = out.trimEnd().split('\n');
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(60);
    // The header wraps before any cell does; then the widest text column.
    expect(lines[1]).toBe('│ ID │ Event name           │ Start date       │ Customer  │');
    expect(lines[2]).toBe('│    │                      │                  │ name      │');
    expect(lines[3]).toBe('│ 12 │ Smith wedding with a │ 2026-06-12 14:00 │ Ann Smith │');
    expect(lines[4]).toBe('│    │ very long name that  │                  │           │');
    expect(out).toContain('│ 13 │ Fair                 │ 2026-07-01 09:30 │           │');
    expect(out).not.toContain('…');
    expect(notes).toEqual([]);
  });

  test('when even the narrowest columns do not fit, the least important are left out and a note says which and how to see them', async () => {
    const { out, notes } = await render(events, 'table', { terminalWidth: 60 });
    for (const line of out.trimEnd().split('\n')) expect(textWidth(line)).toBeLessThanOrEqual(60);
    expect(out).toContain('│ 2026-06-12 14:00 │');
    expect(out).not.toContain('Customer name');
    expect(notes).toEqual(['note: endDate, customerName, eventCity, cancelDate not shown to fit 60 columns; see them with --fields id,endDate,customerName,eventCity,cancelDate or -o json']);
  });

  test('many hidden columns (a month of days) are named by the first and the last', async () => {
    const days = Array.from({ length: 30 }, (_, i) => `d${i + 1}`);
    const row = Object.fromEntries([['item', 'Tent'], ...days.map((d) => [d, 12345])]);
    const { notes } = await render(records([row], ['item', ...days]), 'table', { terminalWidth: 60 });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^note: \d+ columns \(d\d+ … d30\) not shown to fit 60 columns; widen the terminal or pick columns with --fields$/);
  });

  test('a table that fits is left as it is', async () => {
    expect((await render(items, 'table', { terminalWidth: 51 })).out).toBe((await render(items, 'table', { terminalWidth: 200 })).out);
  });
});

test('20k rows render, one line each (cli-table3 was quadratic: 16k rows took 6 s)', async () => {
  const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `Item ${i}`, quantityAvailable: i % 7, active: i % 2 === 0 }));
  const { out } = await render(records(rows, ['id', 'name', 'quantityAvailable', 'active']), 'table', { terminalWidth: 100 });
  expect(out.split('\n')).toHaveLength(20_000 + 4);
});
