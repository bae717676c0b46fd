import { describe, expect, it } from 'vitest';
import { describeRange, parseDateArgument, resolveRange } from '../../src/calendar/dates.js';
import { parseWallTime } from '../../src/data/wall-time.js';
import { UsageError } from '../../src/errors.js';

// Wednesday 2026-06-10 14:25 on the wall clock.
const NOW = parseWallTime('2026-06-10T14:25:00')!;
const at = (text: string) => parseWallTime(text)!;
const parse = (text: string) => parseDateArgument(text, NOW, '--from');

describe('date arguments', () => {
  it.each([
    ['2026-06-12', '2026-06-12T00:00:00', true],
    ['2026-06-12 09:30', '2026-06-12T09:30:00', false],
    ['2026-06-12T09:30', '2026-06-12T09:30:00', false],
    ['today', '2026-06-10T00:00:00', true],
    ['Tomorrow', '2026-06-11T00:00:00', true],
    ['yesterday', '2026-06-09T00:00:00', true],
    ['fri', '2026-06-12T00:00:00', true],
    ['friday', '2026-06-12T00:00:00', true],
    ['wed', '2026-06-10T00:00:00', true],
    ['tue', '2026-06-16T00:00:00', true],
    ['+3d', '2026-06-13T00:00:00', true],
    ['+2w', '2026-06-24T00:00:00', true],
    ['-1d', '2026-06-09T00:00:00', true],
    ['now', '2026-06-10T14:25:00', false],
  ])('%s → %s', (text, expected, wholeDay) => {
    expect(parse(text)).toEqual({ time: at(expected), wholeDay });
  });

  it.each(['2026-02-30', '2026-13-01', '12/06/2026', 'next week', 'fr', '2026-06-12 25:00', '+3m', ''])('refuses %j with the flag and the rule (exit 2)', (text) => {
    expect(() => parse(text)).toThrow(UsageError);
    expect(() => parse(text)).toThrow(/^--from: /);
  });

  it('a whole day as --to counts in full; the default length follows --from', () => {
    expect(resolveRange({ from: '2026-06-12', to: '2026-06-14' }, NOW, { days: 7 })).toEqual({ from: at('2026-06-12T00:00:00'), to: at('2026-06-15T00:00:00') });
    expect(resolveRange({ from: '2026-06-12 10:00', to: '2026-06-12 18:00' }, NOW, { days: 7 })).toEqual({ from: at('2026-06-12T10:00:00'), to: at('2026-06-12T18:00:00') });
    expect(resolveRange({}, NOW, { days: 8 })).toEqual({ from: at('2026-06-10T00:00:00'), to: at('2026-06-18T00:00:00') });
    expect(resolveRange({ from: 'fri' }, NOW, { days: 2 })).toEqual({ from: at('2026-06-12T00:00:00'), to: at('2026-06-14T00:00:00') });
  });

  it('an empty range is a usage error', () => {
    expect(() => resolveRange({ from: '2026-06-12', to: '2026-06-11' }, NOW, { days: 7 })).toThrow(/--to must be after --from/);
  });

  it('describes a range with weekdays', () => {
    expect(describeRange({ from: at('2026-06-12T00:00:00'), to: at('2026-06-15T00:00:00') })).toBe('Fri 2026-06-12 00:00 → Mon 2026-06-15 00:00');
  });

  it('wall time keeps clock times across a daylight-saving change (no zone in the arithmetic)', () => {
    expect(at('2026-03-09T09:00:00') - at('2026-03-07T09:00:00')).toBe(2 * 86_400_000);
  });
});
