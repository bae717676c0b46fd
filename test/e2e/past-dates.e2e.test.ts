// A year typed wrong (2025-12-19 for 2026-12-19) is said, never refused: a write that leaves an
// event wholly and long in the past (its pickup, or its end without one, more than 30 days before
// the shop's now) warns on stderr, its dry run alike, `-o json` too (its data unchanged), and
// through `rentals mcp`; an event that ends within those days (closed out early) or was already
// wholly in the past before the change (moved within the past, cancelled, put back by an undo) is
// not warned about. A start more than two years ahead (2062 for 2026) is said the same way.

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, describe, expect, test } from 'vitest';
import { spawnedClient } from '../helpers/mcp-client.js';
import { calendarSuite } from './calendar-fixtures.js';
import { BIN, cliEnv, ok } from './harness.js';

const fixtures = calendarSuite('Past');
const { rentals: run, event } = fixtures;

/** The shop's clock: Sun 2026-11-29 12:00 UTC. */
const NOW = Date.UTC(2026, 10, 29, 12, 0);
const rentals = (args: string[]) => run(args, { now: () => NOW, env: { RENTALS_TIMEZONE: 'UTC' } });
const warnings = (stderr: string): string[] => stderr.split('\n').filter((line) => line.includes('check the year'));

describe('a write that leaves an event wholly in the past', () => {
  test('events move: the event, its end on the wall clock and how long ago; the dry run and -o json say it too', async () => {
    const party = await event('2026-12-01T09:00:00', '2026-12-02T10:00:00', {}, 'Past Chen Baby Shower');
    for (const extra of [['--dry-run'], ['--dry-run', '-o', 'json'], []]) {
      const moved = await rentals(['events', 'move', String(party.id), '--to', '2025-12-01', ...extra]);
      expect(moved.code, moved.stderr).toBe(0);
      expect(warnings(moved.stderr), extra.join(' ')).toEqual([`warning: event ${party.id} "Past Chen Baby Shower" now ends 2025-12-02 10:00, 362 days ago; nothing stops that, but check the year`]);
    }
    // Moved within the past, cancelled, the cancel undone and done again, moved ahead and that undone (back in the past): nothing new was typed.
    for (const args of [['events', 'move', String(party.id), '--by', '1d'], ['events', 'cancel', String(party.id), '--cancel-reason', 'Old'], ['undo'], ['undo'], ['events', 'uncancel', String(party.id)], ['events', 'move', String(party.id), '--to', '2026-12-20'], ['undo']]) {
      const again = ok(await rentals(args));
      expect(warnings(again.stderr), args.join(' ')).toEqual([]);
    }
  });

  test('events add and events update, run and dry run; a date still ahead is not warned about', async () => {
    const add = ['events', 'add', '--event-name', 'Past typo', '--event-status-id', '1', '--rental-block-id', '1', '--start-date', '2025-12-19 10:00', '--end-date', '2025-12-19 18:00'];
    for (const extra of [['--dry-run'], ['-o', 'json']]) {
      const added = ok(await rentals([...add, ...extra]));
      expect(warnings(added.stderr)).toEqual(['warning: the new event "Past typo" ends 2025-12-19 18:00, 344 days ago; nothing stops that, but check the year']);
    }
    const party = await event('2026-12-05T09:00:00', '2026-12-06T10:00:00');
    const dates = ['--dropoff-date', '2025-12-05 09:00', '--start-date', '2025-12-05 09:00', '--end-date', '2025-12-06 10:00', '--teardown-date', '2025-12-06 10:00', '--pickup-date', '2025-12-06 10:00'];
    for (const extra of [['--dry-run'], []]) {
      const updated = ok(await rentals(['events', 'update', String(party.id), ...dates, ...extra]));
      expect(warnings(updated.stderr)).toEqual([`warning: event ${party.id} "${party.name}" now ends 2025-12-06 10:00, 358 days ago; nothing stops that, but check the year`]);
    }
    const ahead = ok(await rentals(['events', 'move', String(party.id), '--to', '2026-12-10']));
    expect(warnings(ahead.stderr)).toEqual([]);
  });

  test('an event running today closed out early is no warning; a whole day is said as typed', async () => {
    const today = await event('2026-11-29T08:00:00', '2026-11-29T18:00:00', {}, 'Past today thing');
    const early = ok(await rentals(['events', 'update', String(today.id), '--end-date', 'today 11:00', '--teardown-date', 'today 11:30', '--pickup-date', 'today 11:30']));
    expect(warnings(early.stderr)).toEqual([]);
    const recent = ok(await rentals(['events', 'move', String(today.id), '--by=-20d', '--dry-run']));
    expect(warnings(recent.stderr)).toEqual([]);
    const wholeDay = ok(await rentals(['events', 'add', '--event-name', 'Past day', '--event-status-id', '1', '--rental-block-id', '1', '--start-date', '2025-12-19', '--end-date', '2025-12-19', '--dry-run']));
    expect(warnings(wholeDay.stderr)).toEqual(['warning: the new event "Past day" ends with 2025-12-19, 344 days ago; nothing stops that, but check the year']);
  });

  test('events clone to a past start, its dry run alike', async () => {
    const source = await event('2026-12-07T09:00:00', '2026-12-08T10:00:00', {}, 'Past festival');
    for (const extra of [['--dry-run'], []]) {
      const cloned = ok(await rentals(['events', 'clone', String(source.id), '--start-date', '2025-12-07', ...extra]));
      expect(warnings(cloned.stderr)).toEqual(['warning: the new event "Past festival" ends 2025-12-08 10:00, 356 days ago; nothing stops that, but check the year']);
    }
  });

  test('a year typed ahead (2062 for 2026): move, update and add warn of the start, years ahead; a change of an event already so far ahead does not; next season does not', async () => {
    const party = await event('2026-12-09T09:00:00', '2026-12-10T10:00:00', {}, 'Far fair');
    for (const extra of [['--dry-run'], []]) {
      const moved = ok(await rentals(['events', 'move', String(party.id), '--to', '2062-12-09', ...extra]));
      expect(warnings(moved.stderr), extra.join(' ')).toEqual([`warning: event ${party.id} "Far fair" now starts 2062-12-09 09:00, 13158 days from now; nothing stops that, but check the year`]);
    }
    const later = ok(await rentals(['events', 'update', String(party.id), '--start-date', '2062-12-09 10:00']));
    expect(warnings(later.stderr)).toEqual([]);
    const added = ok(await rentals(['events', 'add', '--event-name', 'Far typo', '--event-status-id', '1', '--rental-block-id', '1', '--start-date', '2036-12-19', '--end-date', '2036-12-19', '--dry-run']));
    expect(warnings(added.stderr)).toEqual(['warning: the new event "Far typo" starts 2036-12-19 00:00, 3672 days from now; nothing stops that, but check the year']);
    const nextYear = ok(await rentals(['events', 'add', '--event-name', 'Next season', '--event-status-id', '1', '--rental-block-id', '1', '--start-date', '2028-06-01', '--end-date', '2028-06-01', '--dry-run']));
    expect(warnings(nextYear.stderr)).toEqual([]);
  });

  test('the start warned of is the start date, not the dropoff a day before it; a clone of an event already so far ahead is new, and warned about', async () => {
    const fair = await event('2027-01-14T09:00:00', '2027-01-17T10:00:00', { startDate: '2027-01-15T16:00:00', endDate: '2027-01-16T22:00:00' }, 'Far dropoff fair');
    const moved = ok(await rentals(['events', 'move', String(fair.id), '--to', '2062-01-14']));
    expect(warnings(moved.stderr)).toEqual([`warning: event ${fair.id} "Far dropoff fair" now starts 2062-01-15 16:00, 12831 days from now; nothing stops that, but check the year`]);
    const cloned = ok(await rentals(['events', 'clone', String(fair.id), '--start-date', '2062-03-01', '--dry-run']));
    expect(warnings(cloned.stderr)).toEqual(['warning: the new event "Far dropoff fair" starts 2062-03-01 16:00, 12876 days from now; nothing stops that, but check the year']);
  });

  describe('through rentals mcp', () => {
    let client: Client | undefined;
    afterAll(async () => {
      await client?.close();
    });

    test('the tool answer carries the warning', async () => {
      const party = await event('2029-03-01T09:00:00', '2029-03-02T10:00:00', {}, 'Past MCP party');
      client = (await spawnedClient(BIN, [], { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8', ...cliEnv(fixtures.sandbox()) })).client;
      const answer = (await client.callTool({ name: 'events_move', arguments: { event: String(party.id), to: '2020-03-01' } })) as { content: Array<{ text?: string }> };
      expect(answer.content.map((c) => c.text ?? '').join('\n')).toMatch(new RegExp(`warning: event ${party.id} "Past MCP party" now ends 2020-03-02 10:00, \\d+ days ago; nothing stops that, but check the year`));
    });
  });
});
