// Record-by-record parsing of `{ "data": [ … ] }` from bytes agrees with JSON.parse on every valid
// body (any spacing, unicode, escapes, other keys around "data") and accepts no invalid one.

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type DataPiece, DataEnvelopeParser, EnvelopeBuilder, parseDataEnvelope, wholeDataPieces } from '../../src/api/data-envelope.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

/** Cases per property: 300 in the long run (RENTALS_LONG_TESTS), 100 otherwise (the envelopes are large: most of this file's time). */
const RUNS = process.env.RENTALS_LONG_TESTS ? 300 : 100;

describe('parseDataEnvelope', () => {
  test('agrees with JSON.parse on random envelopes (property)', () => {
    const record = fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue());
    const envelope = fc.record(
      { data: fc.array(record, { maxLength: 20 }), meta: fc.jsonValue(), total: fc.integer() },
      { requiredKeys: ['data'] },
    );
    fc.assert(
      fc.property(envelope, fc.constantFrom(undefined, 2, '\t'), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const parsed = parseDataEnvelope(bytes(text));
        expect(parsed?.envelope).toEqual(JSON.parse(text));
        expect(Object.keys(parsed!.envelope)).toEqual(Object.keys(JSON.parse(text) as object));
      }),
      { numRuns: RUNS },
    );
  });

  test('strings with quotes, backslashes, brackets and multi-byte characters', () => {
    const text = '{ "data" : [ {"a":"\\\\","b":"\\"]}[{","c":"Ünïcødé — “quotes” 😀"} , {"d":[1,{"e":null}]} ] , "x":"}" }';
    expect(parseDataEnvelope(bytes(text))?.envelope).toEqual(JSON.parse(text));
  });

  test.each([
    ['missing comma between records', '{"data":[{"a":1} {"a":2}]}'],
    ['trailing comma', '{"data":[{"a":1},]}'],
    ['truncated', '{"data":[{"a":1},{"a":'],
    ['junk after the object', '{"data":[]} x'],
    ['an invalid record', '{"data":[{"a":01}]}'],
    ['an unterminated string', '{"data":[{"a":"x}]}'],
    ['no data key', '{"items":[]}'],
    ['data not an array', '{"data":{}}'],
    ['a repeated data key', '{"data":[{"a":1}],"data":[]}'],
    ['not an object', '[{"a":1}]'],
  ])('%s → undefined (the caller falls back to JSON.parse and its message)', (_name, text) => {
    expect(parseDataEnvelope(bytes(text))).toBeUndefined();
  });
});

describe('DataEnvelopeParser', () => {
  /** The pieces of `text` fed in chunks cut at `cuts`, built back into an envelope. */
  function streamed(text: string, cuts: number[]): { envelope: Record<string, unknown>; pieces: DataPiece[] } {
    const all = bytes(text);
    const parser = new DataEnvelopeParser();
    const built = new EnvelopeBuilder();
    const pieces: DataPiece[] = [];
    let from = 0;
    for (const cut of [...cuts.map((c) => c % (all.length + 1)).sort((a, b) => a - b), all.length]) {
      for (const piece of parser.push(all.subarray(from, Math.max(from, cut)))) {
        pieces.push(piece);
        built.add(piece);
      }
      from = Math.max(from, cut);
    }
    parser.end();
    return { envelope: built.envelope, pieces };
  }

  test('agrees with JSON.parse wherever the chunks are cut (property)', () => {
    const record = fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue());
    const envelope = fc.record({ meta: fc.jsonValue(), data: fc.array(record, { maxLength: 20 }), total: fc.integer() }, { requiredKeys: ['data'] });
    fc.assert(
      fc.property(envelope, fc.array(fc.nat(), { maxLength: 12 }), fc.constantFrom(undefined, 2), (value, cuts, indent) => {
        const text = JSON.stringify(value, null, indent);
        const { envelope: built } = streamed(text, cuts);
        expect(built).toEqual(JSON.parse(text));
        expect(Object.keys(built)).toEqual(Object.keys(JSON.parse(text) as object));
      }),
      { numRuns: RUNS },
    );
  });

  test('gives the fields around the records in order, and the records as they complete', () => {
    const { pieces } = streamed('{"total":2,"data":[{"id":1},{"id":2}],"next":null}', [27]);
    expect(pieces).toEqual([
      { kind: 'field', name: 'total', value: 2 },
      { kind: 'data-start' },
      { kind: 'records', records: [{ id: 1 }] },
      { kind: 'records', records: [{ id: 2 }] },
      { kind: 'data-end' },
      { kind: 'field', name: 'next', value: null },
    ]);
  });

  test.each([
    ['cut off', '{"data":[{"id":1}', /not JSON/],
    ['an entry that is not an object', '{"data":[{"id":1},2]}', /not an object/],
    ['no data array', '{"data":{}}', /no "data" array/],
    ['not JSON', '<html>', /not JSON/],
    ['no data key', '{"items":[]}', /no "data" array/],
  ])('%s is an error', (_name, text, message) => {
    expect(() => streamed(text, [5])).toThrow(message);
  });
});

