import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type InputFormat, detectFormat, parseInputText } from '../../src/bulk/input/index.js';
import { chunksOf, readAll } from './input-fixtures.js';

function csv(text: string) {
  return parseInputText(text, { file: 'prices.csv', format: 'csv' });
}


/** The same text fed 1, 2, 3 … characters at a time must parse the same. */
async function expectChunkingIrrelevant(text: string, format?: InputFormat): Promise<void> {
  const whole = await readAll(chunksOf(text, text.length || 1), format);
  for (const size of [1, 2, 3, 5, 7]) {
    expect(await readAll(chunksOf(text, size), format)).toEqual(whole);
  }
}

describe('CSV', () => {
  it('reads a header and rows with their physical line numbers', () => {
    const { rows, columns } = csv('inventoryId,rentalBlockId,price\n3,2,120\n4,2,99.5\n');
    expect(columns).toEqual(['inventoryId', 'rentalBlockId', 'price']);
    expect(rows).toEqual([
      { line: 2, values: { inventoryId: '3', rentalBlockId: '2', price: '120' } },
      { line: 3, values: { inventoryId: '4', rentalBlockId: '2', price: '99.5' } },
    ]);
  });

  it('quotes: embedded commas, escaped quotes, embedded newlines (which count as lines)', () => {
    const text = 'inventoryName,price\n"Tent, 20x20",120\n"The ""Big"" one",5\n"Two\nline\r\nname",7\nLast,8\n';
    const { rows } = csv(text);
    expect(rows.map((r) => [r.line, r.values.inventoryName, r.values.price])).toEqual([
      [2, 'Tent, 20x20', '120'],
      [3, 'The "Big" one', '5'],
      [4, 'Two\nline\r\nname', '7'],
      [7, 'Last', '8'],
    ]);
  });

  it('strips a UTF-8 BOM from the first header name', async () => {
    const { columns } = await readAll(chunksOf('\uFEFFid,price\n1,2\n', 100));
    expect(columns).toEqual(['id', 'price']);
    const bytes = new TextEncoder().encode('\uFEFFid,price\n1,2\n');
    const fromBytes = await readAll((async function* () { yield bytes; })());
    expect(fromBytes.columns).toEqual(['id', 'price']);
    expect(fromBytes.rows[0]!.values).toEqual({ id: '1', price: '2' });
  });

  it('CRLF, lone CR and LF line ends', () => {
    expect(csv('id,price\r\n1,2\r\n3,4\r\n').rows.map((r) => [r.line, r.values.id])).toEqual([
      [2, '1'],
      [3, '3'],
    ]);
    expect(csv('id,price\r1,2\r3,4').rows.map((r) => [r.line, r.values.id])).toEqual([
      [2, '1'],
      [3, '3'],
    ]);
  });

  it('skips blank lines and rows of empty cells, keeping line numbers true', () => {
    const { rows } = csv('\n\nid,price\n\n1,2\n,\n   \r\n3,4\n\n');
    expect(rows.map((r) => [r.line, r.values.id])).toEqual([
      [5, '1'],
      [8, '3'],
    ]);
  });

  it('a line of blank cells is blank too', () => {
    expect(csv('id,price\n   \n" ",\t\n').rows).toEqual([]);
  });

  it('a last line without a line end', () => {
    expect(csv('id,price\n1,2').rows).toEqual([{ line: 2, values: { id: '1', price: '2' } }]);
  });

  it('reports ragged rows, tolerating trailing empty cells', () => {
    const { rows } = csv('id,price\n1,2,3\n4\n5,6,,\n');
    expect(rows[0]).toMatchObject({ line: 2, problem: expect.stringMatching(/has 3 fields, the header has 2/) });
    expect(rows[1]).toMatchObject({ line: 3, problem: expect.stringMatching(/has 1 fields, the header has 2/) });
    expect(rows[2]).toEqual({ line: 4, values: { id: '5', price: '6' } });
  });

  it('reports a quoted field that never closes, at the line it opened', () => {
    const { rows } = csv('id,name\n1,ok\n2,"never\nclosed\n');
    expect(rows[1]).toEqual({ line: 3, values: {}, problem: expect.stringMatching(/never closed/) });
  });

  it('reports a header that names a column twice, and an empty input', () => {
    expect(csv('id,price,price\n1,2,3\n').issues).toEqual([
      { line: 1, rule: 'the header names column "price" twice (columns 2 and 3)' },
    ]);
    expect(csv('').issues[0]!.rule).toMatch(/empty: a header row is required/);
    expect(csv('\n\n').rows).toEqual([]);
  });

  it('trims header names; keeps cell text as written (rules trim later)', () => {
    const { rows } = csv(' id , price \n 1 , 2 \n');
    expect(rows[0]!.values).toEqual({ id: ' 1 ', price: ' 2 ' });
  });

  it('leniently keeps stray quotes in unquoted fields and text after a closing quote', () => {
    const { rows } = csv('a,b\n5" tent,"x"y\n');
    expect(rows[0]!.values).toEqual({ a: '5" tent', b: 'xy' });
  });

  it('parses any text the same whole (its plain lines split at once) as a character at a time (property)', async () => {
    const text = fc.array(fc.constantFrom('a', 'b', ' ', ',', ';', '\t', '"', '\r', '\n', '\r\n', "'=x", 'é'), { maxLength: 60 }).map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('a,b,c\n', 'a;b;c\r\n', 'a,b\n\n', ''), text, async (header, body) => expectChunkingIrrelevant(header + body)),
      { numRuns: 200 },
    );
  });

  it('parses the same whatever the chunk boundaries (CRLF, quotes, BOM split)', async () => {
    await expectChunkingIrrelevant('\uFEFFid,name,price\r\n1,"a ""q"", b",2\r\n\r\n3,"multi\r\nline",4\r\n5,x,6');
  });
});

