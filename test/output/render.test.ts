// Every view in every format it supports; `ics` only for a calendar; chunked writing gives the
// same bytes as one piece.

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { prettyJsonPieces } from '../../src/output/json-chunks.js';
import type { CalendarView, DetailView, DiffView, GridView, GroupedView, RecordListView, View } from '../../src/output/views.js';
import { render } from './helpers.js';

const ESC = '\u001b[';

const agenda: GroupedView = {
  kind: 'groups',
  groupColumn: 'day',
  columns: ['time', 'event'],
  groups: [
    { heading: 'Fri 2026-06-12', key: '2026-06-12', rows: [{ time: '14:00', event: 'Smith wedding' }], footer: ['1 event'] },
    { heading: 'Sat 2026-06-13', key: '2026-06-13', rows: [{ time: '09:30', event: 'Fair, big' }, { time: '18:00', event: 'Gala' }] },
  ],
};

const grid: GridView = {
  kind: 'grid',
  rowHeader: 'item',
  rows: [
    { key: '4', label: 'Tent 20x20' },
    { key: '5', label: 'Chair' },
  ],
  columns: [
    { key: '2026-06-12', label: 'Fri 12' },
    { key: '2026-06-13', label: 'Sat 13' },
  ],
  cells: [
    [3, -1],
    [120, 80],
  ],
  isProblem: (value) => typeof value === 'number' && value < 0,
};

const calendar: CalendarView = {
  kind: 'calendar',
  ics: async () => 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
  listing: {
    kind: 'groups',
    groupColumn: 'date',
    columns: ['id', 'eventName', 'startDate'],
    groups: [{ heading: 'Fri 2026-06-12', key: '2026-06-12', rows: [{ id: 12, eventName: 'Smith wedding', startDate: '2026-06-12T14:00:00' }] }],
  },
};

const diff: DiffView = {
  kind: 'diff',
  changes: [
    { resource: 'prices', id: 41, change: 'changed', field: 'price', before: 120, after: 126 },
    { resource: 'inventory', id: 9, change: 'added' },
  ],
};

const detail: DetailView = {
  kind: 'detail',
  fields: [
    ['event', 'Smith wedding'],
    ['start', '2026-06-12T14:00:00'],
    ['city', null],
  ],
  sections: [{ title: 'Bookings', columns: ['item', 'quantity'], rows: [{ item: 'Tent', quantity: 2 }], footer: ['total 2'] }],
  json: { id: 12, eventName: 'Smith wedding', bookings: [{ item: 'Tent', quantity: 2 }] },
};

const list: RecordListView = {
  kind: 'records',
  body: { data: [{ id: 1, name: 'Tent' }], meta: { n: 1 } },
  rows: [{ id: 1, name: 'Tent' }],
  columns: ['id', 'name'],
  knownColumns: ['id', 'name', 'active'],
};

describe('grouped rows', () => {
  test('machine formats: one row per record with the group column first', async () => {
    expect((await render(agenda, 'csv')).out).toBe('day,time,event\n2026-06-12,14:00,Smith wedding\n2026-06-13,09:30,"Fair, big"\n2026-06-13,18:00,Gala\n');
    expect((await render(agenda, 'tsv')).out).toBe('2026-06-12\t14:00\tSmith wedding\n2026-06-13\t09:30\tFair, big\n2026-06-13\t18:00\tGala\n');
    expect((await render(agenda, 'ndjson')).out.split('\n')[0]).toBe('{"day":"2026-06-12","time":"14:00","event":"Smith wedding"}');
    expect(JSON.parse((await render(agenda, 'json')).out)).toEqual({
      data: [
        { key: '2026-06-12', heading: 'Fri 2026-06-12', rows: [{ time: '14:00', event: 'Smith wedding' }], footer: ['1 event'] },
        { key: '2026-06-13', heading: 'Sat 2026-06-13', rows: agenda.groups[1]!.rows },
      ],
    });
  });

  test('a table per group under its heading (bold), all with the same column widths', async () => {
    const { out } = await render(agenda, 'table', { terminalWidth: 80 });
    expect(out).toBe(
      [
        'Fri 2026-06-12',
        '┌───────┬───────────────┐',
        '│ Time  │ Event         │',
        '│ 14:00 │ Smith wedding │',
        '└───────┴───────────────┘',
        '1 event',
        '',
        'Sat 2026-06-13',
        '┌───────┬───────────────┐',
        '│ Time  │ Event         │',
        '│ 09:30 │ Fair, big     │',
        '│ 18:00 │ Gala          │',
        '└───────┴───────────────┘',
        '',
      ].join('\n'),
    );
    expect((await render(agenda, 'table', { color: true })).out).toContain(`${ESC}1mFri 2026-06-12${ESC}22m\n`);
  });

  test('the view may say what json prints', async () => {
    expect(JSON.parse((await render({ ...agenda, data: [{ days: 2 }] }, 'json')).out)).toEqual({ data: [{ days: 2 }] });
  });
});

