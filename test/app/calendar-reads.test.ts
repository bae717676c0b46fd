// The calendar's read use cases in process (availability and its windows, check and its ways out,
// report, load sheet, timeline, the events list, an event's sheet), each given the CLI's own
// factory against an in-process sandbox with only the members it may use: one that reaches for
// more (a writer, the raw client) fails with "unexpected call". Each test writes the little
// calendar it reads, in 2027, with items of its own.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { availability, findWindows } from '../../src/app/calendar/availability.js';
import { check } from '../../src/app/calendar/check.js';
import { chosenItems } from '../../src/app/calendar/chosen-items.js';
import { companyOf, logoDataUrl } from '../../src/app/calendar/company.js';
import { eventSheet } from '../../src/app/calendar/event-sheet.js';
import { listEvents } from '../../src/app/calendar/events-list.js';
import { loadSheet } from '../../src/app/calendar/load-sheet.js';
import { showRange } from '../../src/app/calendar/range.js';
import { report } from '../../src/app/calendar/report.js';
import { timeline } from '../../src/app/calendar/timeline.js';
import type { Factory } from '../../src/app/factory.js';
import type { GroupedView, RecordListView, RecordStreamView, View } from '../../src/output/views.js';
import { calendarSuite } from '../e2e/calendar-fixtures.js';
import { tempDir } from '../helpers/fake-context.js';
import { factoryOver, fakeFactory, recordingNotices } from '../helpers/fake-factory.js';
import { pageText } from '../helpers/pages-sample.js';
import { FIXED_NOW } from '../sandbox/helpers.js';

const { sandbox, item, event, line } = calendarSuite('Reads');

/** The members a calendar read may use: its reads, how a status holds, the clock, notices. */
const READS = ['calendar', 'ruleOf', 'wallNow', 'notices', 'documentSettings'] as const;

/** `body` with a factory of the READS members (and `more`), closed after. */
async function reading<T>(body: (factory: Factory, stderr: () => string) => Promise<T>, more: ReadonlyArray<keyof Factory> = []): Promise<T> {
  const run = await factoryOver(sandbox(), [...READS, ...more], { now: FIXED_NOW });
  try {
    return await body(run.factory, run.stderr);
  } finally {
    run.close();
  }
}

async function streamed(view: View): Promise<Array<Record<string, unknown>>> {
  expect(view.kind).toBe('stream');
  const records: Array<Record<string, unknown>> = [];
  for await (const piece of (view as RecordStreamView).pieces) if (piece.kind === 'records') records.push(...piece.records);
  return records;
}

describe('availability', () => {
  test('per item: owned, the most held at one moment, free, and the events holding them; the range said on stderr', async () => {
    const tent = await item(5);
    const a = await event('2027-03-01 08:00', '2027-03-03 18:00');
    const b = await event('2027-03-02 08:00', '2027-03-04 18:00');
    await line(a.id, tent.id, 2);
    await line(b.id, tent.id, 2);
    await reading(async (factory, stderr) => {
      const rows = await streamed(await availability(factory, { range: { from: '2027-03-01', to: '2027-03-05' }, items: [tent.name], daily: false, all: false }));
      expect(rows).toEqual([expect.objectContaining({ id: tent.id, owned: 5, booked: 4, free: 1, events: expect.arrayContaining([expect.objectContaining({ id: a.id, quantity: 2 })]) })]);
      expect(stderr()).toMatch(/Range: .*2027-03-01/);
    });
  });

  test('daily: a grid of the free units of each day', async () => {
    const chair = await item(10);
    const party = await event('2027-04-02 08:00', '2027-04-02 20:00');
    await line(party.id, chair.id, 7);
    await reading(async (factory) => {
      const view = await availability(factory, { range: { from: '2027-04-01', to: '2027-04-03' }, items: [String(chair.id)], daily: true, all: false });
      if (view.kind !== 'grid') throw new Error(`a grid, not ${view.kind}`);
      expect(view.cells).toEqual([[10, 3, 10]]);
    });
  });

  test('find: the earliest windows in which the asked units are free together, never before now', async () => {
    const stage = await item(3);
    const gig = await event('2027-05-01 08:00', '2027-05-03 08:00');
    await line(gig.id, stage.id, 2);
    await reading(async (factory) => {
      const view = await findWindows(factory, { range: { from: '2027-05-01', to: '2027-05-06' }, asks: [`${stage.name}=2`], duration: '2d', limit: 1, includeTentative: false });
      expect(view.rows).toEqual([expect.objectContaining({ from: expect.stringContaining('2027-05-03'), length: expect.any(String) })]);
    });
  });

  test('find refuses before reading anything: no duration, no item, or a range that is over', async () => {
    const factory = fakeFactory({ wallNow: () => Date.UTC(2027, 0, 1) });
    await expect(findWindows(factory, { range: {}, asks: ['Tent=1'], duration: undefined, limit: undefined, includeTentative: false })).rejects.toThrow('--find needs --duration');
    await expect(findWindows(factory, { range: {}, asks: [], duration: '1d', limit: undefined, includeTentative: false })).rejects.toThrow('--find needs at least one --item');
    await expect(findWindows(factory, { range: { from: '2026-01-01', to: '2026-01-02' }, asks: ['Tent=1'], duration: '1d', limit: undefined, includeTentative: false })).rejects.toThrow(/is over/);
  });
});

