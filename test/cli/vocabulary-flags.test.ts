// The inconsistencies a user saw between commands, each fixed against the real sandbox: the same
// concept takes the same flags everywhere (--item, --block, --event, --qty, --cancel-reason,
// --from), the old spellings still work, and two spellings given different values are refused.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CliResult, runCli } from '../helpers/fake-context.js';
import { openSandbox } from '../sandbox/helpers.js';

type Sandbox = Awaited<ReturnType<typeof openSandbox>>;
let sandbox: Sandbox;
let eventId: number;

async function rentals(args: string[], stdin?: string): Promise<CliResult> {
  return runCli(args, { env: { RENTALS_BASE_URL: sandbox.url, RENTALS_TOKEN: sandbox.token }, stdin });
}

function ok(result: CliResult): CliResult {
  expect(result.code, result.stderr).toBe(0);
  return result;
}

async function post(path: string, body: Record<string, unknown>): Promise<number> {
  const result = await sandbox.call('POST', path, { body });
  if (result.status !== 201 && result.status !== 200) throw new Error(`POST ${path}: ${result.status} ${result.text}`);
  return Number(result.json.data[0]!.id);
}

beforeAll(async () => {
  sandbox = await openSandbox();
  const tent = await post('/v2/inventory', { name: 'Vocab Tent', quantityAvailable: 5, active: 1 });
  const chair = await post('/v2/inventory', { name: 'Vocab Chair', quantityAvailable: 50, active: 1 });
  for (const [item, block, price] of [[tent, 1, 100], [tent, 2, 150], [chair, 1, 2], [chair, 2, 3]] as const) {
    await post(`/v1/inventory/${item}/pricing`, { inventoryId: item, rentalBlockId: block, price });
  }
  eventId = await post('/v1/events', {
    eventStatusId: 2,
    rentalBlockId: 2,
    eventName: 'Vocab Wedding',
    dropoffDate: '2027-06-12T08:00:00',
    startDate: '2027-06-12T14:00:00',
    endDate: '2027-06-12T23:00:00',
    teardownDate: '2027-06-13T01:00:00',
    pickupDate: '2027-06-13T10:00:00',
  });
  await post(`/v1/events/${eventId}/inventory`, { eventId, inventoryId: tent, quantity: 2, price: 150 });
});
afterAll(async () => {
  await sandbox?.close();
});

const data = (result: CliResult) => (JSON.parse(result.stdout) as { data: Array<Record<string, unknown>> }).data;

