// Record-by-record parsing of `{ "data": [ … ] }` from bytes agrees with JSON.parse on every valid
// body (any spacing, unicode, escapes, other keys around "data") and accepts no invalid one.

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseDataEnvelope } from '../../src/api/data-envelope.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

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
      { numRuns: 300 },
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