describe('wholeDataPieces', () => {
  /** The parser's pieces for the body, its record runs joined into one; or its error. */
  const parserPieces = (text: string): DataPiece[] | Error => {
    try {
      const parser = new DataEnvelopeParser();
      const pieces = parser.push(bytes(text));
      parser.end();
      const records = pieces.flatMap((piece) => (piece.kind === 'records' ? piece.records : []));
      const rest: DataPiece[] = pieces.filter((piece) => piece.kind !== 'records');
      const start = rest.findIndex((piece) => piece.kind === 'data-start');
      if (start >= 0 && records.length > 0) rest.splice(start + 1, 0, { kind: 'records', records });
      return rest;
    } catch (error) {
      return error as Error;
    }
  };

  test('gives what the parser gives whenever it answers, and answers for a plain list (property)', () => {
    const record = fc.dictionary(fc.constantFrom('id', 'name', 'data', 'Links', '0', 'x\u0064'), fc.jsonValue());
    const envelope = fc.oneof(
      fc.record({ data: fc.array(record, { maxLength: 8 }) }),
      fc.record({ data: fc.array(record, { maxLength: 8 }), meta: fc.jsonValue() }, { requiredKeys: ['data'] }),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(envelope, fc.constantFrom(undefined, 2), (value, indent) => {
        const text = JSON.stringify(value, null, indent) ?? 'null';
        const whole = wholeDataPieces(bytes(text));
        if (whole !== undefined) expect(whole).toEqual(parserPieces(text));
        const plain = text.split('"data"').length === 2 && !text.includes('\\u') && Object.keys(value as object).length === 1;
        if (plain && Array.isArray((value as { data?: unknown }).data)) expect(whole).toBeDefined();
      }),
      { numRuns: RUNS },
    );
  });

  test.each([
    ['"data" twice (the parser refuses it; JSON.parse keeps the last)', '{"data":[{"id":1}],"data":[]}'],
    ['"data" with an escape, twice', '{"data":[],"\\u0064ata":[{"id":1}]}'],
    ['another field (given in its place by the parser)', '{"total":1,"data":[{"id":1}]}'],
    ['an entry that is not an object', '{"data":[{"id":1},2]}'],
    ['not JSON', '{"data":[{"id":1}'],
  ])('leaves %s to the parser', (_name, text) => {
    expect(wholeDataPieces(bytes(text))).toBeUndefined();
  });

  test('a plain list: its records in one run', () => {
    expect(wholeDataPieces(bytes('{ "data": [ {"id":1}, {"id":2,"data":null} ] }'))).toBeUndefined(); // "data" twice in the bytes: left to the parser
    expect(wholeDataPieces(bytes('{"data":[{"id":1},{"id":2}]}'))).toEqual([{ kind: 'data-start' }, { kind: 'records', records: [{ id: 1 }, { id: 2 }] }, { kind: 'data-end' }]);
  });
});
