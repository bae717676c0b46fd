import { readFileSync } from 'node:fs';
// The write commands and the tool's own commands at the argv → stdout/stderr/exit code level:
// delete confirmation, --dry-run, update's read-modify-write, --file, event date defaults,
// names resolved to ids, events open, api, --verbose and --debug (with secret-leak checks).

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { resources } from '../../src/resources/definitions.js';
import { API, TOKEN, TOKEN_B64, WEB, api, bookingRuleReads, envelope, exactBody, expectNothingSent, listedForNames, nothingRefersTo, sampleRecord, statusesListed, useNock, withApi } from '../helpers/api.js';
import { type CliResult, fakeContext, runCli, tempDir } from '../helpers/fake-context.js';
import { eventAddArgs } from '../helpers/fixtures.js';

const USER_AGENT = `rentals/${(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version}`;

useNock();

const tent = { id: 3, name: 'Tent', quantityAvailable: '4', active: 1, Links: [] };
const statuses = envelope([
  { id: 1, statusType: 'Quoted' },
  { id: 2, statusType: 'Confirmed' },
]);
const blocks = envelope([
  { id: 1, pricingType: 'Daily', active: 1 },
  { id: 2, pricingType: 'Weekend', active: false },
]);

/** The event fields every create body carries, optional ones null. */
function eventBody(values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of resources.events.fields) if (field.name !== 'id') body[field.name] = null;
  return { ...body, ...values };
}

function expectNoSecrets(...results: CliResult[]): void {
  for (const { stdout, stderr } of results) {
    for (const secret of [TOKEN, TOKEN_B64]) {
      expect(stdout).not.toContain(secret);
      expect(stderr).not.toContain(secret);
    }
  }
}