describe('one vocabulary, as a user types it', () => {
  test('events cancel takes --cancel-reason/--cancel-date, as events add and update name them', async () => {
    const [written] = data(ok(await rentals(['events', 'cancel', String(eventId), '--cancel-reason', 'Rain', '--cancel-date', '2027-06-01', '--dry-run', '-o', 'json'])));
    expect(written).toMatchObject({ cancelReason: 'Rain', cancelDate: '2027-06-01T00:00:00' });
    const [old] = data(ok(await rentals(['events', 'cancel', String(eventId), '--reason', 'Rain', '--date', '2027-06-01', '--dry-run', '-o', 'json'])));
    expect(old).toEqual(written);
    const missing = await rentals(['events', 'cancel', String(eventId), '--dry-run']);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringMatching(/^error: required option '--cancel-reason <text>' not specified \(or --reason\)/)]);
    const twice = await rentals(['events', 'cancel', String(eventId), '--reason', 'Rain', '--cancel-reason', 'Snow', '--dry-run']);
    expect([twice.code, twice.stderr]).toEqual([2, 'error: --cancel-reason and --reason are the same flag and disagree; give it once\n']);
  });

  test('events add and update take --reason, as events cancel names it', async () => {
    const updated = ok(await rentals(['events', 'update', String(eventId), '--reason', 'Customer postponed', '--dry-run']));
    expect(updated.stdout).toContain('\tcancelReason\t\tCustomer postponed\n');
    const help = ok(await rentals(['events', 'add', '--help'])).stdout;
    expect(help.replace(/\s+/g, ' ')).toMatch(/--cancel-reason <text> internal notes about the cancellation \(also --reason\)/);
  });

  test('--internal-notes says where the notes show: events show, never a document sent to the customer', async () => {
    const help = ok(await rentals(['events', 'update', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('--internal-notes <text> internal notes for the shop: shown by events show, never on a quote or order confirmation');
  });

  test('load-sheet takes --from (as every other range does), --date still works', async () => {
    const byFrom = ok(await rentals(['load-sheet', '--from', '2027-06-12', '--to', '2027-06-13', '-o', 'json']));
    const byDate = ok(await rentals(['load-sheet', '--date', '2027-06-12', '--to', '2027-06-13', '-o', 'json']));
    expect(byFrom.stdout).toBe(byDate.stdout);
    expect(byFrom.stdout).toContain('Vocab Wedding');
    const backwards = await rentals(['load-sheet', '--from', '2027-06-13', '--to', '2027-06-12']);
    expect([backwards.code, backwards.stderr]).toEqual([2, expect.stringContaining('--to must not be before --from')]);
  });

  test('prices export takes --item and --block, as prices set and list do', async () => {
    const rows = (result: CliResult) => JSON.parse(result.stdout) as Array<Record<string, unknown>>;
    const short = rows(ok(await rentals(['prices', 'export', '--item', 'Vocab Tent', '--block', 'Weekend', '-o', 'json'])));
    const long = rows(ok(await rentals(['prices', 'export', '--inventory-id', 'Vocab Tent', '--rental-block-id', 'Weekend', '-o', 'json'])));
    expect(short).toEqual(long);
    expect(short.map((row) => [row.inventoryName, row.pricingType, row.price])).toEqual([['Vocab Tent', 'Weekend', 150]]);
  });

  test('prices adjust takes --item and --block', async () => {
    const plan = ok(await rentals(['prices', 'adjust', '--percent', '10', '--item', 'Vocab Chair', '--block', 'Weekend', '--dry-run', '-o', 'table']));
    expect(plan.stdout).toContain('3.00 → 3.30');
    expect(plan.stdout).not.toContain('Vocab Tent');
  });

  test('bookings export and import take --event, as bookings add and list do', async () => {
    const exported = ok(await rentals(['bookings', 'export', '--event', 'Vocab Wedding', '-o', 'csv']));
    expect(exported.stdout).toContain('Vocab Tent');
    const planned = ok(await rentals(['bookings', 'import', '--event', 'Vocab Wedding', '-', '--dry-run', '-o', 'table'], exported.stdout));
    expect(planned.stdout).toMatch(/unchanged/);
  });

  test('availability, events book and unbook take --inventory-id, as every command with an item does', async () => {
    const byItem = ok(await rentals(['availability', '--from', '2027-06-12', '--to', '2027-06-13', '--item', 'Vocab Tent', '-o', 'json']));
    const byId = ok(await rentals(['availability', '--from', '2027-06-12', '--to', '2027-06-13', '--inventory-id', 'Vocab Tent', '-o', 'json']));
    expect(byId.stdout).toBe(byItem.stdout);
    const booked = data(ok(await rentals(['events', 'book', String(eventId), '--inventory-id', 'Vocab Chair', '--qty', '4', '--dry-run', '-o', 'json'])));
    expect(booked).toEqual([expect.objectContaining({ quantity: 4 })]);
    const both = await rentals(['events', 'book', String(eventId), '--item', 'Vocab Chair', '--quantity', '4', '--qty', '5', '--dry-run']);
    expect([both.code, both.stderr]).toEqual([2, 'error: --quantity and --qty are the same flag and disagree; give it once\n']);
  });

  test('events clone takes --start, events list --event-status-id: the field aliases of events add', async () => {
    ok(await rentals(['events', 'clone', String(eventId), '--start', '2028-06-10', '--dry-run']));
    const listed = data(ok(await rentals(['events', 'list', '--event-status-id', 'Confirmed', '-o', 'json'])));
    expect(listed.map((e) => e.eventName)).toContain('Vocab Wedding');
  });
});
