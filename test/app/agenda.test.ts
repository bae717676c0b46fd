// The agenda use case in process: against a seeded sandbox through the CLI's own factory (only the
// members it may use let through), and with doubles where the data does not matter.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { agenda } from '../../src/app/calendar/agenda.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { FIXED_NOW } from '../sandbox/helpers.js';
import type { Factory } from '../../src/app/factory.js';
import { factoryOver, fakeFactory } from '../helpers/fake-factory.js';
import { pageText } from '../helpers/pages-sample.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: true, now: () => FIXED_NOW, log: () => {} });
});
afterAll(() => sandbox.close());

const USES = ['calendar', 'wallNow', 'now', 'notices', 'apiHost', 'timeZone', 'documentSettings'] as const;

/** `body` with a factory of the USES members over the seeded sandbox (and `env`), closed after. */
async function reading(body: (factory: Factory, stderr: () => string) => Promise<void>, env: Record<string, string> = {}): Promise<void> {
  const run = await factoryOver(sandbox, USES, { now: FIXED_NOW, env });
  try {
    await body(run.factory, run.stderr);
  } finally {
    run.close();
  }
}

describe('agenda', () => {
  test('the events whose window meets the range, under the day they begin, with items and totals; the range on stderr', async () => {
    await reading(async (factory, stderr) => {
      const view = await agenda(factory, { range: { from: '2025-06-12', to: '2025-06-14' }, activeOnly: false });
      const rows = view.listing.data as Array<Record<string, unknown>>;
      expect(rows.map((r) => r.eventName)).toContain('Harper–Nguyen Wedding');
      const wedding = rows.find((r) => r.eventName === 'Harper–Nguyen Wedding')!;
      expect(wedding).toMatchObject({ date: '2025-06-12', startDate: '2025-06-13T16:00:00', customerName: 'Olivia Harper', cancelled: false });
      expect((wedding.items as unknown[]).length).toBe(5);
      expect(stderr()).toContain('Range: ');
    });
  });

  test('an event under way when the range begins is listed under the day it began, marked as continuing, in any range', async () => {
    await reading(async (factory) => {
      const begins = await agenda(factory, { range: { from: '2025-06-12', to: '2025-06-14' }, activeOnly: false });
      const underWay = await agenda(factory, { range: { from: '2025-06-13', to: '2025-06-15' }, activeOnly: false });
      const later = await agenda(factory, { range: { from: '2025-06-14', to: '2025-06-15' }, activeOnly: false });
      const wedding = (view: typeof begins) => (view.listing.data as Array<Record<string, unknown>>).find((r) => r.eventName === 'Harper–Nguyen Wedding')!;
      expect(wedding(begins)).toMatchObject({ date: '2025-06-12', continuing: false });
      // Never under the range's first day as if it began then: the same day in every range, marked.
      for (const view of [underWay, later]) {
        expect(wedding(view)).toMatchObject({ date: '2025-06-12', continuing: true });
        const group = view.listing.groups.find((g) => g.rows.some((r) => r.event === 'Harper–Nguyen Wedding'))!;
        expect(group.heading).toBe('Thu 2025-06-12, under way when the range begins');
        expect(group.key).toBe('2025-06-12');
        const row = group.rows.find((r) => r.event === 'Harper–Nguyen Wedding')!;
        expect(row.continuing).toBe(true);
        expect(view.listing.entry!(row, group.key).title).toMatch(/ · continuing$/);
      }
      const starting = begins.listing.groups.find((g) => g.rows.some((r) => r.event === 'Harper–Nguyen Wedding'))!;
      expect(starting.heading).toBe('Thu 2025-06-12');
      expect(starting.rows.find((r) => r.event === 'Harper–Nguyen Wedding')!.continuing).toBe(false);
    });
  });

  test('-o ics: the same events as VEVENTs, the API host in each UID', async () => {
    await reading(async (factory) => {
      const view = await agenda(factory, { range: { range: '2025-06' }, activeOnly: true });
      const ics = await view.ics();
      expect(ics).toContain('BEGIN:VCALENDAR');
      expect(ics).toContain('SUMMARY:Harper–Nguyen Wedding');
      expect(ics).toMatch(/UID:[^\n]*@127\.0\.0\.1/);
    }, { RENTALS_TIMEZONE: 'UTC' });
  });

  test('-o html: a page to pin up with the same days, continuing marks, windows, items and totals as the table; self-contained', async () => {
    await reading(async (factory) => {
      const view = await agenda(factory, { range: { from: '2025-06-13', to: '2025-06-14' }, activeOnly: false });
      const html = view.html!('Letter');
      // The table's day headings, in its order (an event under way under the day it began).
      const headings = [...html.matchAll(/<h2>([\s\S]*?)<\/h2>/g)].map((m) => pageText(m[1]!).trim());
      expect(headings).toEqual(view.listing.groups.map((g) => g.heading));
      expect(headings).toContain('Thu 2025-06-12, under way when the range begins');
      // Each event once, with the table's total.
      const rows = view.listing.groups.flatMap((g) => g.rows);
      const text = pageText(html);
      for (const row of rows) expect(text).toContain(`${String(row.event)} (${String(row.id)})`);
      expect(html.match(/<tr class="event[^"]*">/g)).toHaveLength(rows.length);
      // Its times on the day it is under (the date too on another day), its items one a line, its window and total.
      expect(text).toContain(
        '06-13 16:00 06-13 23:00 Harper–Nguyen Wedding (1) Confirmed · continuing Olivia Harper 1 × 20x40 Frame Tent 18 × 60in Round Table 150 × Gold Chiavari Chair 6 × String Lights, 100ft 40 × Dance Floor Panel 3x3 09:00 06-14 10:00 3933.50',
      );
      // Self-contained: no script, nothing fetched; for the paper asked, landscape.
      expect(html).not.toMatch(/<script|<link|\ssrc=|url\(/i);
      expect(html).toContain("default-src 'none'");
      expect(html).toContain('@page{size:Letter landscape');
    });
  });

  test('-o html of a range without events says so', async () => {
    await reading(async (factory) => {
      const view = await agenda(factory, { range: { from: '2031-01-01', to: '2031-01-02' }, activeOnly: false });
      expect(pageText(view.html!('A4'))).toContain('No events in this range.');
    });
  });

  test('a bad range is refused before anything is read (no calendar asked for)', async () => {
    const factory = fakeFactory({ wallNow: () => Date.UTC(2025, 5, 1) });
    await expect(agenda(factory, { range: { from: 'someday' }, activeOnly: false })).rejects.toThrow(/--from/);
  });
});