describe('delete', () => {
  test('without a TTY and without --yes: exit 2, a message saying so, nothing sent', async () => {
    const result = await runCli(['inventory', 'delete', '3'], withApi());
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('error: deleting needs confirmation: pass --yes to delete inventory item 3 without a prompt\n');
    expectNothingSent();
  });

  test('stdin a TTY but stderr piped still needs --yes', async () => {
    const result = await runCli(['inventory', 'delete', '3'], withApi({ stdinIsTTY: true, stderrIsTTY: false, stdoutIsTTY: true }));
    expect(result.code).toBe(2);
    expectNothingSent();
  });

  test('--yes --json prints { "data": [{ "id": N }] } and the change: the record as it was read, then gone', async () => {
    listedForNames('/v1/events', [{ id: 12, eventName: 'Smith wedding' }]);
    const party = sampleRecord(resources.events, 12, { eventName: 'Party' });
    nothingRefersTo('events', 12);
    const scope = api().get('/v1/events/12').reply(200, envelope([party])).delete('/v1/events/12').reply(200, { id: 12 });
    const result = await runCli(['events', 'delete', '12', '--yes', '--json'], withApi());
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ data: [{ id: 12 }], changes: [{ action: 'delete', resource: 'events', id: 12, name: 'Party', before: party, after: null }], entry: expect.stringMatching(/^[0-9a-f]{8}$/) });
    expect(result.stderr).toMatch(/^1 record deleted\. rentals undo [0-9a-f]{8} takes it back\.\n$/);
    expect(scope.isDone()).toBe(true);
  });

  test('--yes piped: the change as a row on stdout; on stderr the summary and its undo', async () => {
    listedForNames('/v1/events', [{ id: 7, eventName: 'Smith wedding' }]);
    const scope = api().get('/v2/events/7/inventory/40').reply(200, envelope([{ id: 40, eventId: 7, inventoryId: 3, quantity: 2, price: 5 }])).delete('/v2/events/7/inventory/40').reply(200, { id: 40 });
    const result = await runCli(['bookings', 'delete', '40', '--event-id', '7', '--yes'], withApi());
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('delete\tbookings\t40\t\t\t\t\n');
    expect(result.stderr).toMatch(/^1 record deleted\. rentals undo [0-9a-f]{8} takes it back\.\n$/);
    expect(scope.isDone()).toBe(true);
  });

  test('a read before the delete that answers with another record: refused, both ids named, nothing deleted (exit 1)', async () => {
    listedForNames('/v2/inventory', [{ ...tent, id: 7 }]);
    const scope = api().get('/v2/inventory/7').reply(200, envelope([{ ...tent, id: 12 }]));
    const result = await runCli(['inventory', 'delete', '7', '--yes'], withApi());
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: asked for inventory item 7, the server answered with inventory item 12: a write would change a record you did not name. Nothing was written.\n');
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });

  test('an empty DELETE answer still reports the id', async () => {
    listedForNames('/v2/inventory', [tent]);
    nothingRefersTo('inventory', 3);
    const scope = api().get('/v2/inventory/3').reply(200, envelope([tent])).delete('/v2/inventory/3').reply(204);
    const result = await runCli(['inventory', 'delete', '3', '--yes', '--json'], withApi());
    expect(JSON.parse(result.stdout)).toMatchObject({ data: [{ id: 3 }] });
    expect(scope.isDone()).toBe(true);
  });

  test('a DELETE answer without an id is a protocol error', async () => {
    listedForNames('/v2/inventory', [tent]);
    nothingRefersTo('inventory', 3);
    const scope = api().get('/v2/inventory/3').reply(200, envelope([tent])).delete('/v2/inventory/3').reply(200, { ok: true });
    const result = await runCli(['inventory', 'delete', '3', '--yes'], withApi());
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: the server\'s answer to DELETE /v2/inventory/3 has no "id": "{\\"ok\\":true}"\n');
    expect(scope.isDone()).toBe(true);
  });

  test('on a TTY it asks, naming the record; yes deletes', async () => {
    listedForNames('/v2/inventory', [tent]);
    nothingRefersTo('inventory', 3);
    const scope = api().get('/v2/inventory/3').reply(200, envelope([tent])).delete('/v2/inventory/3').reply(200, { id: 3 });
    const result = await runCli(['inventory', 'delete', '3'], withApi({ tty: true, confirmAnswer: true }));
    expect(result.code).toBe(0);
    expect(result.fake.confirms).toEqual(['Delete inventory item 3 "Tent"?']);
    expect(result.stdout).toMatch(/^Deleted item 3 "Tent"\n1 record deleted\. rentals undo [0-9a-f]{8} takes it back\.\n$/);
    expect(result.stderr).toBe('');
    expect(scope.isDone()).toBe(true);
  });

  test('on a TTY, no deletes nothing and exits 7 (declined)', async () => {
    listedForNames('/v2/inventory', [tent]);
    nothingRefersTo('inventory', 3);
    const scope = api().get('/v2/inventory/3').reply(200, envelope([tent]));
    const result = await runCli(['inventory', 'delete', '3'], withApi({ tty: true, confirmAnswer: false }));
    expect(result.code).toBe(7);
    expect(result.stderr).toBe('Nothing deleted.\n');
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });

  test('--dry-run reads the record and shows its change and the request; nothing deleted, no confirmation needed', async () => {
    listedForNames('/v2/inventory', [{ ...tent, id: 7 }]);
    const price = { id: 31, inventoryId: 7, rentalBlockId: 2, price: 12.5 };
    const reads = () => api().get('/v1/inventory/7/pricing/31').reply(200, envelope([price]));
    reads();
    // For people, what the ids refer to by name (read only then).
    api().get('/v2/inventory').reply(200, envelope([{ ...tent, id: 7 }]));
    api().get('/v2/rentalblocks').reply(200, envelope([{ id: 2, pricingType: 'Weekend', active: true }]));
    const result = await runCli(['prices', 'delete', '31', '--inventory-id', '7', '--dry-run', '-o', 'table'], withApi());
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Would delete the Weekend price of Tent (12.50)\n');
    expect(result.stderr).toBe('Dry run: 1 record to delete; nothing was sent.\n');
    reads();
    const json = await runCli(['prices', 'delete', '31', '--inventory-id', '7', '--dry-run', '--json'], withApi());
    expect(JSON.parse(json.stdout)).toEqual({
      data: [{ dryRun: true, method: 'DELETE', url: 'https://api.test/v1/inventory/7/pricing/31', headers: { accept: 'application/json', 'user-agent': USER_AGENT, authorization: 'bearer [redacted]' }, body: null }],
      changes: [{ action: 'delete', resource: 'prices', parentId: 7, id: 31, before: price, after: null }],
    });
    expectNothingSent();
  });
});

