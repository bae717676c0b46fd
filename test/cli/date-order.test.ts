// Event dates out of order (dropoff ≤ start ≤ end ≤ teardown ≤ pickup): `events add/update` refuse
// them with exit 2 and send nothing, unless --allow-date-order; an update that changes no date is
// not judged (the record's dates are the server's business). The sandbox accepts any order.
// The refusal speaks the command line: a date a flag set by that flag (as typed; a day given whole as
// that day, to its end), one from --file by its name there, a default by what gave it, the event's
// in words, each time on the wall clock (to the second when either has seconds); generated over
// every command that refuses.

import { beforeEach, describe, expect, test } from 'vitest';
import { kebabCase, resources } from '../../src/resources/definitions.js';
import { dateOrderIssue } from '../../src/schemas/date-order.js';
import { api, envelope, expectNothingSent, sampleRecord, statusesListed, namesListed, useNock, withApi } from '../helpers/api.js';
import { runCli } from '../helpers/fake-context.js';
import { eventAddArgs } from '../helpers/fixtures.js';

useNock();
// A bare number given for a record with names reads its list: some record could be named so.
beforeEach(() => namesListed());
// An event write checks its status id against the service's statuses first.
beforeEach(() => statusesListed());

const RULE = "an event's dates go dropoff ≤ start ≤ end ≤ teardown ≤ pickup (--allow-date-order sends them anyway)";
const refusal = (said: string) => `error: ${said}: ${RULE}\nNothing was sent.\n`;

describe('the rule (schemas/date-order.ts)', () => {
  const inOrder = {
    dropoffDate: '2026-06-12T08:00:00',
    startDate: '2026-06-12T14:00:00',
    endDate: '2026-06-13T01:00:00',
    teardownDate: '2026-06-13T01:00:00',
    pickupDate: '2026-06-13T09:00:00',
  };

  test('equal dates are in order; the first pair out of order is named', () => {
    expect(dateOrderIssue('events', inOrder)).toBeUndefined();
    expect(dateOrderIssue('events', { ...inOrder, pickupDate: '2026-06-13T00:59:59' })).toEqual({
      field: 'teardownDate',
      message: 'must not be after pickupDate (2026-06-13T00:59:59): the dates go dropoffDate ≤ startDate ≤ endDate ≤ teardownDate ≤ pickupDate (--allow-date-order sends them anyway)',
      value: '2026-06-13T01:00:00',
      later: 'pickupDate',
      laterValue: '2026-06-13T00:59:59',
    });
    expect(dateOrderIssue('events', { ...inOrder, endDate: '2026-06-12T13:00:00' })?.field).toBe('startDate');
    expect(dateOrderIssue('inventory', { startDate: 'b', endDate: 'a' })).toBeUndefined();
  });
});