describe('check', () => {
  test('an overbooking is a problem (exit 1) with its way out: a window that fits', async () => {
    const heater = await item(1);
    const first = await event('2027-06-01 08:00', '2027-06-02 08:00');
    const second = await event('2027-06-01 12:00', '2027-06-02 12:00');
    await line(first.id, heater.id, 1);
    await line(second.id, heater.id, 1);
    await reading(async (factory, stderr) => {
      const outcome = await check(factory, { from: '2027-06-01', to: '2027-06-03' });
      expect(outcome.exitCode).toBe(1);
      const data = ((outcome.view as RecordListView).body as { data: Array<Record<string, unknown>> }).data;
      const overbooked = data.find((p) => p.code === 'overbooked' && p.itemId === heater.id)!;
      expect(overbooked.events).toEqual(expect.arrayContaining([expect.objectContaining({ id: first.id }), expect.objectContaining({ id: second.id })]));
      expect(overbooked.waysOut).toEqual(expect.objectContaining({ eventId: expect.any(Number) }));
      expect(stderr()).toMatch(/problems? found/);
    }, ['advisor']);
  });

  test('a clean range is exit 0, and the advisor is never asked for', async () => {
    await reading(async (factory, stderr) => {
      const outcome = await check(factory, { from: '2031-01-01', to: '2031-01-02' });
      expect(outcome.exitCode).toBe(0);
      expect(stderr()).toContain('No problems found');
    });
  });
});

describe('report', () => {
  test('revenue: Σ quantity × price of the lines of the events that start in the range, with the total beside them', async () => {
    const lamp = await item(10);
    const fair = await event('2027-07-10 08:00', '2027-07-11 08:00');
    await line(fair.id, lamp.id, 3, 12.5);
    await reading(async (factory) => {
      const view = await report(factory, { kind: 'revenue', range: { from: '2027-07-01', to: '2027-07-31' }, by: 'item', includeCancelled: false });
      if (view.kind !== 'picture') throw new Error(view.kind);
      const rows = view.listing.rows;
      expect(rows).toEqual(expect.arrayContaining([expect.objectContaining({ key: String(lamp.id), amount: 37.5, lines: 1, cancelled: false })]));
      // The total beside the rows (-o json's `total`), not among them.
      expect(rows.map((r) => r.key)).not.toContain('total');
      const body = view.listing.body as { data: unknown[]; total: { amount: number } };
      expect(body.data).toBe(rows);
      expect(body.total.amount).toBeGreaterThanOrEqual(37.5);
    });
  });

  test('an unknown kind is refused with a suggestion, before anything is read', async () => {
    await expect(report(fakeFactory(), { kind: 'revenu', range: {}, by: undefined, includeCancelled: false })).rejects.toThrow('did you mean revenue?');
  });
});