describe('--dry-run on writes', () => {
  test('add: the record it would create for people, a row per field piped; nothing sent', async () => {
    // The items are read to judge the name (a dry run is judged as a run is).
    api().get('/v2/inventory').times(2).reply(200, envelope([]));
    const result = await runCli(['inventory', 'add', '--name', 'Tent', '--qty', '4', '--dry-run', '-o', 'table'], withApi());
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Would create item "Tent"\n  Item    Tent\n  Owned   4\n  Active  yes\n');
    expect(result.stderr).toBe('Dry run: 1 record to create; nothing was sent.\n');
    const piped = await runCli(['inventory', 'add', '--name', 'Tent', '--qty', '4', '--dry-run'], withApi());
    expect(piped.stdout).toBe('create\tinventory\t\tTent\tname\t\tTent\ncreate\tinventory\t\tTent\tquantityAvailable\t\t4\ncreate\tinventory\t\tTent\tactive\t\t1\n');
    expectNothingSent();
    expectNoSecrets(result, piped);
  });

  test('--json: a JSON description of the request, in the one envelope, with the change; -o ndjson: the change on one line', async () => {
    api().get('/v2/inventorycategory').times(2).reply(200, envelope([]));
    const result = await runCli(['categories', 'add', '--name', 'Tents', '--dry-run', '--json'], withApi());
    expect(result.stderr).toBe('Dry run: 1 record to create; nothing was sent.\n');
    const { data: [request], changes } = JSON.parse(result.stdout) as { data: unknown[]; changes: unknown[] };
    expect(changes).toEqual([{ action: 'create', resource: 'categories', id: null, name: 'Tents', before: null, after: { name: 'Tents', inactive: 0 } }]);
    expect(request).toEqual({
      dryRun: true,
      method: 'POST',
      url: 'https://api.test/v2/inventorycategory',
      headers: {
        accept: 'application/json',
        'user-agent': USER_AGENT,
        'content-type': 'application/json',
        'content-length': '29',
        authorization: 'bearer [redacted]',
      },
      body: { name: 'Tents', inactive: 0 },
    });
    const ndjson = await runCli(['categories', 'add', '--name', 'Tents', '--dry-run', '-o', 'ndjson'], withApi());
    expect(ndjson.stdout).toBe(`${JSON.stringify(changes[0])}\n`);
    expectNothingSent();
  });

  test('update --dry-run reads the record (GET) but does not PUT', async () => {
    listedForNames('/v2/inventory', [tent]);
    const scope = api().get('/v2/inventory/3').reply(200, envelope([tent]));
    const result = await runCli(['inventory', 'update', '3', '--inactive', '--dry-run', '--json'], withApi());
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).data[0]).toMatchObject({ method: 'PUT', url: 'https://api.test/v2/inventory/3', body: { id: 3, name: 'Tent', quantityAvailable: 4, active: 0 } });
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });
});

