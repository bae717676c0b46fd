// The views printed as text for people and as the one JSON shape for machines: a request not sent
// (--dry-run), a sentence ("Deleted event 3."), text the same in every format, a raw body, a plan.

import { describe, expect, test } from 'vitest';
import { checkFormat } from '../../src/output/formats.js';
import type { PlanView, RequestView } from '../../src/output/views.js';
import { render } from './helpers.js';

/** The format for people of the kinds without rows (tsv and csv are refused: formats.test). */
const PEOPLE = ['table'] as const;

describe('request (--dry-run)', () => {
  const request: RequestView = { kind: 'request', method: 'POST', url: 'https://api.test/v2/inventory', headers: { accept: 'application/json', authorization: 'bearer [redacted]' }, body: { name: 'Tent' } };
  const record = { dryRun: true, method: 'POST', url: 'https://api.test/v2/inventory', headers: { accept: 'application/json', authorization: 'bearer [redacted]' }, body: { name: 'Tent' } };

  test.each(PEOPLE)('%s: the request line, headers and body; "Dry run" on stderr', async (format) => {
    const { out, notes } = await render(request, format);
    expect(out).toBe('POST https://api.test/v2/inventory\naccept: application/json\nauthorization: bearer [redacted]\n\n{\n  "name": "Tent"\n}\n');
    expect(notes).toEqual(['Dry run: nothing was sent.']);
  });

  test('json: one record in the envelope; ndjson: that record on one line; no notice', async () => {
    const json = await render(request, 'json');
    expect(json.out).toBe(`${JSON.stringify({ data: [record] }, null, 2)}\n`);
    expect(json.notes).toEqual([]);
    expect((await render(request, 'ndjson')).out).toBe(`${JSON.stringify(record)}\n`);
  });

  test('a request without a body (DELETE): no blank line, body null for machines', async () => {
    const remove: RequestView = { kind: 'request', method: 'DELETE', url: 'https://api.test/v2/inventory/3', headers: {} };
    expect((await render(remove, 'table')).out).toBe('DELETE https://api.test/v2/inventory/3\n');
    expect((await render(remove, 'ndjson')).out).toBe('{"dryRun":true,"method":"DELETE","url":"https://api.test/v2/inventory/3","headers":{},"body":null}\n');
  });
});

describe('done (a sentence for people, records for machines)', () => {
  test.each(PEOPLE)('%s: only the sentence, on stderr', async (format) => {
    expect(await render({ kind: 'done', message: 'Deleted event 3.', records: [{ id: 3 }] }, format)).toEqual({ out: '', notes: ['Deleted event 3.'] });
  });

  test('json: { "data": [...] }; ndjson: a line per record; no sentence', async () => {
    const view = { kind: 'done', message: 'Deleted event 3.', records: [{ id: 3 }] } as const;
    expect(await render(view, 'json')).toEqual({ out: '{\n  "data": [\n    {\n      "id": 3\n    }\n  ]\n}\n', notes: [] });
    expect(await render(view, 'ndjson')).toEqual({ out: '{"id":3}\n', notes: [] });
  });

  test('without records the sentence is for every format', async () => {
    expect(await render({ kind: 'done', message: 'Nothing to do.' }, 'json')).toEqual({ out: '', notes: ['Nothing to do.'] });
  });
});

describe('text', () => {
  test('the same in every format, a newline added when it has none; empty text prints nothing', async () => {
    for (const format of [...PEOPLE, 'json', 'ndjson'] as const) {
      expect((await render({ kind: 'text', text: 'https://app.test/event/edit/3' }, format)).out).toBe('https://app.test/event/edit/3\n');
      expect((await render({ kind: 'text', text: 'complete -F _rentals rentals\n' }, format)).out).toBe('complete -F _rentals rentals\n');
      expect((await render({ kind: 'text', text: '' }, format)).out).toBe('');
    }
  });

  test('with data: the text for people, the envelope for machines; the note for people only', async () => {
    const view = { kind: 'text', text: 'Updated Tent / Weekend', data: [{ action: 'update' }], note: 'Dry run: nothing was sent.' } as const;
    expect(await render(view, 'table')).toEqual({ out: 'Updated Tent / Weekend\n', notes: ['Dry run: nothing was sent.'] });
    expect(await render(view, 'json')).toEqual({ out: `${JSON.stringify({ data: [{ action: 'update' }] }, null, 2)}\n`, notes: [] });
    expect(await render(view, 'ndjson')).toEqual({ out: '{"action":"update"}\n', notes: [] });
  });
});