describe('load sheet', () => {
  test('per day: what goes out at each dropoff and comes back at each pickup, with the item totals', async () => {
    const table = await item(20);
    const dinner = await event('2027-08-05 09:00', '2027-08-06 17:00');
    await line(dinner.id, table.id, 8);
    await reading(async (factory) => {
      const view = (await loadSheet(factory, { from: { flag: '--from', value: '2027-08-05' }, to: '2027-08-06' })) as GroupedView;
      const out = view.groups.find((g) => g.heading.includes('OUT') && g.rows.some((r) => r.id === dinner.id))!;
      expect(out.footer).toEqual(expect.arrayContaining([expect.stringContaining(`8 × ${table.name}`)]));
      expect(view.groups.some((g) => g.heading.includes('IN') && g.rows.some((r) => r.id === dinner.id))).toBe(true);
    });
  });

  test('a quote is marked as a quote (its units may never go out), in every format; a firm event is not', async () => {
    const tent = await item(4);
    const quoted = await event('2027-08-09 09:00', '2027-08-10 17:00', { eventStatusId: 1 });
    const firm = await event('2027-08-09 10:00', '2027-08-10 18:00');
    await line(quoted.id, tent.id, 2);
    await line(firm.id, tent.id, 1);
    await reading(async (factory) => {
      const view = (await loadSheet(factory, { from: { flag: '--from', value: '2027-08-09' } })) as GroupedView;
      const rows = view.groups.flatMap((g) => g.rows);
      expect(rows.find((r) => r.id === quoted.id)).toMatchObject({ quote: true });
      expect(rows.find((r) => r.id === firm.id)?.quote).toBe(false);
      // Where the table would be cut, the entry says it.
      expect(view.entry!(rows.find((r) => r.id === quoted.id)!, '2027-08-09').title).toContain('QUOTE, not confirmed');
      expect(view.entry!(rows.find((r) => r.id === firm.id)!, '2027-08-09').title).not.toContain('QUOTE');
      // -o json, and the printed pick list.
      const out = (view.data as Array<{ out: { events: Array<{ id: number; quote: boolean }> } }>)[0]!.out.events;
      expect(out.find((e) => e.id === quoted.id)?.quote).toBe(true);
      expect(out.find((e) => e.id === firm.id)?.quote).toBe(false);
      const page = String((view as unknown as { html: (size: string) => string }).html('A4'));
      expect(page).toMatch(new RegExp(`<bdi>${quoted.name}</bdi> <small>\\(<bdi>${quoted.id}</bdi>\\)</small> <strong class="quote">QUOTE</strong>`));
      expect(page).not.toMatch(new RegExp(`<small>\\(<bdi>${firm.id}</bdi>\\)</small> <strong`));
    });
  });

  test("a day's totals are the confirmed units; a quote's are shown apart (+N on quotes), the same in the table, -o json and the printed pick list", async () => {
    const tent = await item(6);
    const chair = await item(50);
    const stage = await item(4);
    const quoted = await event('2027-08-12 09:00', '2027-08-13 17:00', { eventStatusId: 1 });
    const firm = await event('2027-08-12 10:00', '2027-08-13 18:00');
    await line(quoted.id, tent.id, 2);
    await line(quoted.id, chair.id, 5);
    await line(firm.id, tent.id, 1);
    await line(firm.id, stage.id, 3);
    await reading(async (factory) => {
      const view = (await loadSheet(factory, { from: { flag: '--from', value: '2027-08-12' }, to: '2027-08-13' })) as GroupedView;
      const out = view.groups.find((g) => g.heading.includes('OUT'))!;
      const back = view.groups.find((g) => g.heading.includes('IN'))!;
      // By name, as the sheet lists them.
      const byName = <T extends { name: string }>(list: T[]) => list.sort((a, b) => a.name.localeCompare(b.name));
      const lines = byName([
        { name: chair.name, line: `      0 × ${chair.name}  (+5 on quotes)`, cells: `${chair.name} 0 +5` },
        { name: stage.name, line: `      3 × ${stage.name}`, cells: `${stage.name} 3` },
        { name: tent.name, line: `      1 × ${tent.name}  (+2 on quotes)`, cells: `${tent.name} 1 +2` },
      ]);
      expect(out.footer).toEqual(['To load:', ...lines.map((l) => l.line)]);
      expect(back.footer).toEqual(['To receive:', ...lines.map((l) => l.line)]);
      // -o json: quantity is what is confirmed, onQuotes what quotes hold besides.
      const days = view.data as Array<{ date: string; out: { items: unknown[] }; in: { items: unknown[] } }>;
      const totals = byName([
        { inventoryId: chair.id, name: chair.name, quantity: 0, onQuotes: 5 },
        { inventoryId: stage.id, name: stage.name, quantity: 3, onQuotes: 0 },
        { inventoryId: tent.id, name: tent.name, quantity: 1, onQuotes: 2 },
      ]);
      expect(days[0]!.out.items).toEqual(totals);
      expect(days[1]!.in.items).toEqual(totals);
      // The printed pick list: its totals table has the confirmed quantity, and the quotes' apart.
      const page = pageText(String((view as unknown as { html: (size: string) => string }).html('A4')));
      const cells = lines.map((l) => l.cells).join(' ');
      expect(page).toContain(`To load · Thu 2027-08-12 ✓ Item Quantity On quotes ${cells}`);
      expect(page).toContain(`To receive · Fri 2027-08-13 ✓ Item Quantity On quotes ${cells}`);
    });
  });

  test('a day with no quote keeps its totals as they were: no quotes column, nothing added to a line', async () => {
    const table = await item(20);
    const dinner = await event('2027-08-16 09:00', '2027-08-16 17:00');
    await line(dinner.id, table.id, 8);
    await reading(async (factory) => {
      const view = (await loadSheet(factory, { from: { flag: '--from', value: '2027-08-16' } })) as GroupedView;
      expect(view.groups.find((g) => g.heading.includes('OUT'))!.footer).toEqual(['To load:', `      8 × ${table.name}`]);
      const html = String((view as unknown as { html: (size: string) => string }).html('A4'));
      expect(pageText(html)).toContain(`To load · Mon 2027-08-16 ✓ Item Quantity ${table.name} 8`);
      expect(html).not.toContain('On quotes');
    });
  });
});