describe('update: read, change only what is given, PUT the whole record', () => {
  test('an event: every other field is kept as read (normalised), the changed ones replaced', async () => {
    const current = sampleRecord(resources.events, 12, {
      eventName: 'Smith wedding',
      customerName: 'Ann Smith',
      amountDeposit: '150.00',
      startDate: '2026-06-12 14:00:00',
      cancelDate: null,
    });
    const expected: Record<string, unknown> = { id: 12 };
    for (const field of resources.events.fields) {
      if (field.name === 'id') continue;
      const value = current[field.name];
      if (field.kind === 'decimal') expected[field.name] = value === null ? null : Number(value);
      else if (field.kind === 'datetime') expected[field.name] = typeof value === 'string' ? value.replace('.000', '').replace(' ', 'T') : null;
      else expected[field.name] = value;
    }
    expected.cancelDate = '2026-05-01T00:00:00';
    expected.cancelReason = 'Customer postponed';
    // Cancelled everywhere: a cancel date set also sets the service's Cancelled status.
    expected.eventStatusId = 4;
    listedForNames('/v1/events', [current]);
    const scope = api()
      .get('/v2/status')
      .reply(200, envelope([{ id: 2, statusType: 'Confirmed' }, { id: 4, statusType: 'Cancelled' }]))
      .get('/v1/events/12')
      .reply(200, envelope([current]))
      .put('/v1/events/12', exactBody(expected))
      .reply(200, envelope([{ ...current, cancelDate: '2026-05-01T00:00:00.000', cancelReason: 'Customer postponed' }]));
    const result = await runCli(['events', 'update', '12', '--cancel-date', '2026-05-01', '--cancel-reason', 'Customer postponed', '--fields', 'field,before,after'], withApi());
    expect(result.stderr).toMatch(/^1 record changed\. rentals undo [0-9a-f]{8} takes it back\.\n$/);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('cancelDate\t\t2026-05-01T00:00:00.000\ncancelReason\t\tCustomer postponed\n');
    expect(scope.isDone()).toBe(true);
  });

  test('nothing to change is a usage error before any request', async () => {
    const result = await runCli(['inventory', 'update', '3'], withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: nothing to change: give at least one field flag (see --help) or --file\n');
    expectNothingSent();
  });

  test('--file - takes the output of get --json (the envelope), flags override it', async () => {
    const piped = JSON.stringify(envelope([{ ...tent, name: 'Big tent', quantityAvailable: 9 }]));
    listedForNames('/v2/inventory', [tent]);
    const scope = api()
      .get('/v2/inventory/3')
      .reply(200, envelope([tent]))
      .put('/v2/inventory/3', { id: 3, name: 'Big tent', quantityAvailable: 10, active: 1 })
      .reply(200, envelope([{ ...tent, name: 'Big tent', quantityAvailable: 10 }]));
    const result = await runCli(['inventory', 'update', '3', '--file', '-', '--quantity-available', '10', '--fields', 'id,field,before,after'], withApi({ stdin: piped }));
    expect(result.stderr).toMatch(/^1 record changed\. rentals undo [0-9a-f]{8} takes it back\.\n$/);
    expect(result.stdout).toBe('3\tname\tTent\tBig tent\n3\tquantityAvailable\t4\t10\n');
    expect(scope.isDone()).toBe(true);
  });

  test("a body whose id is not the record's is refused", async () => {
    listedForNames('/v2/inventory', [tent]);
    const result = await runCli(['inventory', 'update', '3', '--file', '-'], withApi({ stdin: '{"id": 4, "name": "x"}' }));
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: the body\'s id 4 is not the id being updated (3)\n');
    expectNothingSent();
  });

  test('a read that answers with another record than the one named (a mock with its example record): refused, both ids named, nothing PUT (exit 1)', async () => {
    listedForNames('/v2/inventory', [{ ...tent, id: 7 }]);
    const scope = api().get('/v2/inventory/7').reply(200, envelope([{ ...tent, id: 12 }]));
    const result = await runCli(['inventory', 'update', '7', '--name', 'Marquee'], withApi());
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: asked for inventory item 7, the server answered with inventory item 12: a write would change a record you did not name. Nothing was written.\n');
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });

  test('the same for an event, whose writer reads it before judging the change', async () => {
    listedForNames('/v1/events', [{ id: 7, eventName: 'Smith wedding' }]);
    const scope = api().get('/v1/events/7').reply(200, envelope([sampleRecord(resources.events, 12, { eventName: 'Not this one' })]));
    const result = await runCli(['events', 'update', '7', '--event-name', 'Marquee'], withApi());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: asked for event 7, the server answered with event 12');
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });

  test('a 404 on the read is exit 4 and nothing is PUT', async () => {
    listedForNames('/v2/inventory', [tent]);
    const scope = api().get('/v2/inventory/99').reply(404, { message: 'Inventory item not found' });
    const result = await runCli(['inventory', 'update', '99', '--name', 'x'], withApi());
    expect(result.code).toBe(4);
    expect(result.stderr).toBe('error: GET /v2/inventory/99: HTTP 404 Not Found: Inventory item not found\n');
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });
});

