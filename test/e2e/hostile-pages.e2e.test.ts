// Every command that has a page (`-o html`, printed as is by `-o pdf`), from the registry, with
// hostile text in every field its page shows: the names of the event, the item and the customer,
// the customer's address and contact, the venue and its contact, the special requirements, and
// the company's settings; and internal notes on the event, which no page shows. The page shows each
// control and bidi character as the terminal does, a visible escape (`\x1b`, `\u202e`, `\t`):
// never raw (a right-to-left override would reverse the text after it, the event id beside the
// name or the date of issue), never as U+FFFD (two names that differ by one control character
// would look the same). And each value sits in an isolating element (`<bdi>`), so a name in
// Hebrew or Arabic keeps to itself: the id beside it, the date after it stay on their side.
// Chromium's reading of the printed page: test/browser/pdf.test.ts.

import { beforeAll, afterAll, describe, expect, test } from 'vitest';
import { registry } from '../../src/cli/catalog.js';
import { pageText } from '../helpers/pages-sample.js';
import { openSandbox } from '../sandbox/helpers.js';
import { type Runner, cliFor, jsonData } from './harness.js';

/** Every C0 character class, DEL, C1, the bidi controls and a line separator: a tail for one-line text. */
const TAIL = '\u001b[31m\u202e\t\u0007\u009b\u2066\u200f\u061c\r\n\u2028\u007f\u0000';
/** The same as the page must show it, in the terminal's escapes. */
const SHOWN = '\\x1b[31m\\u202e\\t\\x07\\u009b\\u2066\\u200f\\u061c\\r\\n\\u2028\\x7f\\x00';
/** Text whose line breaks are its lines (an address, the terms): the tail less the line feed, which stays a line break. */
const LINE_TAIL = TAIL.replace('\n', '');
const LINE_SHOWN = SHOWN.replace('\\n', '');

/** Raw characters no page may hold: C0 but the line feed, DEL, C1, the bidi controls, the separators, and U+FFFD. */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\uFFFD]/;

const DAY = '2031-07-04';
const ITEM = `Evil${TAIL}Tent`;
const EVENT = `Party${TAIL}`;
/** Each event field the pages show, and its value: a tag to find it by, then the tail. */
const EVENT_FIELDS: Record<string, string> = {
  'customer-name': `Cust${TAIL}`,
  'customer-address1': `CustA1${TAIL}`,
  'customer-address2': `CustA2${TAIL}`,
  'customer-city': `CustCity${TAIL}`,
  'customer-state': `CustSt${TAIL}`,
  'customer-postal-code': `CustZip${TAIL}`,
  'customer-contacts': `CustTel${LINE_TAIL}\nCustMail${LINE_TAIL}`,
  'event-address1': `Venue1${TAIL}`,
  'event-address2': `Venue2${TAIL}`,
  'event-city': `VenueCity${TAIL}`,
  'event-state': `VenueSt${TAIL}`,
  'event-postal-code': `VenueZip${TAIL}`,
  'event-contacts': `SiteTel${LINE_TAIL}\nSiteGate${LINE_TAIL}`,
  'event-special-requirements': `Needs${LINE_TAIL}\nNoStakes${LINE_TAIL}`,
};
/** The shop's own notes on the event: on no page. */
const INTERNAL_NOTES = `Secret${LINE_TAIL}\nPaysLate`;
/** The company's settings (the environment's; `\n` between lines of the multi-line ones). */
const COMPANY = {
  RENTALS_COMPANY_NAME: `Firm${TAIL}`,
  RENTALS_COMPANY_ADDRESS: `Quay${LINE_TAIL}\nPort${LINE_TAIL}`,
  RENTALS_COMPANY_CONTACT: `Phone${LINE_TAIL}`,
  RENTALS_QUOTE_TERMS: `Terms${LINE_TAIL}\nPay${LINE_TAIL}`,
};

/** A value as the page must show it: a one-line value's tail escaped; text of lines, each line's tail escaped and the lines one after the other. */
const shown = (text: string) => text.split(TAIL).join(SHOWN).split(LINE_TAIL).join(LINE_SHOWN).replace(/\n/g, ' ');
/** Each line a value shows as: all of a one-line value, each line of text of lines. */
const shownLines = (text: string) => (text.includes(TAIL) ? [shown(text)] : text.split('\n').map(shown));

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let rentals: Runner;
let eventId: number;
let itemId: number;