describe('grid', () => {
  test('csv is a matrix with a header row (item, then the column keys); tsv the same rows without it, as every tsv', async () => {
    expect((await render(grid, 'csv')).out).toBe('item,2026-06-12,2026-06-13\nTent 20x20,3,-1\nChair,120,80\n');
    expect((await render(grid, 'tsv')).out).toBe('Tent 20x20\t3\t-1\nChair\t120\t80\n');
    expect((await render(grid, 'ndjson')).out).toBe('{"item":"Tent 20x20","2026-06-12":3,"2026-06-13":-1}\n{"item":"Chair","2026-06-12":120,"2026-06-13":80}\n');
    expect(JSON.parse((await render(grid, 'json')).out)).toEqual({ data: [{ key: '4', label: 'Tent 20x20', cells: { '2026-06-12': 3, '2026-06-13': -1 } }, { key: '5', label: 'Chair', cells: { '2026-06-12': 120, '2026-06-13': 80 } }] });
  });

  test('on a terminal: column labels, shortages in red', async () => {
    const plain = (await render(grid, 'table')).out.split('\n');
    expect(plain[1]).toBe('│ Item       │ Fri 12 │ Sat 13 │');
    expect(plain[2]).toBe('│ Tent 20x20 │      3 │     -1 │');
    const coloured = (await render(grid, 'table', { color: true })).out;
    expect(coloured).toContain(`│      3 │     ${ESC}31m-1${ESC}39m │`);
    expect(coloured).not.toContain(`${ESC}31m3`);
  });

  test('on a narrow terminal the days go in pages and no item name is cut (two names may start alike)', async () => {
    const days = Array.from({ length: 10 }, (_, i) => ({ key: `d${i}`, label: `12-${String(i + 1).padStart(2, '0')}` }));
    const narrow: GridView = {
      kind: 'grid',
      rowHeader: 'item',
      rows: [
        { key: '18', label: 'Stage Stairs' },
        { key: '20', label: 'Stage Skirting, 8ft' },
      ],
      columns: days,
      cells: [days.map(() => 3), days.map(() => 20)],
    };
    const { out, notes } = await render(narrow, 'table', { terminalWidth: 60 });
    // Not even a week of these labels fits 60 columns: pages of as many days as do, names wrapped.
    expect(out.split('\n').filter((l) => l.includes(' → '))).toEqual(['d0 → d4', 'd5 → d9']);
    const labels = out.split('\n').filter((l) => l.startsWith('│')).map((l) => l.split('│')[1]!.trim());
    expect(labels.slice(0, 4)).toEqual(['Item', 'Stage Stairs', 'Stage', 'Skirting, 8ft']);
    expect(notes).toEqual([]);
  });
});

describe('calendar', () => {
  test('-o ics prints the document; other formats list its rows', async () => {
    expect((await render(calendar, 'ics')).out).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    expect((await render(calendar, 'tsv')).out).toBe('2026-06-12\t12\tSmith wedding\t2026-06-12T14:00:00\n');
    expect(JSON.parse((await render(calendar, 'json')).out).data[0].rows).toEqual(calendar.listing.groups[0]!.rows);
  });

  test.each<[string, View]>([
    ['a record list', list],
    ['grouped rows', agenda],
    ['a grid', grid],
    ['a diff', diff],
    ['one record', detail],
  ])('-o ics on %s is a usage error naming the format and what supports it', async (what, view) => {
    const error = await render(view, 'ics').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(
      `-o ics is only for calendar output (an iCalendar document); this command prints ${what}: use table, json, ndjson, csv, tsv, xlsx`,
    );
  });
});

describe('diff', () => {
  test('one row per change in every format', async () => {
    expect((await render(diff, 'csv')).out).toBe('resource,id,change,field,before,after\nprices,41,changed,price,120,126\ninventory,9,added,,,\n');
    expect(JSON.parse((await render(diff, 'json')).out)).toEqual({ data: diff.changes });
    const table = (await render(diff, 'table')).out.split('\n');
    expect(table[1]).toBe('│ Resource  │ ID │ Change  │ Field │ Before │ After │');
    expect(table[2]).toBe('│ prices    │ 41 │ changed │ price │    120 │   126 │');
  });
});

describe('one record (detail)', () => {
  test('a table: field  value lines, then each section under its title', async () => {
    const { out } = await render(detail, 'table');
    expect(out).toBe(
      [
        'event  Smith wedding',
        'start  2026-06-12 14:00',
        'city',
        '',
        'Bookings',
        '┌──────┬──────────┐',
        '│ Item │ Quantity │',
        '│ Tent │        2 │',
        '└──────┴──────────┘',
        'total 2',
        '',
      ].join('\n'),
    );
  });

  test('json and ndjson print the view json; csv and tsv the fields, with a note that sections are elsewhere', async () => {
    expect(JSON.parse((await render(detail, 'json')).out)).toEqual({ data: [detail.json] });
    expect((await render(detail, 'ndjson')).out).toBe(`${JSON.stringify(detail.json)}\n`);
    const csv = await render(detail, 'csv');
    expect(csv.out).toBe('field,value\nevent,Smith wedding\nstart,2026-06-12T14:00:00\ncity,\n');
    expect(csv.notes).toEqual(["note: -o csv shows the record's fields only; its Bookings are in -o json and the table"]);
    expect((await render(detail, 'tsv')).notes).toEqual(["note: -o tsv shows the record's fields only; its Bookings are in -o json and the table"]);
  });
});

