// An operator's day against the seeded sandbox (seeded dates are relative to 2025-06-01 12:00):
// the agenda in the order of the times it shows, --fields by the names of -o json, free windows
// that never start in the past.

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { FIXED_NOW, openSandbox } from '../sandbox/helpers.js';
import { type Runner, cliFor, ok } from './harness.js';

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let rentals: Runner;

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  rentals = cliFor(sandbox);
});
afterAll(async () => {
  await sandbox?.close();
});

/** The wall time of the seed's "now" (the tool reads the clock as local wall time). */
const seedNow = () => FIXED_NOW - new Date(FIXED_NOW).getTimezoneOffset() * 60_000;

describe('agenda', () => {
  test('each day lists its events in the order of the start times it shows (not by dropoff)', async () => {
    // Dropoffs in the opposite order of the starts: the earliest dropoff starts last.
    for (const [name, dropoff, start] of [['Late show', '2031-03-03 06:00', '2031-03-03 16:00'], ['Noon show', '2031-03-03 07:00', '2031-03-03 12:00'], ['Early show', '2031-03-03 08:00', '2031-03-03 09:00']]) {
      ok(await rentals(['events', 'add', '--event-name', name!, '--event-status-id', 'Confirmed', '--rental-block-id', 'Daily', '--dropoff-date', dropoff!, '--start-date', start!, '--end-date', '2031-03-03 23:00']));
    }
    const rows = ok(await rentals(['agenda', '--from', '2031-03-03', '--to', '2031-03-03', '--fields', 'date,startDate,eventName'])).stdout.trimEnd().split('\n').map((l) => l.split('\t'));
    expect(rows.map((r) => r[2])).toEqual(['Early show', 'Noon show', 'Late show']);
    const days = new Map<string, string[]>();
    for (const [day, start] of rows) days.set(day!, [...(days.get(day!) ?? []), start!]);
    expect([...days.values()].some((starts) => starts.length > 1)).toBe(true);
    for (const starts of days.values()) expect(starts).toEqual([...starts].sort());
  });

  test('--fields takes the names of -o json: eventName, startDate, customerName are event, start, customer', async () => {
    const range = ['agenda', '--from', '2025-06-01', '--to', '2025-06-30'];
    const byJsonNames = ok(await rentals([...range, '--fields', 'id,eventName,startDate,dropoffDate,endDate,pickupDate,customerName'])).stdout;
    const byColumns = ok(await rentals([...range, '--fields', 'id,event,start,dropoff,end,pickup,customer'])).stdout;
    expect(byJsonNames).toBe(byColumns);
    expect(byJsonNames.split('\n').length).toBeGreaterThan(3);
    // ndjson without --fields still shows the columns, not both names.
    const line = JSON.parse(ok(await rentals([...range, '-o', 'ndjson'])).stdout.split('\n')[0]!) as Record<string, unknown>;
    expect(Object.keys(line)).toEqual(['date', 'id', 'event', 'dropoff', 'start', 'end', 'pickup', 'customer', 'status', 'items', 'total', 'continuing']);
  });
});

describe('availability --find', () => {
  test('never offers a window starting before now, even from today 00:00', async () => {
    const items = JSON.parse(ok(await rentals(['inventory', 'list', '-o', 'json'])).stdout).data as Array<{ name: string }>;
    const now = FIXED_NOW + 3 * 3_600_000 + 17 * 60_000; // 15:17 UTC on the seed's day
    const result = ok(await rentals(['availability', '--find', '--item', `${items[0]!.name}=1`, '--duration', '2h', '--from', 'today', '--to', '+3d', '-o', 'json'], { now: () => now }));
    const windows = JSON.parse(result.stdout).data as Array<{ from: string }>;
    expect(windows.length).toBeGreaterThan(0);
    const wallNow = new Date(now - new Date(now).getTimezoneOffset() * 60_000).toISOString().slice(0, 16).replace('T', ' ');
    for (const window of windows) expect(window.from >= wallNow, `${window.from} starts before ${wallNow}`).toBe(true);
  });

  test('a range that is over is refused, naming now', async () => {
    const result = await rentals(['availability', '--find', '--item', 'x=1', '--duration', '2h', '--from', '2020-01-01', '--to', '2020-01-05'], { now: seedNow });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--find: the range .* is over; a window can start from now/);
  });
});

describe('mass price changes keep a way back', () => {
  test('prices adjust writes an undo report under the data directory, names it, and --undo puts every price back; -q prints data only', async () => {
    const data = fileTempDir('rentals-data-');
    const env = { XDG_DATA_HOME: data };
    const before = ok(await rentals(['prices', 'export', '-o', 'csv'])).stdout;
    const adjusted = ok(await rentals(['prices', 'adjust', '--percent', '10', '--yes'], { env }));
    const named = /Report: (\S+) \(undo: rentals prices import --undo \1\)/.exec(adjusted.stderr);
    expect(named, adjusted.stderr).not.toBeNull();
    const report = named![1]!;
    expect(report.startsWith(join(data, 'rentals', 'reports'))).toBe(true);
    expect(existsSync(report)).toBe(true);
    expect(ok(await rentals(['prices', 'export', '-o', 'csv'])).stdout).not.toBe(before);
    ok(await rentals(['prices', 'import', '--undo', report, '--yes'], { env }));
    expect(ok(await rentals(['prices', 'export', '-o', 'csv'])).stdout).toBe(before);
    // -q: nothing for people on stderr (the summary, the report's name), the report still written.
    const quiet = ok(await rentals(['prices', 'adjust', '--percent', '1', '--yes', '-q'], { env }));
    expect(quiet.stderr).toBe('');
    expect(readdirSync(join(data, 'rentals', 'reports')).length).toBeGreaterThanOrEqual(3);
  });
});

