// The warning for a write that leaves an event long in the past (a year typed wrong), at its edges.

import { describe, expect, test } from 'vitest';
import { FAR_EVENT_WARNING_AHEAD_MS, PAST_EVENT_WARNING_AGE_MS, farEventWarning, pastEventWarning } from '../../src/domain/past-event.js';
import { DAY_MS, HOUR_MS } from '../../src/domain/wall-time.js';

/** Sun 2026-11-29 12:00. */
const NOW = Date.UTC(2026, 10, 29, 12, 0);
const event = { id: 37, name: 'Chen Baby Shower' };
const ahead = { from: NOW + DAY_MS, to: NOW + 2 * DAY_MS };
const endingAt = (to: number) => ({ from: to - 5 * HOUR_MS, to });
const moved = (to: number, before: { from: number; to: number } | undefined = ahead) => pastEventWarning({ event, isNew: false, before, after: endingAt(to), startBefore: before?.from, start: to - 5 * HOUR_MS }, NOW);

describe('pastEventWarning', () => {
  test('an end at now, or just inside the threshold, is no warning; just outside it is', () => {
    expect(PAST_EVENT_WARNING_AGE_MS).toBe(30 * DAY_MS);
    expect(moved(NOW)).toBeUndefined();
    expect(moved(NOW - PAST_EVENT_WARNING_AGE_MS)).toBeUndefined();
    expect(moved(NOW - PAST_EVENT_WARNING_AGE_MS - 60_000)).toBe('warning: event 37 "Chen Baby Shower" now ends 2026-10-30 11:59, 30 days ago; nothing stops that, but check the year');
  });

  test('an event running now closed out early (its end this morning) is no warning', () => {
    expect(moved(NOW - HOUR_MS, { from: NOW - 4 * HOUR_MS, to: NOW + 6 * HOUR_MS })).toBeUndefined();
  });

  test('an event with no dates before is warned about; one already wholly in the past is not', () => {
    expect(moved(NOW - 362 * DAY_MS, undefined)).toBe('warning: event 37 "Chen Baby Shower" now ends 2025-12-02 12:00, 362 days ago; nothing stops that, but check the year');
    expect(moved(NOW - 362 * DAY_MS, endingAt(NOW - HOUR_MS))).toBeUndefined();
  });

  test('a new event is named as new; no window, no warning', () => {
    expect(pastEventWarning({ event: { id: 0, name: 'Past typo' }, isNew: true, before: undefined, after: endingAt(NOW - 40 * DAY_MS), startBefore: undefined, start: NOW - 40 * DAY_MS }, NOW)).toBe(
      'warning: the new event "Past typo" ends 2026-10-20 12:00, 40 days ago; nothing stops that, but check the year',
    );
    expect(pastEventWarning({ event, isNew: true, before: undefined, after: undefined, startBefore: undefined, start: undefined }, NOW)).toBeUndefined();
  });

  test('an end at midnight is the whole day before it, said as that day', () => {
    const wholeDay = Date.UTC(2025, 11, 20);
    expect(moved(wholeDay)).toBe('warning: event 37 "Chen Baby Shower" now ends with 2025-12-19, 344 days ago; nothing stops that, but check the year');
  });
});

describe('farEventWarning', () => {
  const startingAt = (from: number) => ({ from, to: from + 5 * HOUR_MS });
  const moved = (from: number, before: { from: number; to: number } | undefined = ahead) => farEventWarning({ event, isNew: false, before, after: startingAt(from), startBefore: before?.from, start: from }, NOW);

  test('a start two years ahead is no warning; a minute more is, in days from now', () => {
    expect(FAR_EVENT_WARNING_AHEAD_MS).toBe(730 * DAY_MS);
    expect(moved(NOW + FAR_EVENT_WARNING_AHEAD_MS)).toBeUndefined();
    expect(moved(NOW + FAR_EVENT_WARNING_AHEAD_MS + 60_000)).toBe('warning: event 37 "Chen Baby Shower" now starts 2028-11-28 12:01, 730 days from now; nothing stops that, but check the year');
  });

  test('an event that started so far ahead before is not warned about; a new one is named as new', () => {
    expect(moved(NOW + 4000 * DAY_MS, startingAt(NOW + 3000 * DAY_MS))).toBeUndefined();
    expect(farEventWarning({ event: { id: 0, name: 'Far typo' }, isNew: true, before: undefined, after: startingAt(NOW + 1000 * DAY_MS), startBefore: undefined, start: NOW + 1000 * DAY_MS }, NOW)).toBe(
      'warning: the new event "Far typo" starts 2029-08-25 12:00, 1000 days from now; nothing stops that, but check the year',
    );
  });

  test('the start named and measured is the start date, not the dropoff before it; one that started so far ahead before is not warned about', () => {
    const dropoff = NOW + 800 * DAY_MS;
    const start = dropoff + DAY_MS + 7 * HOUR_MS;
    const write = { event, isNew: false, before: ahead, after: { from: dropoff, to: start + DAY_MS }, startBefore: ahead.from, start };
    expect(farEventWarning(write, NOW)).toBe('warning: event 37 "Chen Baby Shower" now starts 2029-02-07 19:00, 801 days from now; nothing stops that, but check the year');
    // A dropoff within the two years, the start beyond them: warned, by its start.
    const near = NOW + FAR_EVENT_WARNING_AHEAD_MS - DAY_MS;
    expect(farEventWarning({ ...write, after: { from: near, to: near + 3 * DAY_MS }, start: near + 2 * DAY_MS }, NOW)).toBe('warning: event 37 "Chen Baby Shower" now starts 2028-11-29 12:00, 731 days from now; nothing stops that, but check the year');
    expect(farEventWarning({ ...write, startBefore: NOW + 900 * DAY_MS }, NOW)).toBeUndefined();
  });
});
