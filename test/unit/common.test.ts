// The helpers every layer shares (src/common) and the "did you mean" prefix rule.

import { describe, expect, test } from 'vitest';
import { isObject } from '../../src/common/objects.js';
import { truncate } from '../../src/common/text.js';
import { isHttpUrl } from '../../src/common/urls.js';
import { didYouMean, prefixMatches } from '../../src/cli/registry/suggest.js';

describe('src/common', () => {
  test('truncate keeps short text, ends long text with an ellipsis, never splits a code point', () => {
    expect(truncate('Tent', 4)).toBe('Tent');
    expect(truncate('Tent 20x20', 5)).toBe('Tent…');
    expect(truncate('🎪🎪🎪', 2)).toBe('🎪…');
    expect(truncate('abc', 0)).toBe('…');
  });

  test('isHttpUrl takes absolute http(s) URLs only', () => {
    expect(isHttpUrl('https://api.example.com')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1:4010/x')).toBe(true);
    for (const bad of ['api.example.com', 'ftp://x', 'file:///etc/passwd', 'javascript:alert(1)', '', 'https://']) expect(isHttpUrl(bad)).toBe(false);
  });

  test('isObject is a JSON object, not null or an array', () => {
    expect(isObject({})).toBe(true);
    for (const value of [null, [], 'x', 1, undefined]) expect(isObject(value)).toBe(false);
  });
});

describe('did you mean', () => {
  const flags = ['--quantity-available', '--name', '--active', '--customer-address1', '--customer-address2'];

  test('a flag that starts real ones', () => {
    expect(prefixMatches('--quantity', flags)).toEqual(['--quantity-available']);
    expect(prefixMatches('--quantity=3', flags)).toEqual(['--quantity-available']);
    expect(prefixMatches('--customer-address', flags)).toEqual(['--customer-address1', '--customer-address2']);
  });

  test('no suggestion for a real flag, a too-short prefix or a short flag', () => {
    expect(prefixMatches('--name', flags)).toEqual([]);
    expect(prefixMatches('--n', flags)).toEqual([]);
    expect(prefixMatches('-q', flags)).toEqual([]);
  });

  test('the message', () => {
    expect(didYouMean([])).toBe('');
    expect(didYouMean(['--a'])).toBe('\n(Did you mean --a?)');
    expect(didYouMean(['--a', '--b', '--c'])).toBe('\n(Did you mean --a, --b or --c?)');
  });
});