describe('NDJSON', () => {
  it('one object per line; blank lines skipped; line numbers kept', () => {
    const { format, rows } = parseInputText('{"id":1,"price":2}\n\n  \n{"id":3,"price":"4.5"}\r\n', { file: 'p.ndjson' });
    expect(format).toBe('json'); // detected: JSON values, of which NDJSON is one layout
    expect(rows).toEqual([
      { line: 1, values: { id: 1, price: 2 } },
      { line: 4, values: { id: 3, price: '4.5' } },
    ]);
  });

  it('bad JSON and non-objects are row problems', () => {
    const { rows } = parseInputText('{"id":1}\n{"id":\n[1,2]\n', { file: 'p', format: 'ndjson' });
    expect(rows[1]).toMatchObject({ line: 2, problem: expect.stringMatching(/not valid JSON/) });
    expect(rows[2]).toMatchObject({ line: 3, problem: 'must be a JSON object (got an array)' });
  });

  it('parses the same whatever the chunk boundaries', async () => {
    await expectChunkingIrrelevant('{"id":1,"n":"a\\nb"}\n{"id":2}\r\n\n{"id":3}', 'ndjson');
  });
});

describe('CSV separators', () => {
  it('; when the header line has more ; than , (quoted text aside); , otherwise; --delimiter decides', async () => {
    const semicolons = 'inventoryId;inventoryName;price\n3;"Tent, 20x20; white";120,50\n';
    expect(csv(semicolons).rows).toEqual([{ line: 2, values: { inventoryId: '3', inventoryName: 'Tent, 20x20; white', price: '120,50' } }]);
    expect(csv('"a;b",price\n1,2\n').columns).toEqual(['a;b', 'price']);
    expect(parseInputText('id;price\n1;2\n', { file: 'p', format: 'csv', delimiter: ',' }).columns).toEqual(['id;price']);
    expect(parseInputText('id\tprice\n1\t2\n', { file: 'p', format: 'csv', delimiter: '\t' }).rows[0]!.values).toEqual({ id: '1', price: '2' });
    await expectChunkingIrrelevant(`\r\n\r\n${semicolons}`, 'csv');
    expect(csv('id;price').columns).toEqual(['id', 'price']); // a header alone, no line end
  });

  it('a tab when the header line has more tabs than commas and semicolons (-o tsv, Excel\'s Unicode text)', () => {
    expect(csv('id\tname\tprice\n1\tTent, white\t2\n').rows).toEqual([{ line: 2, values: { id: '1', name: 'Tent, white', price: '2' } }]);
    expect(csv('id,name\tx\n1,a\tb\n').columns).toEqual(['id', 'name\tx']);
  });
});