describe('raw (rentals api)', () => {
  test('a JSON body pretty; a text body as sent into a pipe, without control sequences at a terminal', async () => {
    expect((await render({ kind: 'raw', json: { ok: true } }, 'json')).out).toBe('{\n  "ok": true\n}\n');
    const text = { kind: 'raw', text: 'plain \u001b[31mred\u001b[0m' } as const;
    expect((await render(text, 'json')).out).toBe('plain \u001b[31mred\u001b[0m\n');
    expect((await render(text, 'json', { terminal: true })).out).toBe('plain red\n');
    expect((await render({ kind: 'raw', text: '' }, 'json')).out).toBe('');
  });
});

describe('plan (bulk --dry-run)', () => {
  const rows = Array.from({ length: 2500 }, (_, i) => `row ${i}`);
  const change = { action: 'update', resource: 'prices', id: 3, name: 'Tent\nWeekend', field: 'price', before: 10, after: 12 };
  const plan: PlanView = {
    kind: 'plan',
    lines: () => [...rows, '2500 rows'],
    records: () => rows.map((r) => JSON.stringify({ r })),
    rows: async function* () {
      yield change;
    },
    document: async function* () {
      yield '{"rows":[]}\n';
    },
  };

  test('people: every line then the totals, in chunks of 1,000 lines; ndjson: the records; json: the plan file', async () => {
    const chunks: string[] = [];
    const { renderView } = await import('../../src/output/render.js');
    for await (const chunk of renderView(plan, 'table', { color: false, terminalWidth: 0, info: () => undefined })) chunks.push(chunk);
    expect(chunks.map((c) => c.split('\n').length - 1)).toEqual([1000, 1000, 501]);
    expect(chunks.join('')).toBe(`${[...rows, '2500 rows'].join('\n')}\n`);
    expect((await render(plan, 'ndjson')).out.split('\n')[0]).toBe('{"r":"row 0"}');
    expect((await render(plan, 'json')).out).toBe('{"rows":[]}\n');
  });

  test('tsv and csv: a row per field each change touches, a name with a line break kept on its row', async () => {
    expect((await render(plan, 'tsv')).out).toBe('update\tprices\t3\tTent\\nWeekend\tprice\t10\t12\n');
    expect((await render(plan, 'csv')).out).toBe('action,resource,id,name,field,before,after\nupdate,prices,3,"Tent\nWeekend",price,10,12\n');
  });
});

describe('formats of the text kinds', () => {
  test('-o ics is refused as for any view without a calendar; html without a page', () => {
    for (const kind of ['request', 'done', 'text', 'raw', 'plan'] as const) {
      expect(() => checkFormat(kind, 'ics')).toThrow('this command prints no calendar');
      expect(() => checkFormat(kind, 'html')).toThrow('-o html is for the commands that have a page');
      if (kind !== 'raw') expect(() => checkFormat(kind, 'ndjson')).not.toThrow();
    }
    expect(() => checkFormat('stream', 'ics')).toThrow('this command prints a record list');
  });

  test('rows only where there are rows: a request, a sentence and text refuse tsv and csv; a body as sent prints json only', () => {
    for (const kind of ['request', 'done', 'text'] as const) {
      for (const format of ['table', 'json', 'ndjson'] as const) expect(() => checkFormat(kind, format)).not.toThrow();
      for (const format of ['tsv', 'csv'] as const) expect(() => checkFormat(kind, format)).toThrow(`-o ${format}: this command prints`);
    }
    for (const format of ['table', 'tsv', 'csv', 'ndjson'] as const) expect(() => checkFormat('raw', format)).toThrow(`-o ${format}: this command prints a JSON document (the body as sent): use json`);
    expect(() => checkFormat('raw', 'json')).not.toThrow();
  });
});
