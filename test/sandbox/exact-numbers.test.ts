// Number literals a double cannot hold as sent are found in the body's text (JSON.parse would round them).

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { inexactNumber } from '../../src/sandbox/exact-numbers.js';

describe('inexactNumber', () => {
  test.each([
    ['{"price":12.5,"id":3,"q":-0,"x":1e3,"y":0.1,"z":2.5e-7}', undefined],
    ['{"price":0.100000000000000001}', '0.100000000000000001'],
    ['{"price":1e400}', '1e400'],
    ['{"id":99999999999999999999}', '99999999999999999999'],
    ['{"note":"1e400 in a string \\" 0.100000000000000001","n":[1,2.000]}', undefined],
    ['[{"a":"\\\\","b":123456789012345678}]', '123456789012345678'],
  ])('%s → %s', (json, expected) => {
    JSON.parse(json);
    expect(inexactNumber(json)).toBe(expected);
  });

  test('every double written the way JSON.stringify writes it is exact', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(inexactNumber(JSON.stringify({ n }))).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
  });
});
