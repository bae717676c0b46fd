// Two operators, one unit: two `rentals events book` processes (the built bin),
// started at the same moment, each for the last unit of an item on one of two overlapping events.
// No race may leave the item overbooked, and nearly every race must have exactly one winner
// (exit 0) and one loser (exit 1). 5 races always; 50 with RENTALS_LONG_TESTS=1 (.ci/run).

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cliEnv, freshConfigDir, startBin } from './harness.js';
import { data } from './server-state.js';
import { type Caller, openSandbox } from '../sandbox/helpers.js';

const LONG = process.env.RENTALS_LONG_TESTS === '1';
const RACES = LONG ? 50 : 5;

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let call: Caller;
beforeAll(async () => {
  sandbox = await openSandbox();
  call = sandbox.call;
});
afterAll(async () => {
  await sandbox?.close();
});

async function event(name: string, dropoff: string, pickup: string): Promise<number> {
  const [record] = await data(call, 'POST', '/v1/events', { eventStatusId: 2, rentalBlockId: 1, eventName: name, dropoffDate: dropoff, startDate: dropoff, endDate: pickup, teardownDate: pickup, pickupDate: pickup });
  return Number(record!.id);
}

interface Race {
  winners: number;
  overbooked: boolean;
}

async function race(n: number, env: Record<string, string>): Promise<Race> {
  const [item] = await data(call, 'POST', '/v2/inventory', { name: `Race item ${n}`, quantityAvailable: 1, active: 1 });
  const itemId = Number(item!.id);
  await data(call, 'POST', `/v1/inventory/${itemId}/pricing`, { inventoryId: itemId, rentalBlockId: 1, price: 10 });
  const day = String((n % 28) + 1).padStart(2, '0');
  const a = await event(`Race ${n} A`, `2030-03-${day}T08:00:00`, `2030-03-${day}T20:00:00`);
  const b = await event(`Race ${n} B`, `2030-03-${day}T12:00:00`, `2030-03-${day}T23:00:00`);
  const runs = [a, b].map((id) => startBin(['events', 'book', String(id), '--item', `${itemId}=1`], { env, timeoutMs: 30_000 }).done);
  const results = await Promise.all(runs);
  for (const result of results) expect([0, 1], result.stderr).toContain(result.code);
  const held = (await Promise.all([a, b].map((id) => data(call, 'GET', `/v1/events/${id}/inventory`)))).flat().reduce((sum, line) => sum + Number(line.quantity), 0);
  return { winners: results.filter((r) => r.code === 0).length, overbooked: held > 1 };
}

/** A quote holding the last unit, confirmed, while another event books it: at most one of them ends holding it firmly. */
async function confirmRace(n: number, env: Record<string, string>): Promise<Race> {
  const [item] = await data(call, 'POST', '/v2/inventory', { name: `Confirm race item ${n}`, quantityAvailable: 1, active: 1 });
  const itemId = Number(item!.id);
  await data(call, 'POST', `/v1/inventory/${itemId}/pricing`, { inventoryId: itemId, rentalBlockId: 1, price: 10 });
  const day = String((n % 28) + 1).padStart(2, '0');
  const [quote] = await data(call, 'POST', '/v1/events', { eventStatusId: 1, rentalBlockId: 1, eventName: `Quote ${n}`, dropoffDate: `2031-04-${day}T08:00:00`, startDate: `2031-04-${day}T08:00:00`, endDate: `2031-04-${day}T20:00:00`, teardownDate: `2031-04-${day}T20:00:00`, pickupDate: `2031-04-${day}T20:00:00` });
  const quoteId = Number(quote!.id);
  await data(call, 'POST', `/v1/events/${quoteId}/inventory`, { eventId: quoteId, inventoryId: itemId, quantity: 1, price: 10 });
  const other = await event(`Booker ${n}`, `2031-04-${day}T12:00:00`, `2031-04-${day}T23:00:00`);
  const results = await Promise.all([
    startBin(['events', 'confirm', String(quoteId)], { env, timeoutMs: 30_000 }).done,
    startBin(['events', 'book', String(other), '--item', `${itemId}=1`], { env, timeoutMs: 30_000 }).done,
  ]);
  for (const result of results) expect([0, 1], result.stderr).toContain(result.code);
  const [status] = await data(call, 'GET', `/v1/events/${quoteId}`);
  const booked = (await data(call, 'GET', `/v1/events/${other}/inventory`)).length;
  const firm = (Number(status!.eventStatusId) === 2 ? 1 : 0) + booked;
  return { winners: results.filter((r) => r.code === 0).length, overbooked: firm > 1 };
}

describe('two operators, one unit', () => {
  test('a confirm and a book of the last unit at the same moment never both hold it firmly', async () => {
    const env = cliEnv(sandbox, freshConfigDir());
    const outcomes: Race[] = [];
    for (let n = 0; n < (LONG ? 10 : 3); n++) outcomes.push(await confirmRace(n, env));
    expect(outcomes.filter((o) => o.overbooked)).toEqual([]);
    expect(outcomes.every((o) => o.winners <= 1)).toBe(true);
  }, 60_000);

  test(`${RACES} races of two events book processes: none overbooks, (nearly) all have one winner`, async () => {
    const env = cliEnv(sandbox, freshConfigDir());
    const outcomes: Race[] = [];
    for (let n = 0; n < RACES; n++) outcomes.push(await race(n, env));
    const overbooked = outcomes.filter((o) => o.overbooked).length;
    const oneWinner = outcomes.filter((o) => o.winners === 1).length;
    process.stderr.write(`race figures: ${RACES} tries, ${overbooked} overbooked, ${oneWinner} exactly one winner, ${outcomes.filter((o) => o.winners === 0).length} none\n`);
    expect(overbooked).toBe(0);
    expect(outcomes.every((o) => o.winners <= 1)).toBe(true);
    expect(oneWinner).toBeGreaterThanOrEqual(Math.ceil(RACES * 0.9));
  }, LONG ? 300_000 : 60_000);
});