describe('timeline', () => {
  test('the items asked for, their holds as intervals with what stays free', async () => {
    const truss = await item(2);
    const show = await event('2027-09-01 08:00', '2027-09-02 08:00');
    await line(show.id, truss.id, 2);
    await reading(async (factory) => {
      const view = await timeline(factory, { range: { from: '2027-09-01', to: '2027-09-03' }, items: [truss.name] });
      if (view.kind !== 'picture') throw new Error(view.kind);
      expect(view.listing.rows).toEqual(expect.arrayContaining([expect.objectContaining({ itemId: truss.id, eventId: show.id, quantity: 2 })]));
    });
  });
});

describe('events list and an event sheet', () => {
  test('the list filtered by a search and a range; the sheet with its bookings and total', async () => {
    const speaker = await item(4);
    const name = `Reads sheet ${Date.now()}`;
    const launch = await event('2027-10-01 08:00', '2027-10-01 20:00', { amountDelivery: 75 }, name);
    await line(launch.id, speaker.id, 2, 30);
    await line(launch.id, (await item(2)).id, 1, 2.1251);
    await reading(async (factory) => {
      const listed = (await listEvents(factory, { search: name.toUpperCase(), from: '2027-10-01', to: '2027-10-02' })) as RecordListView;
      expect(listed.rows.map((r) => r.id)).toEqual([launch.id]);
    });
    await reading(async (factory) => {
      const sheet = await eventSheet(factory, String(launch.id));
      if (sheet.kind !== 'detail') throw new Error(sheet.kind);
      expect((sheet.json as { totals: { items: number } }).totals.items).toBe(62.1251);
      // The amounts under one another, decimal points in one column, an exact 4-decimal figure too.
      const amounts = sheet.sections![0]!.footer!.filter((line) => /\d\.\d+$|—$/.test(line));
      expect(amounts.length).toBe(8);
      const figures = amounts.filter((line) => line.includes('.'));
      expect(figures.length).toBeGreaterThan(1);
      expect(new Set(figures.map((line) => line.indexOf('.'))).size).toBe(1);
      expect(amounts[0]).toMatch(/^ +items  +62\.1251$/);
      expect(amounts[1]).toMatch(/^ +\+ delivery  +75\.00$/);
    }, ['settings']);
  });

  test('no filter: every event, by start', async () => {
    await reading(async (factory) => {
      const listed = (await listEvents(factory, {})) as RecordListView;
      expect(listed.rows.length).toBeGreaterThan(0);
      const starts = listed.rows.map((r) => String(r.startDate));
      expect(starts).toEqual([...starts].sort());
    });
  });
});

describe('the pieces the calendar reads share', () => {
  test('chosenItems: each item once, by id or name', async () => {
    const crate = await item(3);
    await reading(async (factory) => {
      const calendar = await factory.calendar();
      expect((await chosenItems(calendar, [crate.name, String(crate.id)], undefined)).map((i) => i.id)).toEqual([crate.id]);
    });
  });

  test('showRange: the range on stderr as a notice', () => {
    const { notices, lines } = recordingNotices();
    showRange(notices, { from: Date.UTC(2027, 0, 1), to: Date.UTC(2027, 0, 2) });
    expect(lines).toEqual([expect.stringMatching(/^info: Range: .*2027-01-01.*→.*2027-01-02/)]);
  });

  test('the company of a page: its logo embedded as a data: URL; a missing logo file is a usage error', () => {
    const dir = tempDir();
    const logo = join(dir, 'logo.png');
    writeFileSync(logo, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(companyOf({ companyName: 'Acme', logo }).logo).toBe('data:image/png;base64,iVBORw==');
    expect(() => logoDataUrl(join(dir, 'none.png'))).toThrow(/^logo .*none\.png: no such file/);
  });
});
