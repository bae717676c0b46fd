import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, test } from 'vitest';
import { padToWidth, textWidth, truncateToWidth } from '../../src/output/width.js';

/** Characters from every branch of the fast path and from string-width's (emoji, ZWJ, flags, marks). */
const UNITS = [
  'a', 'Z', ' ', '~', '\t', '\n', '\u0007', '\u0085', '\u00ad', 'é', 'ß', 'Ł', '\u0301', '\u036f', 'Ω', 'Ж', '\u0483', 'ԯ',
  'ẞ', '‐', '—', '“', '…', '\u2028', '\u200b', '\u200d', '、', '〩', '\u302a', 'ぁ', 'ゖ', '\u3099', 'ア', 'ヿ', '㐀', '一', '鿿',
  '가', '힣', '！', '～', '｡', 'ｶ', 'ﾞ', '￠', '￦', '🎪', '👍🏽', '👨‍👩‍👧', '🇫🇷', '❤️', '1️⃣', 'ᄀ', 'ᅡ', '\u001b[31m', '\u001b[0m', '😀', 'Ａ',
];

describe('textWidth', () => {
  test('agrees with string-width on any mix of characters', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...UNITS), { maxLength: 12 }), (units) => {
        const text = units.join('');
        expect(textWidth(text)).toBe(stringWidth(text));
      }),
      { numRuns: 2000 },
    );
  });

  test.each([
    ['Tent 20x20', 10],
    ['帐篷 大号', 9],
    ['🎪 Tent', 7],
    ['Café', 4],
    ['e\u0301', 1],
    ['\u001b[1mbold\u001b[22m', 4],
  ])('%j is %i columns', (text, width) => {
    expect(textWidth(text)).toBe(width);
  });
});

describe('truncateToWidth', () => {
  test('never wider than asked, never splits a character, ends in … when cut', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...UNITS.filter((u) => !u.startsWith('\u001b'))), { maxLength: 12 }), fc.integer({ min: 1, max: 20 }), (units, width) => {
        const text = units.join('');
        const cut = truncateToWidth(text, width);
        expect(textWidth(cut)).toBeLessThanOrEqual(width);
        if (cut === text) return;
        expect(cut.endsWith('…')).toBe(true);
        expect(text.startsWith(cut.slice(0, -1))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  test('CJK is cut by columns, not characters', () => {
    expect(truncateToWidth('日本語のテキスト', 7)).toBe('日本語…');
    expect(padToWidth('日本', 6)).toBe('日本  ');
  });
});
