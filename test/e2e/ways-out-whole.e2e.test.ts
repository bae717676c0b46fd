// The windows a refusal offers hold every line of the event, against the seeded sandbox (the
// user's steps, dates relative to the seed day): each `events move … --to` offered is accepted as
// printed, so no suggestion leads back to the refusal it came from.

import { afterEach, describe, expect, test } from 'vitest';
import { FIXED_NOW, openSandbox } from '../sandbox/helpers.js';
import { type Runner, cliFor, ok } from './harness.js';

let open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.map((s) => s.close()));
  open = [];
});

/** A seeded sandbox with an event holding a tent and 120 chairs over +5d → +7d (its id printed). */
async function wedding(): Promise<{ rentals: Runner; id: string }> {
  const sandbox = await openSandbox({ seed: true });
  open.push(sandbox);
  const run = cliFor(sandbox);
  const rentals: Runner = (args, options) => run(args, { now: () => FIXED_NOW, ...options });
  const added = ok(await rentals(['events', 'add', '--event-name', 'Repro wedding', '--status', 'Confirmed', '--block', 'Weekend', '--dropoff-date', '+5d 10:00', '--start', '+6d 14:00', '--end', '+6d 23:59', '--pickup-date', '+7d 12:00', '-o', 'json']));
  const id = String(JSON.parse(added.stdout).data[0].id);
  ok(await rentals(['events', 'book', id, '--item', '40x60 Pole Tent=1', '--item', 'Gold Chiavari Chair=120']));
  return { rentals, id };
}

/** The dates of the `events move … --to` ways out a refusal printed, in its order. */
function offeredMoves(stderr: string, id: string): string[] {
  return [...stderr.matchAll(new RegExp(`^ {4}rentals events move ${id} --to '([^']+)'$`, 'gm'))].map((m) => m[1]!);
}

/** The first window way out a refusal printed, as the steps of its command line (each step's words after `rentals`). */
function firstWindowSteps(stderr: string): string[][] {
  const line = /^ {2}The (?:event moved to|copy over) .*:\n {4}(.*)$/m.exec(stderr)?.[1];
  expect(line, stderr).toBeDefined();
  return line!.split(' && ').map((step) => [...step.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!).slice(1));
}

