// Zoned iCalendar: the API's wall times are written in the calendar's zone (TZID and its
// VTIMEZONE), so two independent parsers (ical.js and node-ical) compute the instant that wall time
// is in that zone, on the days clocks change in Europe and the US; UTC is written as UTC instants.

import ICAL from 'ical.js';
import nodeIcal, { type VEvent } from 'node-ical';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, test } from 'vitest';
import { buildIcs, type IcsEntry } from '../../src/domain/ics.js';
import { readEvent } from '../../src/domain/records.js';

function entry(id: number, startDate: string, endDate: string, eventName = `event ${id}`, customerName?: string): IcsEntry {
  const event = readEvent({ id, eventName, eventStatusId: 2, startDate, endDate, customerName }, () => 'Confirmed');
  return { event, items: [], total: '0.00', venue: '' };
}

/** The instant a wall time is in a zone, by Temporal (neither parser). */
function instant(wall: string, zone: string): number {
  return Temporal.PlainDateTime.from(wall).toZonedDateTime(zone).epochMilliseconds;
}

function icalJsStarts(text: string): Array<{ start: number; end: number }> {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    return { start: event.startDate.toJSDate().getTime(), end: event.endDate.toJSDate().getTime() };
  });
}

function nodeIcalStarts(text: string): Array<{ start: number; end: number | undefined }> {
  return Object.values(nodeIcal.sync.parseICS(text))
    .filter((c) => c?.type === 'VEVENT')
    .map((c) => {
      const v = c as VEvent;
      return { start: v.start.getTime(), end: v.end?.getTime() };
    });
}

const DST_DAYS: Array<[string, Array<[string, string]>]> = [
  // Europe/Berlin: 2027-03-28 02:00 CET → 03:00 CEST.
  ['Europe/Berlin', [['2027-03-28T01:30:00', '2027-03-28T04:00:00'], ['2027-10-31T01:00:00', '2027-10-31T05:00:00'], ['2027-06-12T14:00:00', '2027-06-12T18:00:00']]],
  // America/New_York: 2027-03-14 02:00 EST → 03:00 EDT.
  ['America/New_York', [['2027-03-14T01:30:00', '2027-03-14T03:30:00'], ['2027-11-07T00:30:00', '2027-11-07T04:00:00'], ['2027-01-05T09:00:00', '2027-01-05T17:00:00']]],
];

describe('zoned ICS', () => {
  for (const [zone, spans] of DST_DAYS) {
    test(`${zone}: TZID and VTIMEZONE; ical.js and node-ical agree with the wall time across DST`, async () => {
      const text = await buildIcs(spans.map(([s, e], i) => entry(i + 1, s, e)), 'h', new Date(0), zone);
      expect(text).toContain(`BEGIN:VTIMEZONE\r\nTZID:${zone}\r\n`);
      expect(text).toContain(`DTSTART;TZID=${zone}:${spans[0]![0].replace(/[-:]/g, '')}\r\n`);
      const expected = spans.map(([s, e]) => ({ start: instant(s, zone), end: instant(e, zone) }));
      expect(icalJsStarts(text)).toEqual(expected);
      expect(nodeIcalStarts(text)).toEqual(expected);
    });
  }

  test('UTC is written as UTC instants (no VTIMEZONE)', async () => {
    const text = await buildIcs([entry(1, '2027-03-28T01:30:00', '2027-03-28T04:00:00')], 'h', new Date(0), 'UTC');
    expect(text).not.toContain('VTIMEZONE');
    expect(text).toContain('DTSTART:20270328T013000Z\r\n');
    const expected = [{ start: Date.UTC(2027, 2, 28, 1, 30), end: Date.UTC(2027, 2, 28, 4) }];
    expect(icalJsStarts(text)).toEqual(expected);
    expect(nodeIcalStarts(text)).toEqual(expected);
  });

  test('text from the server: control characters visible, RFC 5545 escapes for , ; and \\', async () => {
    const hostile = entry(1, '2027-06-12T14:00:00', '2027-06-12T18:00:00', 'Gala\u001b[31m, red; \\ok\u009b', 'Ann\rSmith');
    const text = await buildIcs([hostile], 'h', new Date(0), 'Europe/Berlin');
    expect(text).not.toMatch(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
    expect(text).toContain('SUMMARY:Gala\\\\x1b[31m\\, red\\; \\\\ok\\\\u009b\r\n');
    const [vevent] = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
    expect(vevent!.getFirstPropertyValue('summary')).toBe('Gala\\x1b[31m, red; \\ok\\u009b');
    expect(vevent!.getFirstPropertyValue('description')).toContain('Customer: Ann\\rSmith');
  });
});

describe('DTSTAMP (RFC 5545 3.8.7.2: in UTC)', () => {
  test.each(['Europe/Berlin', 'America/New_York', 'UTC'])('in %s, every DTSTAMP is the build time in UTC with its Z', async (zone) => {
    const text = await buildIcs([entry(1, '2026-06-12T14:00:00', '2026-06-12T18:00:00'), entry(2, '2026-06-13T09:00:00', '2026-06-13T10:00:00')], 'h', new Date(Date.UTC(2026, 4, 1, 22, 30, 5)), zone);
    const stamps = text.split('\r\n').filter((line) => line.startsWith('DTSTAMP'));
    expect(stamps).toEqual(['DTSTAMP:20260501T223005Z', 'DTSTAMP:20260501T223005Z']);
  });
});