/** What each page command is run with, what its page must read (in this order, on the page's text), and the values from data it shows. */
const RUNS: Record<string, () => { args: string[]; reads: string[]; values: string[] }> = {
  'events show': () => ({
    args: [String(eventId)],
    reads: [
      shown(COMPANY.RENTALS_COMPANY_NAME),
      `Quay${LINE_SHOWN} Port${LINE_SHOWN}`,
      `Phone${LINE_SHOWN}`,
      `${shown(EVENT)} · issued `,
      ...Object.values(EVENT_FIELDS).map(shown),
      `${shown(ITEM)} 2 `,
      `Terms${LINE_SHOWN} Pay${LINE_SHOWN}`,
    ],
    values: [shown(EVENT), shown(ITEM), ...Object.values(EVENT_FIELDS).flatMap(shownLines), shown(COMPANY.RENTALS_COMPANY_NAME), ...['Quay', 'Port', 'Phone', 'Terms', 'Pay'].map((line) => `${line}${LINE_SHOWN}`)],
  }),
  'load-sheet': () => ({
    args: ['--from', DAY, '--to', DAY],
    reads: [`${shown(ITEM)} 2 ${shown(EVENT)} (${eventId})`, shown(EVENT_FIELDS['customer-name']!), shown(EVENT_FIELDS['event-address1']!)],
    values: [shown(ITEM), shown(EVENT), shown(EVENT_FIELDS['customer-name']!), shown(EVENT_FIELDS['event-address1']!)],
  }),
  agenda: () => ({
    args: ['--from', DAY, '--to', DAY],
    reads: [`${shown(EVENT)} (${eventId}) Confirmed ${shown(EVENT_FIELDS['customer-name']!)} 2 × ${shown(ITEM)}`],
    values: [shown(ITEM), shown(EVENT), shown(EVENT_FIELDS['customer-name']!)],
  }),
  timeline: () => ({
    args: ['--item', String(itemId), '--from', DAY, '--to', DAY],
    reads: [`Timeline: ${shown(ITEM)}`, `${shown(ITEM)} (5 owned)`, `2× ${shown(EVENT)}`],
    values: [shown(ITEM), shown(EVENT)],
  }),
};

/**
 * Each stretch of the page's text (outside tags, outside <title> and <style>, which show no
 * markup) and whether it lies inside a `<bdi>`: where a value shows on the page.
 */
function textRuns(page: string): Array<{ text: string; isolated: boolean }> {
  const runs: Array<{ text: string; isolated: boolean }> = [];
  let depth = 0;
  let hidden = false;
  for (const [token] of page.matchAll(/<[^>]*>|[^<]+/g)) {
    const tag = /^<(\/?)([a-z0-9]+)/i.exec(token);
    if (tag) {
      const name = tag[2]!.toLowerCase();
      if (name === 'bdi') depth += tag[1] ? -1 : 1;
      if (name === 'title' || name === 'style') hidden = !tag[1];
    } else if (!hidden) runs.push({ text: token, isolated: depth > 0 });
  }
  return runs;
}

/** The commands that declare a page: those that print `-o html`. */
const pageCommands = (await registry.everyCommand()).filter(({ command }) => command.formats?.includes('html') === true).map(({ words }) => words.join(' '));

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  rentals = cliFor(sandbox);
  const item = await rentals(['inventory', 'add', '--name', ITEM, '--quantity-available', '5', '-o', 'json']);
  expect(item.code, item.stderr).toBe(0);
  itemId = Number(jsonData(item)[0]!.id);
  const fields = [...Object.entries(EVENT_FIELDS), ['internal-notes', INTERNAL_NOTES] as const].flatMap(([flag, value]) => [`--${flag}`, value]);
  const event = await rentals(['events', 'add', '--event-name', EVENT, '--event-status-id', 'Confirmed', '--rental-block-id', 'Daily', '--start-date', `${DAY} 09:00`, '--end-date', `${DAY} 18:00`, ...fields, '-o', 'json']);
  expect(event.code, event.stderr).toBe(0);
  eventId = Number(jsonData(event)[0]!.id);
  const booked = await rentals(['events', 'book', String(eventId), '--item', `${itemId}=2`, '--price', '10']);
  expect(booked.code, booked.stderr).toBe(0);
});

afterAll(async () => {
  await sandbox?.close();
});

describe('pages show hostile text as visible escapes (every command with a page, from the registry)', () => {
  test('the commands with a page are known here', () => {
    expect(pageCommands.length).toBeGreaterThanOrEqual(4);
    expect(pageCommands.filter((words) => !(words in RUNS))).toEqual([]);
  });

  test.each(pageCommands)('%s -o html', async (words) => {
    const { args, reads } = RUNS[words]!();
    const page = await rentals([...words.split(' '), ...args, '-o', 'html'], { env: COMPANY });
    expect(page.code, page.stderr).toBe(0);
    const raw = UNSAFE.exec(page.stdout);
    expect(raw && `U+${raw[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${JSON.stringify(page.stdout.slice(Math.max(0, raw.index - 40), raw.index + 20))}`).toBeNull();
    const text = pageText(page.stdout);
    for (const read of reads) expect(text, read).toContain(read);
    expect(text).not.toContain('Secret');
    expect(text).not.toContain('PaysLate');
  });

  test.each(pageCommands)('%s -o html: every value from data is inside an isolating element (<bdi>)', async (words) => {
    const { args, values } = RUNS[words]!();
    const page = await rentals([...words.split(' '), ...args, '-o', 'html'], { env: COMPANY });
    expect(page.code, page.stderr).toBe(0);
    const runs = textRuns(page.stdout);
    for (const value of values) {
      expect(runs.filter((run) => run.text.includes(value) && !run.isolated).map((run) => run.text), value).toEqual([]);
      expect(runs.some((run) => run.text.includes(value) && run.isolated), value).toBe(true);
    }
  });
});
