// The calendar file as a calendar program reads it: `agenda -o ics` of the seeded calendar, in a
// zone with daylight saving, read by Python's icalendar (the library khal and other calendar
// programs read with; Debian's python3-icalendar): every event once, under its stable UID, with its
// name, its status and its start at the wall time the agenda shows. Missing, the test is skipped
// loudly; RENTALS_ICS_TESTS=required (as .ci/run sets it) makes that a failure.

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { openSandbox } from '../sandbox/helpers.js';
import { cliFor, jsonData, ok } from './harness.js';
import type { OpenSandbox } from './server-state.js';

const PYTHON = '/usr/bin/python3';
const HAVE_ICALENDAR = spawnSync(PYTHON, ['-c', 'import icalendar'], { stdio: 'ignore' }).status === 0;
const REQUIRED = process.env.RENTALS_ICS_TESTS === 'required';
if (!HAVE_ICALENDAR && !REQUIRED) console.warn(`\n!!! ${PYTHON} cannot import icalendar (Debian: python3-icalendar): the calendar-reader test (test/e2e/ics-reader.e2e.test.ts) is SKIPPED !!!\n`);

/** Each VEVENT as icalendar reads it: UID, SUMMARY, STATUS and DTSTART's wall time in its own zone. */
const READER = `
import json, sys
from icalendar import Calendar
calendar = Calendar.from_ical(open(sys.argv[1], 'rb').read())
print(json.dumps([{
  'uid': str(event['UID']),
  'summary': str(event['SUMMARY']),
  'status': str(event['STATUS']),
  'start': event.decoded('DTSTART').strftime('%Y-%m-%d %H:%M'),
} for event in calendar.walk('VEVENT')]))
`;

let sandbox: OpenSandbox;
beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
});
afterAll(() => sandbox.close());

test.skipIf(!HAVE_ICALENDAR && !REQUIRED)('agenda -o ics reads back in icalendar: every event once, its UID, name, status and wall-clock start', async () => {
  const rentals = cliFor(sandbox);
  const range = ['--from', '2020-01-01', '--to', '2040-12-31', '--timezone', 'Europe/Berlin'];
  const agenda = jsonData(ok(await rentals(['agenda', ...range, '-o', 'json'])));
  expect(agenda.length).toBeGreaterThan(10);
  const file = join(fileTempDir('rentals-ics-reader-'), 'agenda.ics');
  writeFileSync(file, ok(await rentals(['agenda', ...range, '-o', 'ics'])).stdout);

  const read = spawnSync(PYTHON, ['-c', READER, file], { encoding: 'utf8' });
  expect(read.status, read.stderr).toBe(0);
  const events = JSON.parse(read.stdout) as Array<{ uid: string; summary: string; status: string; start: string }>;

  const host = new URL(sandbox.url).hostname;
  const expected = agenda.map((row) => ({
    uid: `event-${String(row.id)}@${host}`,
    summary: String(row.eventName),
    status: row.status === 'Cancelled' ? 'CANCELLED' : row.status === 'Confirmed' || row.status === 'Completed' ? 'CONFIRMED' : 'TENTATIVE',
    start: String(row.startDate).replace('T', ' ').slice(0, 16),
  }));
  const byUid = (a: { uid: string }, b: { uid: string }) => a.uid.localeCompare(b.uid);
  expect(events.sort(byUid)).toEqual(expected.sort(byUid));
});
