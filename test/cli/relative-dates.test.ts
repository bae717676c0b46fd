// Datetime flags of the generic verbs take the calendar's relative dates, on the local wall clock.

import { beforeEach, describe, expect, test } from 'vitest';
import { statusesListed, namesListed, useNock, withApi } from '../helpers/api.js';
import { runCli } from '../helpers/fake-context.js';

// Friday 2026-06-12, 15:30 local time.
const NOW = new Date(2026, 5, 12, 15, 30, 0).getTime();

const eventAdd = (start: string, end: string) => [
  'events', 'add', '--event-name', 'Party', '--event-status-id', '2', '--rental-block-id', '1',
  '--start-date', start, '--end-date', end, '--dry-run', '--json',
];

async function body(argv: string[]): Promise<Record<string, unknown>> {
  const result = await runCli(argv, withApi({ now: NOW }));
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { data: Array<{ body: Record<string, unknown> }> }).data[0]!.body;
}

useNock();
// A bare number given for a record with names reads its list: some record could be named so.
beforeEach(() => namesListed());
// A dry run reads only the service's statuses (its status id is checked); nothing is written.
beforeEach(() => statusesListed());

describe('relative dates in datetime flags', () => {
  test('tomorrow, +2d, a weekday and now resolve on the local wall clock; a day given as an end is the whole day, up to 24:00', async () => {
    expect(await body(eventAdd('tomorrow', '+2d'))).toMatchObject({
      startDate: '2026-06-13T00:00:00',
      endDate: '2026-06-15T00:00:00',
      dropoffDate: '2026-06-13T00:00:00',
      pickupDate: '2026-06-15T00:00:00',
    });
    expect(await body(eventAdd('now', 'mon'))).toMatchObject({ startDate: '2026-06-12T15:30:00', endDate: '2026-06-16T00:00:00' });
  });

  test('an event of one day given as days is that whole day, not an event of no length that holds nothing', async () => {
    expect(await body(eventAdd('2026-12-22', '2026-12-22'))).toMatchObject({
      dropoffDate: '2026-12-22T00:00:00',
      startDate: '2026-12-22T00:00:00',
      endDate: '2026-12-23T00:00:00',
      pickupDate: '2026-12-23T00:00:00',
    });
    // A teardown or pickup given as a day holds the units through it; a time given is that moment.
    expect(await body([...eventAdd('2026-12-22 10:00', '2026-12-22 20:00'), '--pickup-date', '2026-12-23'])).toMatchObject({
      endDate: '2026-12-22T20:00:00',
      teardownDate: '2026-12-22T20:00:00',
      pickupDate: '2026-12-24T00:00:00',
    });
    // A date that is not one of the calendar keeps the schema's rule.
    const result = await runCli(eventAdd('2026-12-22', '2026-02-30'), withApi({ now: NOW }));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('has no day 30');
  });

  test('a date no form reads is refused naming the flag and every form it takes, relative ones included; a bad day of the calendar keeps its detail', async () => {
    for (const typed of ['sun 2:30pm', 'next friday', '12/06/2026']) {
      const result = await runCli(eventAdd(typed, '+3d'), withApi({ now: NOW }));
      expect(result.code, typed).toBe(2);
      expect(result.stderr).toContain(`--start-date: ${JSON.stringify(typed)} must be YYYY-MM-DD, "YYYY-MM-DD HH:MM[:SS]", today, tomorrow, yesterday, a weekday (fri), +3d, +2w or -1d, or one of those days with a time ("fri 14:00")`);
    }
    const calendar = await runCli(eventAdd('2026-02-30 10:00', '+3d'), withApi({ now: NOW }));
    expect(calendar.code).toBe(2);
    expect(calendar.stderr).toContain('has no day 30');
  });

  test("a weekday reads forward through the event's dates in their order, as --from mon --to sun does", async () => {
    const saturday = new Date(2026, 5, 13, 9, 0, 0).getTime();
    const weekBody = async (argv: string[]) => {
      const result = await runCli(argv, withApi({ now: saturday }));
      expect(result.code, result.stderr).toBe(0);
      return (JSON.parse(result.stdout) as { data: Array<{ body: Record<string, unknown> }> }).data[0]!.body;
    };
    expect(await weekBody(eventAdd('mon', 'sun'))).toMatchObject({ startDate: '2026-06-15T00:00:00', endDate: '2026-06-22T00:00:00' });
    expect(await weekBody([...eventAdd('sat', 'sun'), '--dropoff-date', 'fri', '--pickup-date', 'mon'])).toMatchObject({
      dropoffDate: '2026-06-19T00:00:00',
      startDate: '2026-06-20T00:00:00',
      endDate: '2026-06-22T00:00:00',
      pickupDate: '2026-06-23T00:00:00',
    });
    // The end's day, not its 24:00, orders the dates after it: the pickup is that same Sunday.
    expect(await weekBody([...eventAdd('sat', 'sun'), '--pickup-date', 'sun'])).toMatchObject({ endDate: '2026-06-15T00:00:00', pickupDate: '2026-06-15T00:00:00' });
    expect(await weekBody(eventAdd('2026-07-01 10:00', 'fri'))).toMatchObject({ startDate: '2026-07-01T10:00:00', endDate: '2026-07-04T00:00:00' });
  });

  test('absolute dates keep their own rule; a word that is no date names the flag (exit 2)', async () => {
    expect(await body(eventAdd('2026-07-01 10:00', '2026-07-01 18:00'))).toMatchObject({ startDate: '2026-07-01T10:00:00' });
    const result = await runCli(eventAdd('someday', '+1d'), withApi({ now: NOW }));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--start-date: "someday" must be YYYY-MM-DD');
  });

  test('a day named by a word takes a time: fri 14:00, +20d 09:30, tomorrow 08:00:30', async () => {
    expect(await body(eventAdd('+20d 14:00', 'fri 18:30'))).toMatchObject({ startDate: '2026-07-02T14:00:00', endDate: '2026-07-03T18:30:00', pickupDate: '2026-07-03T18:30:00' });
    expect(await body(eventAdd('tomorrow 08:00:30', 'tomorrow 23:00'))).toMatchObject({ startDate: '2026-06-13T08:00:30', endDate: '2026-06-13T23:00:00' });
    const result = await runCli(eventAdd('fri 24:00', '+1d'), withApi({ now: NOW }));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--start-date: "fri 24:00": 24:00 is no time of day (00:00 to 23:59:59)');
  });
});
