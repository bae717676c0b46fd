import { describe, expect, it, test } from 'vitest';
import { describeRange, namedRange, parseDateArgument, resolveRange, throughTheDay } from '../../src/domain/dates.js';
import { parseWallTime } from '../../src/domain/wall-time.js';
import { UsageError } from '../../src/errors.js';
import { DomainRuleError } from '../../src/domain/errors.js';
import { exitCodeFor } from '../../src/cli/exit-codes.js';

function captured(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

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
    expect(() => parse(text)).toThrow(DomainRuleError);
    expect(exitCodeFor(captured(() => parse(text)))).toBe(2);
    expect(() => parse(text)).toThrow(/^--from: /);
  });

  it('a relative day of any length is read; every date argument keeps to the years 1900 to 2199, saying which year it named', () => {
    expect(parse('+10000d')).toEqual({ time: at('2053-10-26T00:00:00'), wholeDay: true });
    expect(parse('-1000w')).toEqual({ time: at('2007-04-11T00:00:00'), wholeDay: true });
    for (const [text, year] of [['+9999w', '2218'], ['-50000d', '1889'], ['2300-01-01', '2300'], ['1899-12-31 10:00', '1899'], ['+9999w 10:00', '2218']] as const) {
      expect(() => parse(text), text).toThrow(DomainRuleError);
      expect(() => parse(text), text).toThrow(`--from: ${JSON.stringify(text)} is in ${year}; the year must be between 1900 and 2199`);
    }
  });

  it('a whole day as --to counts in full; the default length follows --from', () => {
    expect(resolveRange({ from: '2026-06-12', to: '2026-06-14' }, NOW, { days: 7 })).toEqual({ from: at('2026-06-12T00:00:00'), to: at('2026-06-15T00:00:00') });
    expect(resolveRange({ from: '2026-06-12 10:00', to: '2026-06-12 18:00' }, NOW, { days: 7 })).toEqual({ from: at('2026-06-12T10:00:00'), to: at('2026-06-12T18:00:00') });
    expect(resolveRange({}, NOW, { days: 8 })).toEqual({ from: at('2026-06-10T00:00:00'), to: at('2026-06-18T00:00:00') });
    expect(resolveRange({ from: 'fri' }, NOW, { days: 2 })).toEqual({ from: at('2026-06-12T00:00:00'), to: at('2026-06-14T00:00:00') });
  });

  it('a weekday as --to is the first such day on or after --from: --from mon --to sun is a week on any day', () => {
    for (const today of ['2026-06-08', '2026-06-10', '2026-06-13', '2026-06-14']) {
      const now = at(`${today}T11:00:00`);
      const range = resolveRange({ from: 'mon', to: 'sun' }, now, { days: 7 });
      expect(new Date(range.from).getUTCDay(), today).toBe(1);
      expect(range.to - range.from, today).toBe(7 * 86_400_000);
      expect(range.from >= at(`${today}T00:00:00`), today).toBe(true);
    }
    // From a day in the past, a weekday --to is still the coming one.
    expect(resolveRange({ from: '2026-06-01', to: 'fri' }, NOW, { days: 7 })).toEqual({ from: at('2026-06-01T00:00:00'), to: at('2026-06-13T00:00:00') });
    expect(resolveRange({ from: 'sat', to: 'mon' }, NOW, { days: 7 })).toEqual({ from: at('2026-06-13T00:00:00'), to: at('2026-06-16T00:00:00') });
  });

  it.each(['2026-06-12T14:30:60', '2026-06-12 14:30:99', '2026-06-12T24:00', '2026-06-12T23:60'])('refuses the clock reading %j (no carry into the next minute)', (text) => {
    expect(() => parse(text)).toThrow(`--from: "${text}" is not a date and time of the calendar`);
    expect(parseWallTime(text)).toBeUndefined();
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

describe('the dates help topic', () => {
  it('documents forms the parser accepts', async () => {
    const { DATES_HELP, DATES_HELP_TOPIC } = await import('../../src/cli/dates-help.js');
    expect(DATES_HELP_TOPIC).toBe('dates');
    for (const example of ['2026-06-12', '2026-06-12 14:30', '2026-06-12T14:30', 'today', 'tomorrow', 'yesterday', 'mon', 'sun', '+3d', '+2w', '-1d']) {
      expect(DATES_HELP).toContain(example);
      expect(() => parse(example)).not.toThrow();
    }
    expect(DATES_HELP).toContain('dropoff ≤ start ≤ end ≤ teardown ≤ pickup');
  });
});

describe('events book item arguments', () => {
  it('NAME=QTY pairs, --quantity for the rest, and clear refusals', async () => {
    const { parseItemAsks } = await import('../../src/app/calendar/item-asks.js');
    expect(parseItemAsks(['Tent=2', 'Chair = 40', '7'], '3')).toEqual([
      { ref: 'Tent', quantity: 2 },
      { ref: 'Chair', quantity: 40 },
      { ref: '7', quantity: 3 },
    ]);
    expect(() => parseItemAsks(['Tent'], undefined)).toThrow(/how many\? write NAME=QTY or add --quantity/);
    expect(() => parseItemAsks(['Tent=0'], undefined)).toThrow(/must be a whole number from 1/);
    expect(() => parseItemAsks(['Tent=-1'], undefined)).toThrow(UsageError);
  });
});

describe('clone offsets', () => {
  it('a day keeps the clock time; a moment moves the start there; every datetime shifts alike', async () => {
    const { shiftedCopy } = await import('../../src/domain/event-shift.js');
    const { shiftOffset: cloneOffset } = await import('../../src/domain/event-shift.js');
    const start = at('2026-03-07T16:00:00');
    const byDay = cloneOffset(start, { time: at('2026-10-31T00:00:00'), wholeDay: true });
    const copy = shiftedCopy({ id: 4, startDate: '2026-03-07T16:00:00', pickupDate: '2026-03-09 10:00:00', eventName: 'Fair', cancelDate: '2026-01-01T00:00:00', Links: [] }, byDay, 'Fair 2');
    expect(copy).toMatchObject({ startDate: '2026-10-31T16:00:00', pickupDate: '2026-11-02T10:00:00', eventName: 'Fair 2', cancelDate: null, cancelReason: null });
    expect(copy).not.toHaveProperty('id');
    expect(copy).not.toHaveProperty('Links');
    expect(cloneOffset(start, { time: at('2026-03-10T09:30:00'), wholeDay: false })).toBe(at('2026-03-10T09:30:00') - start);
  });
});

describe('named ranges (--range)', () => {
  // Thursday 2026-06-11 15:30 on the wall clock.
  const now = parseWallTime('2026-06-11T15:30')!;
  const named = (name: string) => describeRange(namedRange(name, now));

  test.each([
    ['today', 'Thu 2026-06-11 00:00 → Fri 2026-06-12 00:00'],
    ['tomorrow', 'Fri 2026-06-12 00:00 → Sat 2026-06-13 00:00'],
    ['yesterday', 'Wed 2026-06-10 00:00 → Thu 2026-06-11 00:00'],
    ['this-week', 'Mon 2026-06-08 00:00 → Mon 2026-06-15 00:00'],
    ['next-week', 'Mon 2026-06-15 00:00 → Mon 2026-06-22 00:00'],
    ['last-week', 'Mon 2026-06-01 00:00 → Mon 2026-06-08 00:00'],
    ['this-month', 'Mon 2026-06-01 00:00 → Wed 2026-07-01 00:00'],
    ['next-month', 'Wed 2026-07-01 00:00 → Sat 2026-08-01 00:00'],
    ['last-month', 'Fri 2026-05-01 00:00 → Mon 2026-06-01 00:00'],
    ['2026-02', 'Sun 2026-02-01 00:00 → Sun 2026-03-01 00:00'],
    ['Last-Month', 'Fri 2026-05-01 00:00 → Mon 2026-06-01 00:00'],
  ])('%s is %s', (name, expected) => {
    expect(named(name)).toBe(expected);
  });

  test.each([
    ['2026-06-10T09:00', 'weekend', 'Sat 2026-06-13 00:00 → Mon 2026-06-15 00:00'],
    ['2026-06-10T09:00', 'next-weekend', 'Sat 2026-06-20 00:00 → Mon 2026-06-22 00:00'],
    ['2026-06-12T17:00', 'weekend', 'Sat 2026-06-13 00:00 → Mon 2026-06-15 00:00'],
    ['2026-06-13T09:00', 'weekend', 'Sat 2026-06-13 00:00 → Mon 2026-06-15 00:00'],
    ['2026-06-13T09:00', 'this-weekend', 'Sat 2026-06-13 00:00 → Mon 2026-06-15 00:00'],
    ['2026-06-13T09:00', 'next-weekend', 'Sat 2026-06-20 00:00 → Mon 2026-06-22 00:00'],
    ['2026-06-14T20:00', 'weekend', 'Sat 2026-06-13 00:00 → Mon 2026-06-15 00:00'],
    ['2026-06-14T20:00', 'next-weekend', 'Sat 2026-06-20 00:00 → Mon 2026-06-22 00:00'],
    ['2026-06-15T08:00', 'weekend', 'Sat 2026-06-20 00:00 → Mon 2026-06-22 00:00'],
  ])('on %s, %s is %s', (today, name, expected) => {
    expect(describeRange(namedRange(name, parseWallTime(today)!))).toBe(expected);
  });

  test('the dates help names every range --range takes', async () => {
    const { DATES_HELP } = await import('../../src/cli/dates-help.js');
    for (const name of ['today', 'tomorrow', 'yesterday', 'weekend', 'next-weekend', 'this-week', 'next-week', 'last-week', 'this-month', 'next-month', 'last-month']) {
      expect(DATES_HELP).toMatch(new RegExp(`\\b${name}\\b`));
      expect(() => namedRange(name, now)).not.toThrow();
    }
  });

  test('a week on a Sunday is the week that ends that day; January of next-month in December', () => {
    expect(describeRange(namedRange('this-week', parseWallTime('2026-06-14T09:00')!))).toBe('Mon 2026-06-08 00:00 → Mon 2026-06-15 00:00');
    expect(describeRange(namedRange('next-month', parseWallTime('2026-12-31T09:00')!))).toBe('Fri 2027-01-01 00:00 → Mon 2027-02-01 00:00');
  });

  test('an unknown name or a month 13 is a usage error naming the names; --range with --from is refused', () => {
    expect(() => namedRange('last-quarter', now)).toThrow(/--range: "last-quarter" is not a range: give today, tomorrow, .* or YYYY-MM/);
    expect(() => namedRange('2026-13', now)).toThrow(DomainRuleError);
    expect(() => resolveRange({ range: 'this-week', from: 'today' }, now, { days: 7 })).toThrow(/--range names the whole range/);
    expect(resolveRange({ range: '2026-06' }, now, { days: 7 })).toEqual(namedRange('2026-06', now));
  });
});

describe('throughTheDay: an end given as a day is the whole day where the dates before it leave room', () => {
  const order = { dateOrder: ['startDate', 'endDate', 'teardownDate', 'pickupDate'], dayEnds: ['endDate', 'teardownDate', 'pickupDate'] };
  test('the day after a start within it, or a stored one: its 24:00', () => {
    expect(throughTheDay({ startDate: '2026-12-22T10:00:00', endDate: '2026-12-22T00:00:00' }, ['endDate'], order)).toEqual({ startDate: '2026-12-22T10:00:00', endDate: '2026-12-23T00:00:00' });
    expect(throughTheDay({ endDate: '2026-12-22T00:00:00' }, ['endDate'], order, { startDate: '2026-12-22T00:00:00' })).toEqual({ endDate: '2026-12-23T00:00:00' });
  });
  test('a day before the start (given or stored) stays its 00:00; the day orders what follows', () => {
    expect(throughTheDay({ endDate: '2026-12-21T00:00:00' }, ['endDate'], order, { startDate: '2026-12-22T00:00:00' })).toEqual({ endDate: '2026-12-21T00:00:00' });
    expect(throughTheDay({ endDate: '2026-12-22T00:00:00', pickupDate: '2026-12-22T00:00:00' }, ['endDate', 'pickupDate'], order)).toEqual({ endDate: '2026-12-23T00:00:00', pickupDate: '2026-12-23T00:00:00' });
    // A stored date is never written: only what was given.
    expect(throughTheDay({}, ['endDate'], order, { endDate: '2026-12-22T00:00:00' })).toEqual({});
  });
  test('a day that ends as the end before it does is that whole day (teardown ≤ pickup); one that ends as the start begins stays its 00:00 (no length)', () => {
    expect(throughTheDay({ pickupDate: '2027-03-05T00:00:00' }, ['pickupDate'], order, { teardownDate: '2027-03-06T00:00:00' })).toEqual({ pickupDate: '2027-03-06T00:00:00' });
    expect(throughTheDay({ teardownDate: '2027-03-05T00:00:00' }, ['teardownDate'], order, { startDate: '2027-03-06T00:00:00', endDate: '2027-03-06T00:00:00' })).toEqual({ teardownDate: '2027-03-06T00:00:00' });
    expect(throughTheDay({ endDate: '2027-03-05T00:00:00' }, ['endDate'], order, { startDate: '2027-03-06T00:00:00' })).toEqual({ endDate: '2027-03-05T00:00:00' });
  });
});

test('a word that names no day, with a time: the value is said as typed, whole', () => {
  expect(() => parseDateArgument('frday 14:00', Date.UTC(2026, 5, 12), '--from')).toThrow('--from: "frday 14:00" must be');
});