describe('add with --file', () => {
  test('a JSON file gives the body; flags override its fields', async () => {
    const file = join(tempDir(), 'item.json');
    writeFileSync(file, JSON.stringify({ name: 'From file', quantityAvailable: 2, active: false }));
    // The items read before (the name judged) and after (read back: no other item of the name added meanwhile).
    const scope = api()
      .get('/v2/inventory')
      .reply(200, envelope([]))
      .post('/v2/inventory', { name: 'From flag', quantityAvailable: 2, active: 0 })
      .reply(201, envelope([{ id: 8, name: 'From flag', quantityAvailable: 2, active: 0 }]))
      .get('/v2/inventory')
      .reply(200, envelope([{ id: 8, name: 'From flag', quantityAvailable: 2, active: 0 }]));
    const result = await runCli(['inventory', 'add', '--file', file, '--name', 'From flag', '--json'], withApi());
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).data).toEqual([{ id: 8, name: 'From flag', quantityAvailable: 2, active: 0 }]);
    expect(scope.isDone()).toBe(true);
  });

  test.each([
    ['a missing file', ['--file', '/nonexistent/item.json'], undefined, 'error: --file /nonexistent/item.json: no such file\n'],
    ['invalid JSON', ['--file', '-'], '{name:', /^error: standard input is not valid JSON: /],
    ['a JSON array', ['--file', '-'], '[1]', 'error: standard input must hold one JSON object (the request body)\n'],
  ])('%s → exit 2, nothing sent', async (_name, argv, stdin, message) => {
    const result = await runCli(['inventory', 'add', ...argv], withApi({ stdin }));
    expect(result.code).toBe(2);
    if (typeof message === 'string') expect(result.stderr).toBe(message);
    else expect(result.stderr).toMatch(message);
    expectNothingSent();
  });
});

