// A write that would change nothing says so once: one "nothing changed" line on stderr, exit 0,
// for every command that can be asked for what is already so, its dry run too.

import { expect, test } from 'vitest';
import { ok } from './harness.js';
import { calendarSuite } from './calendar-fixtures.js';

const fixtures = calendarSuite('Same');
const { rentals, item, event, line } = fixtures;

/** Each case: what to set up, then the command that asks for what is already so. */
const cases: Array<[string, () => Promise<string[]>]> = [
  ['events book of what the event already has', async () => {
    const uplight = await item(4, 37.5);
    const party = await event('2029-11-01T08:00:00', '2029-11-02T10:00:00');
    ok(await rentals(['events', 'book', String(party.id), '--item', `${uplight.name}=2`]));
    return ['events', 'book', String(party.id), '--item', `${uplight.name}=2`];
  }],
  ['events confirm of a Confirmed event', async () => {
    const party = await event('2029-11-03T08:00:00', '2029-11-04T10:00:00');
    return ['events', 'confirm', String(party.id)];
  }],
  ['events uncancel of an event not cancelled', async () => {
    const party = await event('2029-11-05T08:00:00', '2029-11-06T10:00:00');
    return ['events', 'uncancel', String(party.id)];
  }],
  ['events move to where it is', async () => {
    const party = await event('2029-11-07T08:00:00', '2029-11-08T10:00:00');
    await line(party.id, (await item(2)).id, 1);
    return ['events', 'move', String(party.id), '--to', '2029-11-07 08:00'];
  }],
  ['inventory update to the values it has', async () => {
    const chairs = await item(6);
    return ['inventory', 'update', String(chairs.id), '--quantity-available', '6'];
  }],
  ['prices set to the price it has', async () => {
    const tables = await item(3, 12.5);
    return ['prices', 'set', '--inventory-id', String(tables.id), '--rental-block-id', '1', '--price', '12.50'];
  }],
];

test.each(cases)('%s: one "nothing changed" line, exit 0, piped and as a table for people, run and dry run', async (_name, setUp) => {
  const args = await setUp();
  for (const format of [[], ['-o', 'table'], ['--dry-run'], ['--dry-run', '-o', 'table']]) {
    const run = await rentals([...args, ...format]);
    expect(run.code, run.stderr).toBe(0);
    const said = `${run.stdout}${run.stderr}`.split('\n').filter((text) => /nothing (would )?change/i.test(text));
    expect(said, `${format.join(' ')}: ${run.stdout}${run.stderr}`).toHaveLength(1);
  }
});
