// JSON input read as jq reads it: a stream of whole values separated by any whitespace, each a
// record, an array of records, or the `{ "data": [ … ] }` document `--json` prints.

import { describe, expect, it } from 'vitest';
import { type InputRow, openInput, parseInputText } from '../../src/bulk/input/index.js';
import { chunksOf, readAll } from './input-fixtures.js';


async function expectChunkingIrrelevant(text: string): Promise<void> {
  const whole = await readAll(chunksOf(text, text.length || 1));
  for (const size of [1, 2, 3, 5, 7]) expect(await readAll(chunksOf(text, size))).toEqual(whole);
}

const read = (text: string) => parseInputText(text, { file: '(stdin)' });

describe('JSON values as jq reads them', () => {
  it('pretty-printed objects (jq without -c) are one record each, at the line each starts', () => {
    const text = '{\n  "id": 1,\n  "price": 2\n}\n{\n  "id": 3,\n  "name": "a } tricky { \\"one\\""\n}\n';
    const { rows, issues } = read(text);
    expect(issues).toEqual([]);
    expect(rows).toEqual([
      { line: 1, values: { id: 1, price: 2 } },
      { line: 5, values: { id: 3, name: 'a } tricky { "one"' } },
    ]);
  });

  it('several values on one line are told apart by their index there; one per line (NDJSON) has none', async () => {
    const text = '{"id":1} {"id":2}{"id":3}\n{"id":4}\n{"id":5} {"id":6}';
    expect(read(text).rows).toEqual([
      { line: 1, index: 0, values: { id: 1 } },
      { line: 1, index: 1, values: { id: 2 } },
      { line: 1, index: 2, values: { id: 3 } },
      { line: 2, values: { id: 4 } },
      { line: 3, index: 0, values: { id: 5 } },
      { line: 3, index: 1, values: { id: 6 } },
    ]);
    await expectChunkingIrrelevant(text);
  });

  it('a value and an array on one line: every row of the line has its own place', () => {
    const places = (text: string) => read(text).rows.map((row) => [row.line, row.index]);
    expect(places('{"id":1} [{"id":2},{"id":3}]')).toEqual([
      [1, undefined],
      [1, 0],
      [1, 1],
    ]);
    expect(places('[{"id":1},{"id":2}] {"id":3}')).toEqual([
      [1, 0],
      [1, 1],
      [1, 2],
    ]);
  });

  it('two arrays on one line, or values then an array, would give two rows one place: the input is refused, not read', () => {
    for (const text of ['[{"id":1}] [{"id":2}]', '{"id":1} {"id":2} [{"id":3}]', '[{"id":1},{"id":2}]  [{"id":3}]\n']) {
      const { issues } = read(text);
      expect(issues, text).toEqual([{ line: 1, rule: expect.stringMatching(/line of its own/) }]);
    }
  });

  it('an array of records: each element a row, with its line and its index', () => {
    const { rows, issues } = read('[{"id":1},{"id":2}]\n[\n  {"id":3}\n]');
    expect(issues).toEqual([]);
    expect(rows).toEqual([
      { line: 1, index: 0, values: { id: 1 } },
      { line: 1, index: 1, values: { id: 2 } },
      { line: 3, index: 0, values: { id: 3 } },
    ]);
  });

  it("the tool's own --json document: { \"data\": [ … ] } gives its records, and { \"data\": { … } } its one", () => {
    const list = '{\n  "data": [\n    {\n      "id": 1,\n      "name": "Tent"\n    },\n    {\n      "id": 2\n    }\n  ]\n}\n';
    expect(read(list).rows).toEqual([
      { line: 3, index: 0, values: { id: 1, name: 'Tent' } },
      { line: 7, index: 1, values: { id: 2 } },
    ]);
    expect(read('{ "data": { "id": 7, "name": "Chair" } }').rows).toEqual([{ line: 1, values: { id: 7, name: 'Chair' } }]);
    expect(read('{"data":[],"meta":{"count":0}}').rows).toEqual([]);
  });

  it("an error names the line where the value starts and, in an array, the element's index", () => {
    const { rows } = read('[{"id":1},{"id":2,},{"id":3}]\n{\n  "id": 4,\n  "price": x\n}\n7\n');
    expect(rows.map((r) => [r.line, r.index, r.problem ?? 'ok'])).toEqual([
      [1, 0, 'ok'],
      [1, 1, expect.stringMatching(/^is not valid JSON/)],
      [1, 2, 'ok'],
      [2, undefined, expect.stringMatching(/^is not valid JSON/)],
      [6, undefined, expect.stringMatching(/^must be a JSON object.*got 7/)],
    ]);
  });

  it('a value the input ends inside is named by the line it starts on', () => {
    expect(read('{"id":1}\n{\n  "id": 2,\n').issues).toEqual([{ line: 2, rule: expect.stringMatching(/ends inside the JSON value that starts here/) }]);
    expect(read('[{"id":1},\n{"id":2').issues[0]!.rule).toMatch(/ends inside/);
  });

  it('NDJSON with a line cut short: that line is one invalid row, and the lines after it are rows', async () => {
    const text = '{"id":52,"price":36}\n{"id":53,"price":51\n{"id":54,"price":96}\n';
    const { rows, issues } = read(text);
    expect(issues).toEqual([]);
    expect(rows.map((r) => [r.line, r.values.id, r.problem ?? 'ok'])).toEqual([
      [1, 52, 'ok'],
      [2, undefined, expect.stringMatching(/^is not valid JSON/)],
      [3, 54, 'ok'],
    ]);
    await expectChunkingIrrelevant(text);
  });

  it('NDJSON whose first line, or a line whose braces a later line closes, is broken: each line still its own row', () => {
    const first = read('{"id":1,"price":\n{"id":2}\n{"id":3}');
    expect(first.issues).toEqual([]);
    expect(first.rows.map((r) => [r.line, r.problem ?? r.values.id])).toEqual([
      [1, expect.stringMatching(/^is not valid JSON/)],
      [2, 2],
      [3, 3],
    ]);
    const closedLater = read('{"id":1}\n{"id":2,"price":5\n{"id":3}}\n{"id":4}\n');
    expect(closedLater.issues).toEqual([]);
    expect(closedLater.rows.map((r) => [r.line, r.problem === undefined ? r.values.id : 'invalid'])).toEqual([
      [1, 1],
      [2, 'invalid'],
      [3, 'invalid'],
      [4, 4],
    ]);
  });

  it('a pretty-printed document cut short is a problem of the input, named by the line it starts on, not a row', () => {
    const { rows, issues } = read('{\n  "id": 1,\n  "price": 3');
    expect(rows).toEqual([]);
    expect(issues).toEqual([{ line: 1, rule: expect.stringMatching(/ends inside the JSON value that starts here.*truncated/) }]);
    const after = read('{\n  "id": 1\n}\n{\n  "id": 2,\n  "price": {"amount": 3\n');
    expect(after.rows).toEqual([{ line: 1, values: { id: 1 } }]);
    expect(after.issues).toEqual([{ line: 4, rule: expect.stringMatching(/ends inside/) }]);
  });

  it('streams a large { "data": [ … ] } document: its rows come out before the input ends', async () => {
    let sent = 0;
    async function* endless() {
      yield '{\n  "data": [\n';
      for (;;) {
        sent++;
        yield `    {"id": ${sent}},\n`;
      }
    }
    const input = await openInput(endless(), { file: 'in' });
    const first: InputRow[] = [];
    for await (const row of input.rows) {
      first.push(row);
      if (first.length === 3) break;
    }
    expect(first.map((r) => r.values.id)).toEqual([1, 2, 3]);
    expect(sent).toBeLessThan(10);
  });

  it('detects JSON by a leading { or [, and parses the same whatever the chunk boundaries', async () => {
    expect((await readAll(chunksOf('\n  {\n "id": 1\n}\n', 3))).rows).toEqual([{ line: 2, values: { id: 1 } }]);
    await expectChunkingIrrelevant('{\n "id": 1, "s": "\\\\\\"}"\n} {"id":2}\r\n[{"id":3},\n {"id":[{}]}]\n{"data": [{"id": 5}], "x": "]}"}\n');
  });

  it('--format ndjson stays one object per line', () => {
    const { rows } = parseInputText('{"id":1}\n{"id":\n[1,2]\n', { file: 'p', format: 'ndjson' });
    expect(rows.map((r) => [r.line, r.problem ?? 'ok'])).toEqual([
      [1, 'ok'],
      [2, expect.stringMatching(/not valid JSON/)],
      [3, 'must be a JSON object (got an array)'],
    ]);
  });
});

describe('JSON values, any text', () => {
  it('ends, and parses the same whatever the chunk boundaries (property)', async () => {
    const { default: fc } = await import('fast-check');
    const text = fc.array(fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', ' ', '\n', 'a', '1', '"data"', '{"data":[', '{"id":1}'), { maxLength: 40 }).map((parts) => parts.join(''));
    await fc.assert(fc.asyncProperty(text, async (body) => expectChunkingIrrelevant(`{${body}`)), { numRuns: 200 });
  });
});