describe('--range', () => {
  test('a month by name is that month from its first to its last day, on every ranged command', async () => {
    for (const command of [['agenda'], ['events', 'list'], ['availability'], ['load-sheet'], ['report', 'revenue'], ['check']]) {
      const named = await rentals([...command, '--range', '2025-06', '-o', 'json']);
      const spelled = await rentals([...command, '--from', '2025-06-01', '--to', '2025-06-30', '-o', 'json']);
      expect([named.code, named.stdout], command.join(' ')).toEqual([spelled.code, spelled.stdout]);
    }
  });

  // Saturday 2025-06-07 10:00 and Wednesday 2025-06-04 10:00 on this machine's clock.
  const saturday = () => new Date(2025, 5, 7, 10).getTime();
  const wednesday = () => new Date(2025, 5, 4, 10).getTime();
  const RANGED = [['agenda'], ['events', 'list'], ['availability'], ['load-sheet'], ['report', 'revenue'], ['check'], ['timeline']];

  test('on a Saturday, --from mon --to sun is the coming week on every ranged command (the weekday named first has passed)', async () => {
    for (const command of RANGED) {
      const named = await rentals([...command, '--from', 'mon', '--to', 'sun', '-o', 'json'], { now: saturday });
      const spelled = await rentals([...command, '--from', '2025-06-09', '--to', '2025-06-15', '-o', 'json'], { now: saturday });
      expect([named.code, named.stderr, named.stdout], command.join(' ')).toEqual([spelled.code, spelled.stderr, spelled.stdout]);
      expect(named.code, named.stderr).toBeLessThan(2);
    }
  });

  test('--range weekend is Saturday and Sunday: the coming one, or the one under way; next-weekend the one after', async () => {
    const cases: Array<[() => number, string, string, string]> = [
      [wednesday, 'weekend', '2025-06-07', '2025-06-08'],
      [wednesday, 'next-weekend', '2025-06-14', '2025-06-15'],
      [saturday, 'weekend', '2025-06-07', '2025-06-08'],
      [saturday, 'next-weekend', '2025-06-14', '2025-06-15'],
    ];
    for (const [now, name, from, to] of cases) {
      for (const command of RANGED) {
        const named = await rentals([...command, '--range', name, '-o', 'json'], { now });
        const spelled = await rentals([...command, '--from', from, '--to', to, '-o', 'json'], { now });
        expect([named.code, named.stdout], `${command.join(' ')} --range ${name}`).toEqual([spelled.code, spelled.stdout]);
        expect(named.code, named.stderr).toBeLessThan(2);
      }
    }
  });

  test('seconds past 59 are refused like minutes past 59 (14:30:60 is not 14:31)', async () => {
    for (const time of ['2025-06-10T14:30:60', '2025-06-10 14:30:60', '2025-06-10T23:60']) {
      for (const command of RANGED) {
        const result = await rentals([...command, '--from', time, '--to', '2025-06-12']);
        expect([result.code, result.stderr], `${command.join(' ')} --from ${time}`).toEqual([2, `error: --from: "${time}" is not a date and time of the calendar\n`]);
      }
    }
  });

  test('a name it does not know, or --range with --from, is a usage error', async () => {
    const unknown = await rentals(['agenda', '--range', 'last-quarter']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--range: "last-quarter" is not a range: give today, tomorrow, yesterday, weekend, next-weekend, this-week');
    const both = await rentals(['agenda', '--range', 'this-week', '--from', 'today']);
    expect([both.code, both.stderr]).toEqual([2, 'error: --range names the whole range: give it, or --from/--to, not both\n']);
  });
});

describe('the fleet timeline', () => {
  test('without --item: every active item, the short one first; -o html is the same fleet on one page', async () => {
    const problems = JSON.parse(ok(await rentals(['check', '-o', 'json']).then((r) => ({ ...r, code: 0 }))).stdout).data as Array<{ code: string; itemId?: number; at?: string }>;
    const short = problems.find((p) => p.code === 'overbooked')!;
    const day = short.at!.slice(0, 10);
    const items = (JSON.parse(ok(await rentals(['inventory', 'list', '-o', 'json'])).stdout).data as Array<{ id: number; name: string; active: unknown }>).filter((i) => i.active === true || i.active === 1);
    const rows = JSON.parse(ok(await rentals(['timeline', '--from', day, '--to', day, '-o', 'json'])).stdout).data as Array<{ itemId: number }>;
    const drawn = [...new Set(rows.map((r) => r.itemId))];
    expect(drawn[0]).toBe(short.itemId);
    expect([...drawn].sort((a, b) => a - b)).toEqual(items.map((i) => i.id).sort((a, b) => a - b));
    const page = ok(await rentals(['timeline', '--from', day, '--to', day, '-o', 'html'])).stdout;
    expect(page).toContain('<h1><bdi>Fleet timeline</bdi></h1>');
    for (const item of items) expect(page).toContain(item.name.replace(/&/g, '&amp;'));
  });
});
