// Event dates out of order (dropoff ≤ start ≤ end ≤ teardown ≤ pickup): `events add/update` refuse
// them with exit 2 and send nothing, unless --allow-date-order; an update that changes no date is
// not judged (the record's dates are the server's business). The sandbox accepts any order.

import { beforeEach, describe, expect, test } from 'vitest';
import { resources } from '../../src/resources/definitions.js';
import { dateOrderIssue } from '../../src/schemas/date-order.js';
import { api, envelope, expectNothingSent, sampleRecord, statusesListed, namesListed, useNock, withApi } from '../helpers/api.js';
import { runCli } from '../helpers/fake-context.js';
import { eventAddArgs } from '../helpers/fixtures.js';

useNock();
// A bare number given for a record with names reads its list: some record could be named so.
beforeEach(() => namesListed());
// An event write checks its status id against the service's statuses first.
beforeEach(() => statusesListed());

const RULE = 'the dates go dropoffDate ≤ startDate ≤ endDate ≤ teardownDate ≤ pickupDate (--allow-date-order sends them anyway)';

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
      message: `must not be after pickupDate (2026-06-13T00:59:59): ${RULE}`,
      value: '2026-06-13T01:00:00',
    });
    expect(dateOrderIssue('events', { ...inOrder, endDate: '2026-06-12T13:00:00' })?.field).toBe('startDate');
    expect(dateOrderIssue('inventory', { startDate: 'b', endDate: 'a' })).toBeUndefined();
  });
});

describe('events add', () => {
  test('an end before the start: exit 2 naming both fields, nothing sent', async () => {
    const result = await runCli(eventAddArgs('--end-date', '2026-06-11'), withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: invalid event: startDate: must not be after endDate (2026-06-11T00:00:00): ${RULE} (got "2026-06-12T00:00:00")\nNothing was sent.\n`);
    expect(result.stdout).toBe('');
    expectNothingSent();
  });

  test('a dropoff after the start: refused even under --dry-run', async () => {
    const result = await runCli(eventAddArgs('--dropoff-date', '2026-06-12 10:00', '--dry-run'), withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('dropoffDate: must not be after startDate (2026-06-12T00:00:00)');
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
    expect(result.stderr).toContain('teardownDate: must not be after pickupDate (2026-06-01T00:00:00)');
    expect(scope.isDone()).toBe(true);
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
