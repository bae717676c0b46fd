// fast-check arbitraries for the value rules (schemas/values.ts), shared by the property tests of
// the rules themselves, of the CLI (refused before sending) and of the sandbox (round trip).

import fc from 'fast-check';
import { DECIMAL_MAX_INTEGER_DIGITS, DECIMAL_MAX_PLACES } from '../../src/schemas/values.js';

const LIMIT = 10n ** BigInt(DECIMAL_MAX_INTEGER_DIGITS);

/** Decimal text inside the limits: 0 ≤ x < 10^11, at most 4 places (trailing zeros allowed). */
export const decimalInside: fc.Arbitrary<string> = fc
  .tuple(fc.bigInt({ min: 0n, max: LIMIT - 1n }), fc.stringMatching(new RegExp(`^\\d{0,${DECIMAL_MAX_PLACES}}0{0,3}$`)))
  .map(([whole, fraction]) => (fraction === '' ? String(whole) : `${whole}.${fraction}`));

/** Decimal text ≥ 10^11 (up to 400 digits, the example), any places. */
export const decimalTooLarge: fc.Arbitrary<string> = fc
  .tuple(fc.bigInt({ min: LIMIT, max: 10n ** 400n }), fc.stringMatching(/^(\.\d{1,3})?$/))
  .map(([whole, fraction]) => `${whole}${fraction}`);

/** Decimal text below 10^11 with a significant fifth (or later) decimal place. */
export const decimalTooPrecise: fc.Arbitrary<string> = fc
  .tuple(fc.bigInt({ min: 0n, max: LIMIT - 1n }), fc.stringMatching(new RegExp(`^\\d{${DECIMAL_MAX_PLACES},16}[1-9]$`)))
  .map(([whole, fraction]) => `${whole}.${fraction}`);

/** The exact value of plain decimal text, for comparing without floats: leading and trailing zeros dropped. */
export function exactDecimal(text: string): string {
  const [whole = '', fraction = ''] = text.split('.');
  const w = whole.replace(/^0+(?=\d)/, '');
  const f = fraction.replace(/0+$/, '');
  return f === '' ? w : `${w}.${f}`;
}

const SPECIAL = ['"', "'", '\\', '\t', '\n', '\r', '\r\n', ' ', ',', ';', '|', '`', '$(x)', 'é', 'ß', 'Ω', '中', '😀', '👩‍👩‍👧', '\u2028', '\u00a0', '\u200b'];

/** Text with unicode, quotes, tabs and newlines; never blank (names are required). */
export function textWith(options: { maxLength: number; binary?: boolean }): fc.Arbitrary<string> {
  const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)); // lone surrogates too
  const unit = fc.oneof(fc.constantFrom(...SPECIAL), options.binary ? anyCodePoint : fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }));
  return fc
    .string({ unit, minLength: 1, maxLength: options.maxLength })
    .filter((s) => s.trim() !== '' && [...s].length <= options.maxLength);
}
