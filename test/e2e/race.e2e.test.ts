// Two operators, one unit: two `rentals` processes (the built bin), started at the same moment over
// the last unit(s) of an item, for each kind of race (bench/lib/races.mjs): two `events book`,
// `events confirm` vs `events book`, `events move` vs `events book`, two `bookings update`. No race
// may leave the item overbooked or both commands winning, and nearly every race must have exactly
// one winner (exit 0) and one loser (exit 1), whose message names only events that hold the units
// when it is refused. 3 races of each kind always; 50 with RENTALS_LONG_TESTS=1 (.ci/run), where at
// least 45 of 50 must have one winner. `npm run bench races` prints the same table.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RaceKind, type RaceRow, raceTable, raceTableLines } from '../../bench/lib/races.mjs';
import { cliEnv, freshConfigDir, runBin } from './harness.js';
import { data } from './server-state.js';
import { openSandbox } from '../sandbox/helpers.js';

const LONG = process.env.RENTALS_LONG_TESTS === '1';
const RACES = LONG ? 50 : 3;

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
beforeAll(async () => {
  sandbox = await openSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

function io() {
  const env = cliEnv(sandbox, freshConfigDir());
  return {
    call: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => data(sandbox.call, method, path, body),
    rentals: (args: string[]) => runBin(args, { env, timeoutMs: 30_000 }),
  };
}

function expectKept(row: RaceRow): void {
  process.stderr.write(`${raceTableLines([row]).at(-1)}\n`);
  expect(row.unexpected.map((r) => r.stderr)).toEqual([]);
  expect(row.overbooked).toBe(0);
  expect(row.twoWinners).toBe(0);
  expect(row.wrongHolders).toBe(0);
  // A short run allows one race without a winner; the long one asks 45 of 50.
  expect(row.oneWinner).toBeGreaterThanOrEqual(LONG ? Math.ceil(RACES * 0.9) : RACES - 1);
}

describe('two operators, one unit', () => {
  test.each<[RaceKind, string]>([
    ['book', 'two events book'],
    ['confirm', 'an events confirm and an events book'],
    ['move', 'an events move and an events book'],
    ['update', 'two bookings update'],
  ])(`${RACES} races of %s: none overbooks, none has two winners, (nearly) all have one`, async (kind) => {
    const [row] = await raceTable([kind], RACES, io());
    expectKept(row!);
  }, LONG ? 600_000 : 90_000);
});
