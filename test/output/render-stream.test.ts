// A list rendered as it is read prints what the whole body would: -o json the same bytes as
// JSON.stringify(body, null, 2), the row formats the same lines, wherever the chunks were cut.

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DataEnvelopeParser, type DataPiece } from '../../src/api/data-envelope.js';
import { escapeJsonControl } from '../../src/common/sanitize.js';
import { renderRecordStream } from '../../src/output/render-stream.js';
import type { ViewFormat } from '../../src/output/views.js';

async function* piecesOf(text: string, cut: number): AsyncGenerator<DataPiece> {
  const bytes = Buffer.from(text);
  const parser = new DataEnvelopeParser();
  yield* parser.push(bytes.subarray(0, cut));
  yield* parser.push(bytes.subarray(cut));
  parser.end();
}

async function rendered(text: string, format: ViewFormat, cut: number, fields?: string[]): Promise<string> {
  const view = { kind: 'stream' as const, pieces: piecesOf(text, cut), row: (record: Record<string, unknown>) => record, columns: ['id', 'name'] };
  let out = '';
  for await (const chunk of renderRecordStream(view, format, { fields, color: false, terminalWidth: 0, info: () => undefined })) out += chunk;
  return out;
}

describe('renderRecordStream', () => {
  test('-o json prints JSON.stringify(body, null, 2) (property)', async () => {
    const record = fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 });
    const body = fc.record({ meta: fc.jsonValue(), data: fc.array(record, { maxLength: 8 }), total: fc.integer() }, { requiredKeys: ['data'] });
    await fc.assert(
      fc.asyncProperty(body, fc.nat(), async (value, cut) => {
        const text = JSON.stringify(value);
        expect(await rendered(text, 'json', cut % (text.length + 1))).toBe(`${escapeJsonControl(JSON.stringify(JSON.parse(text), null, 2))}\n`);
      }),
      { numRuns: 200 },
    );
  });

  test('DEL and C1 characters are escaped as in every JSON printed (the same JSON value)', async () => {
    const text = '{"data":[{"id":1,"name":"Tent\\u009b2J\\u007f"}]}';
    expect(await rendered(text, 'ndjson', 10)).toBe('{"id":1,"name":"Tent\\u009b2J\\u007f"}\n');
    expect(await rendered(text, 'json', 10)).toContain('"name": "Tent\\u009b2J\\u007f"');
    expect(JSON.parse(await rendered(text, 'json', 10))).toEqual(JSON.parse(text));
  });

  test('ndjson, csv and tsv print a line per record', async () => {
    const text = '{"data":[{"id":1,"name":"Tent, large"},{"id":2,"name":"Chair\\tred"}]}';
    expect(await rendered(text, 'ndjson', 20)).toBe('{"id":1,"name":"Tent, large"}\n{"id":2,"name":"Chair\\tred"}\n');
    expect(await rendered(text, 'ndjson', 20, ['name'])).toBe('{"name":"Tent, large"}\n{"name":"Chair\\tred"}\n');
    expect(await rendered(text, 'csv', 20)).toBe('id,name\n1,"Tent, large"\n2,"Chair\tred"\n');
    expect(await rendered(text, 'tsv', 20)).toBe('1\tTent, large\n2\tChair\\tred\n');
  });

  test('an empty list: json keeps "data": [], csv its header', async () => {
    expect(await rendered('{"data":[]}', 'json', 3)).toBe('{\n  "data": []\n}\n');
    expect(await rendered('{"data":[]}', 'csv', 3)).toBe('id,name\n');
    expect(await rendered('{"data":[]}', 'ndjson', 3)).toBe('');
  });
});