describe('the windows a refusal offers', () => {
  test('one item short: each window offered holds the other items too, and the first, run as printed, is accepted', async () => {
    const { rentals, id } = await wedding();
    const refused = await rentals(['events', 'move', 'Repro wedding', '--by', '8d']);
    expect(refused.code, refused.stderr).toBe(1);
    const moves = offeredMoves(refused.stderr, id);
    expect(moves.length).toBeGreaterThan(0);
    for (const to of moves) expect((await rentals(['events', 'move', id, '--to', to, '--dry-run'])).code, `--to ${to}`).toBe(0);
    const moved = await rentals(['events', 'move', id, '--to', moves[0]!]);
    expect(moved.code, moved.stderr).toBe(0);
  });

  test('two items short: a window both fit in is offered, one `availability --find` finds too; -o json carries the same', async () => {
    const { rentals, id } = await wedding();
    const refused = await rentals(['events', 'move', id, '--by', '1w']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('40x60 Pole Tent: 1 owned');
    expect(refused.stderr).toContain('Gold Chiavari Chair: 150 owned');
    const moves = offeredMoves(refused.stderr, id);
    expect(moves.length).toBeGreaterThan(0);
    for (const to of moves) expect((await rentals(['events', 'move', id, '--to', to, '--dry-run'])).code, `--to ${to}`).toBe(0);

    // The stretches where both items are free for the event's length (its own window 06-06 → 06-08 counts as held there).
    const found = JSON.parse(ok(await rentals(['availability', '--find', '--item', '40x60 Pole Tent=1', '--item', 'Gold Chiavari Chair=120', '--duration', '2d2h', '--from', '2025-06-08', '--to', '2025-08-15', '-o', 'json'])).stdout).data as Array<{ from: string; latestStart: string }>;
    const first = moves[0]!;
    expect(found.some((w) => w.from <= first && first <= w.latestStart), JSON.stringify(found)).toBe(true);

    const json = await rentals(['events', 'move', id, '--by', '1w', '-o', 'json']);
    expect(json.code).toBe(1);
    const body = JSON.parse(json.stdout).refused;
    const windows = (body.commands as Array<{ kind: string; command: string }>).filter((c) => c.kind === 'window').map((c) => c.command);
    expect(windows).toEqual(moves.map((to) => `rentals events move ${id} --to '${to}'`));
    for (const shortage of body.shortages) expect(shortage.windows.map((w: { from: string }) => w.from.slice(0, 16).replace('T', ' '))).toEqual(moves);
  });

  test('a refused booking: the event moved to the first window offered, then the booking again, both accepted', async () => {
    const { rentals, id } = await wedding();
    // Over the Harper–Nguyen Wedding's 150 chairs, written overbooked; one chair more is refused.
    ok(await rentals(['events', 'move', id, '--by', '1w', '--allow-overbook']));
    const refused = await rentals(['events', 'book', id, '--item', 'Gold Chiavari Chair=121']);
    expect(refused.code).toBe(1);
    const moves = offeredMoves(refused.stderr.replaceAll(' && ', '\n    '), id);
    expect(moves.length).toBeGreaterThan(0);
    ok(await rentals(['events', 'move', id, '--to', moves[0]!]));
    ok(await rentals(['events', 'book', id, '--item', 'Gold Chiavari Chair=121']));
  });

  test('check: the event an overbooking is answered for is offered only windows its every line fits in', async () => {
    const { rentals, id } = await wedding();
    // Over the Harper–Nguyen Wedding's 150 chairs: the 120 chairs would end it, so the event is to move, its tent with it.
    ok(await rentals(['events', 'move', id, '--by', '1w', '--allow-overbook']));
    const check = await rentals(['check', '-o', 'json']);
    const problems = JSON.parse(check.stdout).data as Array<{ code: string; commands?: Array<{ kind: string; command: string }> }>;
    const moves = problems.flatMap((p) => (p.code === 'overbooked' ? (p.commands ?? []) : [])).filter((c) => c.kind === 'window');
    expect(moves.length).toBeGreaterThan(0);
    for (const { command } of moves) {
      const [, event, to] = /^rentals events move (\d+) --to '([^']+)'$/.exec(command) ?? [];
      expect((await rentals(['events', 'move', event!, '--to', to!, '--dry-run'])).code, command).toBe(0);
    }
  });

  test('a refused confirmation: the event moved to the first window offered, then confirmed, both accepted', async () => {
    const { rentals } = await wedding();
    // A quote over the days the tent is taken (the chairs are free then): booked, warned, then its confirmation refused.
    const quote = JSON.parse(ok(await rentals(['events', 'add', '--event-name', 'Quoted wedding', '--status', 'Quoted', '--block', 'Weekend', '--dropoff-date', '+13d 10:00', '--start', '+14d 14:00', '--end', '+14d 23:59', '--pickup-date', '+15d 12:00', '-o', 'json'])).stdout).data[0].id;
    ok(await rentals(['events', 'book', String(quote), '--item', '40x60 Pole Tent=1', '--item', 'Gold Chiavari Chair=120']));
    const confirm = await rentals(['events', 'confirm', String(quote)]);
    expect(confirm.code, confirm.stderr).toBe(1);
    for (const step of firstWindowSteps(confirm.stderr)) ok(await rentals(step));
  });

  test('a refused copy: the copy over the first window offered is accepted', async () => {
    const { rentals, id } = await wedding();
    const clone = await rentals(['events', 'clone', id, '--start-date', '+14d 14:00', '--with-bookings', '--name', 'Wedding copy']);
    expect(clone.code, clone.stderr).toBe(1);
    for (const step of firstWindowSteps(clone.stderr)) ok(await rentals(step));
  });
});