describe('events add', () => {
  test('an end before the start: exit 2 naming both flags, nothing sent', async () => {
    const result = await runCli(eventAddArgs('--end-date', '2026-06-11'), withApi());
    expect(result.code).toBe(2);
    // The whole day before a start at 00:00 ends as it begins: an event of no length.
    expect(result.stderr).toBe('error: --end-date 2026-06-11 (the whole day) ends as --start-date 2026-06-12 00:00 begins: an event ends after it starts (--allow-date-order sends them anyway)\nNothing was sent.\n');
    expect(result.stdout).toBe('');
    expectNothingSent();
  });

  test('a dropoff after the start: refused even under --dry-run', async () => {
    const result = await runCli(eventAddArgs('--dropoff-date', '2026-06-12 10:00', '--dry-run'), withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(refusal('--dropoff-date 2026-06-12 10:00 is after --start-date 2026-06-12 00:00'));
    expectNothingSent();
  });

  test('--allow-date-order sends them as given', async () => {
    const scope = api()
      .post('/v1/events', (body: Record<string, unknown>) => body.endDate === '2026-06-11T00:00:00' && body.startDate === '2026-06-12T00:00:00')
      .reply(201, envelope([sampleRecord(resources.events, 30)]));
    const result = await runCli(eventAddArgs('--end-date', '2026-06-11', '--allow-date-order', '--fields', 'id'), withApi());
    expect(result.stderr).toMatch(/^1 record created\. rentals undo [0-9a-f]{8} takes it back\.\n$/);
    expect(result.code).toBe(0);
    expect(scope.isDone()).toBe(true);
  });
});

describe('events update', () => {
  const current = sampleRecord(resources.events, 12); // every date 2026-06-12T14:00:00.000

  test('a changed date that breaks the order: exit 2 after the read, no PUT', async () => {
    const scope = api().get('/v1/events/12').reply(200, envelope([current]));
    // A day before the record's dates stays the day typed (its 24:00 would not put it in order either).
    const result = await runCli(['events', 'update', '12', '--pickup-date', '2026-06-01'], withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(refusal("--pickup-date 2026-06-01 (the whole day) is before the event's teardown 2026-06-12 14:00"));
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });

  test('a day given whole may end at the date before it where the rule allows equal (teardown ≤ pickup); at the start it would make an event of no length, said so', async () => {
    const midnight = { ...current, dropoffDate: '2026-06-12T00:00:00', startDate: '2026-06-12T00:00:00', endDate: '2026-06-12T18:00:00', teardownDate: '2026-06-13T00:00:00', pickupDate: '2026-06-13T09:00:00' };
    api().get('/v1/events/12').reply(200, envelope([midnight]));
    const pickup = await runCli(['events', 'update', '12', '--pickup-date', '2026-06-12', '--dry-run', '-o', 'json'], withApi());
    expect(pickup.code, pickup.stderr).toBe(0);
    expect(JSON.stringify(JSON.parse(pickup.stdout))).toContain('"pickupDate":"2026-06-13T00:00:00"');
    api().get('/v1/events/12').reply(200, envelope([{ ...midnight, startDate: '2026-06-13T00:00:00', endDate: '2026-06-13T00:00:00', teardownDate: '2026-06-13T00:00:00' }]));
    const end = await runCli(['events', 'update', '12', '--end-date', '2026-06-12'], withApi());
    expect(end.code).toBe(2);
    expect(end.stderr).toBe("error: --end-date 2026-06-12 (the whole day) ends as the event's start 2026-06-13 00:00 begins: an event ends after it starts (--allow-date-order sends them anyway)\nNothing was sent.\n");
    expectNothingSent();
  });

  test('an update that changes no date is not judged, even when the record is out of order', async () => {
    const disordered = { ...current, endDate: '2026-06-01T00:00:00.000' };
    const scope = api()
      .get('/v1/events/12')
      .reply(200, envelope([disordered]))
      .put('/v1/events/12')
      .reply(200, envelope([disordered]));
    const result = await runCli(['events', 'update', '12', '--event-name', 'Renamed', '--fields', 'id'], withApi());
    expect(result.stderr).toMatch(/^1 record changed\. rentals undo [0-9a-f]{8} takes it back\.\n$/);
    expect(result.code).toBe(0);
    expect(scope.isDone()).toBe(true);
  });

  test('--allow-date-order on update', async () => {
    const scope = api().get('/v1/events/12').reply(200, envelope([current])).put('/v1/events/12').reply(200, envelope([current]));
    // A new window is judged by the calendar's rule: the event's lines against the others' holds.
    // The statuses are read only when the event has lines to judge (it has none here).
    api().get('/v2/status').optionally().reply(200, envelope([{ id: 2, statusType: 'Confirmed' }]));
    const rule = api()
      .get('/v2/events/12/inventory')
      .reply(200, envelope([]))
      .get('/v2/inventory')
      .reply(200, envelope([]))
      .get('/v1/events')
      .reply(200, envelope([current]));
    const result = await runCli(['events', 'update', '12', '--pickup-date', '2026-06-01', '--allow-date-order', '--fields', 'id'], withApi());
    expect(rule.isDone()).toBe(true);
    expect(result.code).toBe(0);
    expect(scope.isDone()).toBe(true);
  });
});

describe('every command that refuses dates out of order says them in its own words', () => {
  const order = resources.events.dateOrder!;
  const flag = (field: string) => `--${kebabCase(field)}`;
  const word = (field: string) => resources.events.fields.find((f) => f.name === field)!.title!.toLowerCase();
  // The commands that can refuse: the writes of a resource with a date order (events add and update).
  const commands = Object.values(resources).flatMap((def) => (def.dateOrder ? def.verbs.filter((verb) => verb === 'add' || verb === 'update').map((verb) => `${def.command} ${verb}`) : []));
  test('they are events add and update', () => expect(commands).toEqual(['events add', 'events update']));
  // Each pair of neighbouring dates, the earlier one set an hour and a half after the later one.
  const pairs = order.slice(1).map((later, i) => [order[i]!, later] as const);
  const inOrder = (hours: number[]) => order.flatMap((field, i) => [flag(field), `2026-06-12 ${String(hours[i]).padStart(2, '0')}:00`]);
  const outOf = (early: string) => inOrder(order.map((field, i) => (field === early ? 8 + 2 * (i + 1) + 1 : 8 + 2 * i)));
  const args = (command: string, dates: string[]) =>
    command === 'events add' ? ['events', 'add', '--event-name', 'Smith wedding', '--event-status-id', '2', '--rental-block-id', '1', ...dates] : ['events', 'update', '12', ...dates];
  const current = sampleRecord(resources.events, 12); // every date 2026-06-12T14:00:00.000
  const run = async (command: string, dates: string[]) => {
    if (command === 'events update') api().get('/v1/events/12').reply(200, envelope([current]));
    const result = await runCli(args(command, dates), withApi());
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expectNothingSent();
    return result.stderr;
  };

  describe.each(commands)('%s', (command) => {
    test.each(pairs)('%s after %s, both flags: the flags and their wall times', async (early, later) => {
      const i = order.indexOf(later);
      const hour = (h: number) => `2026-06-12 ${String(h).padStart(2, '0')}:00`;
      expect(await run(command, outOf(early))).toBe(refusal(`${flag(early)} ${hour(8 + 2 * i + 1)} is after ${flag(later)} ${hour(8 + 2 * i)}`));
    });
  });

  describe('events update: one flag against the dates the event has', () => {
    test.each(pairs)('%s set after the event\'s %s', async (early, later) => {
      expect(await run('events update', [flag(early), '2026-06-12 15:00'])).toBe(refusal(`${flag(early)} 2026-06-12 15:00 is after the event's ${word(later)} 2026-06-12 14:00`));
    });
    test.each(pairs)('%s of the event after %s set: the flag leads', async (early, later) => {
      expect(await run('events update', [flag(later), '2026-06-12 13:00'])).toBe(refusal(`${flag(later)} 2026-06-12 13:00 is before the event's ${word(early)} 2026-06-12 14:00`));
    });
    test('an alias is named as typed', async () => {
      expect(await run('events update', ['--end', '2026-06-12 13:00'])).toBe(refusal("--end 2026-06-12 13:00 is before the event's start 2026-06-12 14:00"));
    });
    test.each([
      ['startDate', '15:00', "startDate 2026-06-12 15:00 in the file is after the event's end 2026-06-12 14:00"],
      ['pickupDate', '13:00', "pickupDate 2026-06-12 13:00 in the file is before the event's teardown 2026-06-12 14:00"],
    ])('a date from --file (%s) is the file\'s, by its name there, and leads the event\'s', async (name, clock, said) => {
      api().get('/v1/events/12').reply(200, envelope([current]));
      const result = await runCli(['events', 'update', '12', '--file', '-'], withApi({ stdin: JSON.stringify({ [name]: `2026-06-12T${clock}:00` }) }));
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(refusal(said));
      expectNothingSent();
    });
    test('a day given whole is that day, to its end (not the next day\'s 00:00 under the flag)', async () => {
      expect(await run('events update', ['--end-date', '2026-06-12'])).toBe(refusal("--end-date 2026-06-12 (the whole day, to 2026-06-13 00:00) is after the event's teardown 2026-06-12 14:00"));
    });
    test('a day given whole before the dates it follows is that day, not its 00:00', async () => {
      expect(await run('events update', ['--end-date', '2026-06-11'])).toBe(refusal("--end-date 2026-06-11 (the whole day) is before the event's start 2026-06-12 14:00"));
    });
    test('seconds are shown when either date has them', async () => {
      expect(await run('events update', ['--teardown-date', '2026-06-12 14:00:30', '--pickup-date', '2026-06-12 14:00'])).toBe(refusal('--teardown-date 2026-06-12 14:00:30 is after --pickup-date 2026-06-12 14:00:00'));
    });
  });

  test('events add: a date against one its default gave, from the flag that gave it', async () => {
    expect(await run('events add', ['--start-date', '2026-06-12 10:00', '--end-date', '2026-06-12 18:00', '--pickup-date', '2026-06-12 17:00'])).toBe(
      refusal('--pickup-date 2026-06-12 17:00 is before the teardown 2026-06-12 18:00 (from --end-date)'),
    );
  });

  test('events add: a default from a date in the file says the file', async () => {
    const body = { eventName: 'Smith wedding', eventStatusId: 2, rentalBlockId: 1, startDate: '2026-06-12T10:00:00', endDate: '2026-06-12T18:00:00' };
    const result = await runCli(['events', 'add', '--file', '-', '--pickup-date', '2026-06-12 17:00'], withApi({ stdin: JSON.stringify(body) }));
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(refusal('--pickup-date 2026-06-12 17:00 is before the teardown 2026-06-12 18:00 (from endDate in the file)'));
    expectNothingSent();
  });
});
