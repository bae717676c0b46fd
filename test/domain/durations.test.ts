import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration, parseSignedDuration } from '../../src/domain/durations.js';
import { DomainRuleError } from '../../src/domain/errors.js';

const M = 60_000;

describe('durations', () => {
  it.each([
    ['2d', 2 * 1440 * M],
    ['36h', 36 * 60 * M],
    ['90m', 90 * M],
    ['1w', 7 * 1440 * M],
    ['1d12h', 36 * 60 * M],
    [' 1D 6h 30M ', (1440 + 390) * M],
  ])('reads %j', (text, ms) => {
    expect(parseDuration(text, '--duration')).toBe(ms);
  });

  it.each(['', '2', 'd', '2x', '0d', '-1d', '2.5d', '367d', 'two days'])('refuses %j naming the flag and the rule', (text) => {
    expect(() => parseDuration(text, '--duration')).toThrow(DomainRuleError);
    expect(() => parseDuration(text, '--duration')).toThrow(`--duration: ${JSON.stringify(text)} must be a length like 2d, 36h, 90m, 1w or 1d12h`);
  });

  it.each([
    ['2d', 2 * 1440 * M],
    ['+36h', 36 * 60 * M],
    ['-1w', -7 * 1440 * M],
    [' - 1d12h', -36 * 60 * M],
  ])('reads %j with its sign (a move later or earlier)', (text, ms) => {
    expect(parseSignedDuration(text, '--by')).toBe(ms);
  });

  it.each(['-10000d', '+0d', '-', '--1d', '-2x'])('refuses %j quoting it whole, its sign too, and saying the sign may be given', (text) => {
    expect(() => parseSignedDuration(text, '--by')).toThrow(DomainRuleError);
    expect(() => parseSignedDuration(text, '--by')).toThrow(`--by: ${JSON.stringify(text)} must be a length like 2d, -36h, 90m, 1w or -1d12h (weeks, days, hours, minutes; - for earlier), more than 0 and at most 366 days`);
  });

  it('writes the largest units first', () => {
    expect([2 * 1440 * M, 36 * 60 * M, 90 * M, 0].map(formatDuration)).toEqual(['2d', '1d 12h', '1h 30m', '0m']);
  });
});