describe('JSON array', () => {
  it('each element keeps the line it starts on', () => {
    const text = '[\n  {"id": 1, "price": 2},\n  {\n    "id": 3,\n    "name": "a ] tricky, \\"one\\" {"\n  },\n  {"id": 5}\n]\n';
    const { format, rows, issues } = parseInputText(text, { file: 'p.json' });
    expect(format).toBe('json');
    expect(issues).toEqual([]);
    expect(rows).toEqual([
      { line: 2, index: 0, values: { id: 1, price: 2 } },
      { line: 3, index: 1, values: { id: 3, name: 'a ] tricky, "one" {' } },
      { line: 7, index: 2, values: { id: 5 } },
    ]);
  });

  it('nested values, an empty array, and non-object elements', () => {
    expect(parseInputText('[{"a":{"b":[1,{"c":2}]}}]', { file: 'p' }).rows).toEqual([
      { line: 1, index: 0, values: { a: { b: [1, { c: 2 }] } } },
    ]);
    expect(parseInputText('[]', { file: 'p' }).rows).toEqual([]);
    const { rows } = parseInputText('[1, "x", {"id": 2}]', { file: 'p' });
    expect(rows.map((r) => r.problem ?? 'ok')).toEqual(['must be a JSON object (got 1)', 'must be a JSON object (got "x")', 'ok']);
  });

  it('reports a truncated array and text after it', () => {
    expect(parseInputText('[{"id":1},\n{"id":2', { file: 'p' }).issues[0]!.rule).toMatch(/not closed/);
    expect(parseInputText('[{"id":1}] x', { file: 'p' }).issues[0]!.rule).toMatch(/^expected JSON: .*\(got "x"\)/);
    expect(parseInputText('id,price', { file: 'p', format: 'json' }).issues[0]!.rule).toMatch(/^expected JSON: .*\(got "id,price"\)/);
  });

  it('parses the same whatever the chunk boundaries', async () => {
    await expectChunkingIrrelevant('[\r\n{"id":1,"s":"\\\\\\"]"},\n{"id":2,"t":[{}]}\n]', 'json');
  });

  it('refuses a trailing comma, as JSON.parse does', () => {
    const { issues } = parseInputText('[\n{"id":1},\n{"id":2},\n]', { file: 'p' });
    expect(issues).toEqual([{ line: 4, rule: 'a comma before "]" (a trailing comma) is not valid JSON: remove it' }]);
    expect(parseInputText('[{"id":1}]', { file: 'p' }).issues).toEqual([]);
  });
});

describe('format detection', () => {
  it.each([
    ['[{"id":1}]', 'json'],
    ['  \n {"id":1}', 'json'],
    ['id,price\n', 'csv'],
    ['', 'csv'],
  ])('%j → %s', (text, format) => {
    expect(detectFormat(text)).toBe(format);
  });

  it('looks past leading blank chunks, and an override wins', async () => {
    async function* parts() {
      yield '\n';
      yield '  ';
      yield '{"id":1}\n';
    }
    expect((await readAll(parts())).format).toBe('json');
    expect((await readAll(chunksOf('{"id":1}', 4), 'csv')).format).toBe('csv');
  });

  it('decodes multi-byte characters split across byte chunks', async () => {
    const bytes = new TextEncoder().encode('name,price\nZelt für 20 ☂,5\n');
    async function* byteChunks() {
      for (let i = 0; i < bytes.length; i += 3) yield bytes.slice(i, i + 3);
    }
    const { rows } = await readAll(byteChunks());
    expect(rows[0]!.values.name).toBe('Zelt für 20 ☂');
  });
});

describe('size', () => {
  it('10,000 CSV rows stream through', async () => {
    const lines = ['inventoryId,inventoryName,rentalBlockId,pricingType,price,id'];
    for (let i = 1; i <= 10_000; i++) lines.push(`${i},"Item, ${i}",2,Weekend,${i}.50,${i}`);
    const { rows } = await readAll(chunksOf(lines.join('\r\n'), 65_536));
    expect(rows).toHaveLength(10_000);
    expect(rows[9_999]).toEqual({
      line: 10_001,
      values: { inventoryId: '10000', inventoryName: 'Item, 10000', rentalBlockId: '2', pricingType: 'Weekend', price: '10000.50', id: '10000' },
    });
  });
});