describe('record list', () => {
  test('json is the body as sent, whole; --fields gives a note and does not apply', async () => {
    const { out, notes } = await render(list, 'json', { fields: ['id'] });
    expect(out).toBe(`${JSON.stringify(list.body, null, 2)}\n`);
    expect(notes).toEqual(['note: --fields does not apply to -o json, which prints the body as sent; use -o ndjson to pick fields']);
  });

  test('--fields naming an unknown column is a usage error listing the known ones', async () => {
    await expect(render(list, 'csv', { fields: ['id', 'colour'] })).rejects.toThrow('--fields: unknown field "colour" (known: id, name, active)');
    await expect(render(list, 'csv', { fields: ['toString'] })).rejects.toThrow(UsageError);
  });

  test('rows are written in chunks of 2,000 lines with the same bytes as one piece', async () => {
    const rows = Array.from({ length: 4_500 }, (_, i) => ({ id: i, name: `n${i}` }));
    const view: RecordListView = { ...list, rows, body: { data: rows } };
    const chunks: string[] = [];
    const { renderView } = await import('../../src/output/render.js');
    for await (const c of renderView(view, 'tsv', { color: false, terminalWidth: 0, info: () => {} })) chunks.push(c);
    expect(chunks.map((c) => c.split('\n').length - 1)).toEqual([2000, 2000, 500]);
    expect(chunks.join('')).toBe(rows.map((r) => `${r.id}\tn${r.id}\n`).join(''));
  });
});

describe('a list with no rows, and a refusal', () => {
  const MACHINE = ['json', 'ndjson', 'csv', 'tsv'] as const;
  const empty: RecordListView = { kind: 'records', body: { data: [] }, rows: [], columns: ['id', 'name'], emptyNote: '' };
  const refused: RecordListView = { ...empty, body: { data: [], refused: { message: 'short' } }, refused: true };
  const listed = { json: '{\n  "data": []\n}\n', ndjson: '', csv: 'id,name\n', tsv: '' };

  test.each(MACHINE)('-o %s: a list that found nothing keeps the csv header and the json envelope', async (format) => {
    expect((await render(empty, format)).out).toBe(listed[format]);
  });

  test.each(MACHINE)('-o %s: a refusal prints its JSON and nothing in any other format (no csv header)', async (format) => {
    expect((await render(refused, format)).out).toBe(format === 'json' ? `${JSON.stringify(refused.body, null, 2)}\n` : '');
    expect((await render(refused, format, { fields: ['id'] })).out).toBe(format === 'json' ? `${JSON.stringify(refused.body, null, 2)}\n` : '');
  });
});

describe('pretty JSON in pieces', () => {
  test('the same text as JSON.stringify(value, null, 2) for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), (value) => {
        expect([...prettyJsonPieces(value)].join('')).toBe(JSON.stringify(value, null, 2));
      }),
      { numRuns: 500 },
    );
  });

  test('undefined members, toJSON and empty containers as JSON.stringify does them', () => {
    const value = { a: undefined, b: [undefined, () => 1], c: new Date(0), d: {}, e: [], f: { g: [{ h: 'x\ny' }] } };
    expect([...prettyJsonPieces(value)].join('')).toBe(JSON.stringify(value, null, 2));
  });
});

describe('--fields on other views', () => {
  test('grouped rows, calendars and diffs refuse an unknown column too', async () => {
    await expect(render(agenda, 'csv', { fields: ['day', 'evnt'] })).rejects.toThrow('--fields: unknown field "evnt" (known: day, time, event)');
    await expect(render(calendar, 'tsv', { fields: ['nope'] })).rejects.toThrow(UsageError);
    await expect(render(diff, 'csv', { fields: ['before', 'x'] })).rejects.toThrow('--fields: unknown field "x" (known: resource, id, change, field, before, after)');
    expect((await render(agenda, 'csv', { fields: ['event', 'day'] })).out.split('\n')[1]).toBe('Smith wedding,2026-06-12');
  });
});

test('text a command takes from the server (headings, labels, footers, titles) shows terminal escapes visibly, never raw', async () => {
  const evil = `a${ESC}2Jb\u0007`;
  const groups: GroupedView = { ...agenda, groups: [{ heading: evil, key: 'k', rows: [{ time: '1', event: 'x' }], footer: [evil] }] };
  const gridded: GridView = { ...grid, rows: [{ key: '1', label: evil }], columns: [{ key: 'd', label: evil }], cells: [[1]] };
  const detailed: DetailView = { ...detail, fields: [[evil, evil]], sections: [{ title: evil, columns: ['a'], rows: [{ a: 1 }], footer: [evil] }] };
  for (const view of [groups, gridded, detailed]) {
    const { out } = await render(view, 'table');
    expect(out).not.toContain('\u001b');
    expect(out).not.toContain('\u0007');
    expect(out).toContain('a\\x1b[2Jb\\x07');
  }
});