describe('events: date defaults and names resolved to ids', () => {
  const created = envelope([{ id: 30, eventName: 'Smith wedding', Links: [] }]);

  test('dropoff defaults to the start; teardown and pickup to the end', async () => {
    statusesListed();
    listedForNames('/v2/rentalblocks', blocks.data);
    const scope = api()
      .post(
        '/v1/events',
        exactBody(eventBody({
          eventStatusId: 2,
          rentalBlockId: 1,
          eventName: 'Smith wedding',
          startDate: '2026-06-12T14:00:00',
          endDate: '2026-06-13T01:00:00',
          dropoffDate: '2026-06-12T14:00:00',
          teardownDate: '2026-06-13T01:00:00',
          pickupDate: '2026-06-13T01:00:00',
        })),
      )
      .reply(201, created);
    const result = await runCli(
      ['events', 'add', '--name', 'Smith wedding', '--status', '2', '--block', '1', '--start', '2026-06-12 14:00', '--end', '2026-06-13 01:00'],
      withApi(),
    );
    expect(result.stderr).toMatch(/^1 record created\. rentals undo [0-9a-f]{8} takes it back\.\n$/);
    expect(result.code).toBe(0);
    expect(scope.isDone()).toBe(true);
  });

  test('given dates win over the defaults', async () => {
    statusesListed();
    listedForNames('/v2/rentalblocks', blocks.data);
    const result = await runCli(
      eventAddArgs('--dropoff-date', '2026-06-11 16:00', '--teardown-date', '2026-06-14 01:00', '--pickup-date', '2026-06-14 08:00', '--dry-run', '--json'),
      withApi(),
    );
    expect(JSON.parse(result.stdout).data[0].body).toMatchObject({
      startDate: '2026-06-12T00:00:00',
      dropoffDate: '2026-06-11T16:00:00',
      teardownDate: '2026-06-14T01:00:00',
      pickupDate: '2026-06-14T08:00:00',
    });
    expectNothingSent();
  });

  test('the defaults are documented in --help', async () => {
    const result = await runCli(['events', 'add', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout.replace(/\s+/g, ' ')).toContain('--dropoff-date defaults to --start-date; --teardown-date and --pickup-date default to --end-date');
  });

  test('--event-status-id Confirmed is resolved through /v2/status; --rental-block-id Weekend through /v2/rentalblocks', async () => {
    const scope = api()
      .get('/v2/status')
      .reply(200, statuses)
      .get('/v2/rentalblocks')
      .reply(200, blocks)
      .post('/v1/events', (body: Record<string, unknown>) => body.eventStatusId === 2 && body.rentalBlockId === 2)
      .reply(201, created);
    const result = await runCli(eventAddArgs('--event-status-id', 'confirmed', '--rental-block-id', 'Weekend'), withApi());
    expect(result.stderr).toMatch(/^1 record created\. rentals undo [0-9a-f]{8} takes it back\.\n$/);
    expect(result.code).toBe(0);
    expect(scope.isDone()).toBe(true);
  });

  test('an unknown status name → not found (exit 4) listing the known ones; nothing is POSTed', async () => {
    const scope = api().get('/v2/status').reply(200, statuses);
    listedForNames('/v2/rentalblocks', blocks.data);
    const result = await runCli(eventAddArgs('--event-status-id', 'Booked'), withApi());
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(
      'error: not found: eventStatusId: no event status is named "Booked"; known: Quoted (1), Confirmed (2)\nNothing was sent.\n',
    );
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });

  test('a close misspelling is suggested (did you mean), still exit 4', async () => {
    api().get('/v2/status').reply(200, statuses);
    listedForNames('/v2/rentalblocks', blocks.data);
    const result = await runCli(eventAddArgs('--event-status-id', 'Confirmd'), withApi());
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('no event status is named "Confirmd"; did you mean "Confirmed" (id 2)?');
    expectNothingSent();
  });

  test('the parent of a nested resource may be named too, and is looked up once', async () => {
    bookingRuleReads({ eventId: 12, eventName: 'Smith wedding' });
    const scope = api()
      .post('/v2/events/12/inventory', { eventId: 12, inventoryId: 3, quantity: 2, price: 150 })
      .reply(201, envelope([{ id: 40, eventId: 12, inventoryId: 3, quantity: 2, price: 150 }]));
    const result = await runCli(['bookings', 'add', '--event', 'Smith wedding', '--item', 'tent', '--qty', '2', '--price', '150', '-o', 'ndjson'], withApi());
    expect(result.stderr).toMatch(/^1 record created\. rentals undo [0-9a-f]{8} takes it back\.\n$/);
    expect(JSON.parse(result.stdout)).toEqual({ action: 'create', resource: 'bookings', parentId: 12, id: 40, name: 'Tent', before: null, after: { id: 40, eventId: 12, inventoryId: 3, quantity: 2, price: 150 } });
    expect(scope.isDone()).toBe(true);
  });
});

describe('events open', () => {
  const event = { id: 12, eventName: 'Smith wedding', Links: [{ rel: 'web', method: 'GET', href: `${WEB}/event/edit/12` }] };
  beforeEach(() => listedForNames('/v1/events', [event]));

  test("prints the event's web link", async () => {
    const scope = api().get('/v1/events/12').reply(200, envelope([event]));
    const result = await runCli(['events', 'open', '12'], withApi());
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${WEB}/event/edit/12\n`);
    expect(result.fake.opened).toEqual([]);
    expect(scope.isDone()).toBe(true);
  });

  test('--browser also opens it', async () => {
    const scope = api().get('/v1/events/12').reply(200, envelope([event]));
    const result = await runCli(['events', 'open', '12', '--browser'], withApi());
    expect(result.fake.opened).toEqual([`${WEB}/event/edit/12`]);
    expect(scope.isDone()).toBe(true);
  });

  test('an unexpected failure (the opener crashing) is one line and a hint, no stack trace', async () => {
    const scope = api().get('/v1/events/12').reply(200, envelope([event]));
    const fake = fakeContext(withApi());
    fake.ctx.openBrowser = async () => {
      throw new TypeError('spawn exploded');
    };
    const result = await runCli(['events', 'open', '12', '--browser'], fake);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(`${WEB}/event/edit/12\n`);
    expect(result.stderr).toBe('error: spawn exploded\n(unexpected error; run again with --debug for details)\n');
    expect(scope.isDone()).toBe(true);
  });

  test('without a web link the web URL setting builds one; without either it is an error', async () => {
    const scope = api().get('/v1/events/12').twice().reply(200, envelope([{ id: 12, Links: [] }]));
    const built = await runCli(['events', 'open', '12', '--web-url', 'https://app.example.com/'], withApi());
    expect(built.stdout).toBe('https://app.example.com/event/edit/12\n');
    const none = await runCli(['events', 'open', '12'], withApi());
    expect(none.code).toBe(1);
    expect(none.stderr).toBe('error: event 12 has no web link; set the web URL (--web-url, RENTALS_WEB_URL)\n');
    expect(scope.isDone()).toBe(true);
  });
});

describe('api <METHOD> <path>', () => {
  test('api GET /v2/status prints the body', async () => {
    const scope = api().get('/v2/status').reply(200, statuses);
    const result = await runCli(['api', 'GET', '/v2/status'], withApi());
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(statuses);
    expect(scope.isDone()).toBe(true);
  });

  test('the statuses group covers both status operations', async () => {
    const scope = api().get('/v2/status').reply(200, statuses).get('/v2/status/2').reply(200, envelope([{ id: 2, statusType: 'Confirmed' }]));
    expect((await runCli(['statuses', 'list'], withApi())).stdout).toBe('1\tQuoted\n2\tConfirmed\n');
    // A bare number is the id: no list is read to learn whether some status is named "2".
    expect((await runCli(['status', 'get', '2'], withApi())).stdout).toBe('2\tConfirmed\n');
    expect(scope.isDone()).toBe(true);
  });

  test('a body from --data, any method, lower case accepted', async () => {
    const scope = api().put('/v1/inventory/7', { id: 7, name: 'Tent' }).reply(200, envelope([{ id: 7 }]));
    const result = await runCli(['api', 'put', '/v1/inventory/7', '--data', '{"id":7,"name":"Tent"}'], withApi());
    expect(result.code).toBe(0);
    expect(scope.isDone()).toBe(true);
  });

  test('a non-JSON answer is printed as text', async () => {
    const scope = api().get('/v2/ping').reply(200, 'pong');
    const result = await runCli(['api', 'GET', '/v2/ping'], withApi());
    expect(result.stdout).toBe('pong\n');
    expect(scope.isDone()).toBe(true);
  });

  test('errors keep their exit codes', async () => {
    const scope = api().get('/v2/nothing').reply(404, { message: 'no route' });
    const result = await runCli(['api', 'GET', '/v2/nothing'], withApi());
    expect(result.code).toBe(4);
    expect(result.stderr).toBe('error: GET /v2/nothing: HTTP 404 Not Found: no route\n');
    expect(scope.isDone()).toBe(true);
  });

  test.each([
    [['api', 'FETCH', '/v2/status'], 'error: unknown method "FETCH" (use GET, POST, PUT, DELETE, PATCH)\n'],
    [['api', 'GET', 'v2/status'], 'error: the path must start with / (e.g. /v2/status), got "v2/status"\n'],
    [['api', 'POST', '/v2/x', '--data', '{'], /^error: --data is not valid JSON/],
    [['api', 'POST', '/v2/x', '--data', '{}', '--file', 'b.json'], 'error: give the body with --data or --file, not both\n'],
  ])('%j → exit 2, nothing sent', async (argv, message) => {
    const result = await runCli(argv, withApi());
    expect(result.code).toBe(2);
    if (typeof message === 'string') expect(result.stderr).toBe(message);
    else expect(result.stderr).toMatch(message);
    expectNothingSent();
  });
});

describe('--verbose and --debug', () => {
  test('--verbose: one line per request on stderr with method, URL, status and ms', async () => {
    const scope = api()
      .get('/v2/inventory/3')
      .reply(200, envelope([tent]))
      .get('/v2/inventory')
      .reply(200, envelope([tent]))
      .put('/v2/inventory/3')
      .reply(200, envelope([{ ...tent, name: 'Big tent' }]));
    const result = await runCli(['inventory', 'update', 'id:3', '--name', 'Big tent', '--verbose'], withApi());
    expect(result.code).toBe(0);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^\* GET https:\/\/api\.test\/v2\/inventory\/3 → 200 in \d+ ms$/);
    // A rename: the other items' names read, to judge the new one.
    expect(lines[1]).toMatch(/^\* GET https:\/\/api\.test\/v2\/inventory → 200 in \d+ ms$/);
    expect(lines[2]).toMatch(/^\* PUT https:\/\/api\.test\/v2\/inventory\/3 → 200 in \d+ ms$/);
    expect(lines[3]).toMatch(/^1 record changed\. rentals undo [0-9a-f]{8} takes it back\.$/);
    expect(result.stdout).toBe('update\tinventory\t3\tBig tent\tname\tTent\tBig tent\n');
    expect(scope.isDone()).toBe(true);
  });

  test('--verbose shows each attempt of a retried request', async () => {
    const scope = api().get('/v2/status').reply(503, '', { 'Retry-After': '0' }).get('/v2/status').reply(200, statuses);
    const result = await runCli(['statuses', 'list', '--verbose'], withApi());
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^\* GET https:\/\/api\.test\/v2\/status → 503 in \d+ ms\n\* GET https:\/\/api\.test\/v2\/status → 200 in \d+ ms \(attempt 2\)\n$/);
    expect(scope.isDone()).toBe(true);
  });

  test('--debug: headers and bodies, Authorization redacted, the token nowhere', async () => {
    const scope = api()
      .get('/v2/inventory')
      .reply(200, envelope([]))
      .post('/v2/inventory', { name: 'Tent', quantityAvailable: 4, active: 1 })
      .reply(201, envelope([{ id: 3, name: 'Tent', quantityAvailable: 4, active: 1 }]), { 'X-Request-Id': 'abc123' });
    const result = await runCli(['inventory', 'add', '--name', 'Tent', '--quantity-available', '4', '--debug'], withApi());
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^\* GET https:\/\/api\.test\/v2\/inventory → 200 in \d+ ms\n/);
    expect(result.stderr).toMatch(/\n\* POST https:\/\/api\.test\/v2\/inventory → 201 in \d+ ms\n/);
    expect(result.stderr).toContain('> authorization: bearer [redacted]\n');
    expect(result.stderr).toContain('> content-type: application/json\n');
    expect(result.stderr).toContain('> {"name":"Tent","quantityAvailable":4,"active":1}\n');
    expect(result.stderr).toContain('< x-request-id: abc123\n');
    expect(result.stderr).toContain('< {"data":[{"id":3,"name":"Tent","quantityAvailable":4,"active":1}]}\n');
    expectNoSecrets(result);
    expect(scope.isDone()).toBe(true);
  });

  test('--debug on a failure: no token in the error report either', async () => {
    const scope = api().get('/v2/inventory').reply(401, { message: 'bad token' });
    const result = await runCli(['inventory', 'list', '--debug'], withApi());
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('error: GET /v2/inventory: HTTP 401 Unauthorized: bad token');
    expectNoSecrets(result);
    expect(scope.isDone()).toBe(true);
  });

  test('--debug redacts secrets in bodies (e.g. tokens echoed by a server)', async () => {
    const scope = api().get('/v2/status').reply(200, { data: [], access_token: TOKEN, note: `bearer ${TOKEN_B64}` });
    const result = await runCli(['api', 'GET', '/v2/status', '--debug'], withApi());
    expect(result.stderr).toContain('"access_token":"[redacted]"');
    expect(scope.isDone()).toBe(true);
  });

  test('the base URL is printed as configured; the token never', async () => {
    const scope = api().get('/v2/inventory').reply(200, envelope([tent]));
    const results = [await runCli(['inventory', 'list', '--verbose', '-o', 'json'], withApi({ tty: true }))];
    results.push(await runCli(['auth', 'status'], withApi()));
    results.push(await runCli(['inventory', 'add', '--name', 'x', '--qty', '1', '--dry-run', '--debug'], withApi()));
    expect(results[0]!.stderr).toContain(`* GET ${API}/v2/inventory → 200`);
    expectNoSecrets(...results);
    expect(scope.isDone()).toBe(true);
  });
});
