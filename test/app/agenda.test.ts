// The agenda use case in process: against a seeded sandbox through the CLI's own factory (only the
// members it may use let through), and with doubles where the data does not matter.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { agenda } from '../../src/app/calendar/agenda.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { FIXED_NOW } from '../sandbox/helpers.js';
import { factoryOver, fakeFactory } from '../helpers/fake-factory.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: true, now: () => FIXED_NOW, log: () => {} });
});
afterAll(() => sandbox.close());

const USES = ['calendar', 'wallNow', 'now', 'notices', 'apiHost', 'timeZone'] as const;

describe('agenda', () => {
  test('the events whose window meets the range, under the day they begin, with items and totals; the range on stderr', async () => {
    const run = await factoryOver(sandbox, USES, { now: FIXED_NOW });
    try {
      const view = await agenda(run.factory, { range: { from: '2025-06-12', to: '2025-06-14' }, activeOnly: false });
      const rows = view.listing.data as Array<Record<string, unknown>>;
      expect(rows.map((r) => r.eventName)).toContain('Harper–Nguyen Wedding');
      const wedding = rows.find((r) => r.eventName === 'Harper–Nguyen Wedding')!;
      expect(wedding).toMatchObject({ date: '2025-06-12', startDate: '2025-06-13T16:00:00', customerName: 'Olivia Harper', cancelled: false });
      expect((wedding.items as unknown[]).length).toBe(5);
      expect(run.stderr()).toContain('Range: ');
    } finally {
      run.close();
    }
  });

  test('an event under way when the range begins is listed under the day it began, marked as continuing, in any range', async () => {
    const run = await factoryOver(sandbox, USES, { now: FIXED_NOW });
    try {
      const begins = await agenda(run.factory, { range: { from: '2025-06-12', to: '2025-06-14' }, activeOnly: false });
      const underWay = await agenda(run.factory, { range: { from: '2025-06-13', to: '2025-06-15' }, activeOnly: false });
      const later = await agenda(run.factory, { range: { from: '2025-06-14', to: '2025-06-15' }, activeOnly: false });
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
      expect(starting.rows.find((r) => r.event === 'Harper–Nguyen Wedding')!.continuing).toBeNull();
    } finally {
      run.close();
    }
  });

  test('-o ics: the same events as VEVENTs, the API host in each UID', async () => {
    const run = await factoryOver(sandbox, USES, { now: FIXED_NOW, env: { RENTALS_TIMEZONE: 'UTC' } });
    try {
      const view = await agenda(run.factory, { range: { range: '2025-06' }, activeOnly: true });
      const ics = await view.ics();
      expect(ics).toContain('BEGIN:VCALENDAR');
      expect(ics).toContain('SUMMARY:Harper–Nguyen Wedding');
      expect(ics).toMatch(/UID:[^\n]*@127\.0\.0\.1/);
    } finally {
      run.close();
    }
  });

  test('a bad range is refused before anything is read (no calendar asked for)', async () => {
    const factory = fakeFactory({ wallNow: () => Date.UTC(2025, 5, 1) });
    await expect(agenda(factory, { range: { from: 'someday' }, activeOnly: false })).rejects.toThrow(/--from/);
  });
});
