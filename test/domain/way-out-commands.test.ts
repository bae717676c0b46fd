// The ways out of a refusal as commands (domain/way-out-commands.ts): each does what it says, or is
// not offered.

import { describe, expect, test } from 'vitest';
import { money } from '../../src/domain/money.js';
import { type WayOutInput, wayOutCommands, withoutWords } from '../../src/domain/way-out-commands.js';
import type { WaysOut } from '../../src/domain/ways-out.js';

const HOUR = 3_600_000;
const window = { from: 100 * HOUR, to: 126 * HOUR };

function way(itemId: number, name: string, asked: number, free: number, substitutes: WaysOut['substitutes'] = [], windows: WaysOut['windows'] = []): WaysOut {
  return { itemId, name, asked, owned: 4, free, short: asked - Math.max(free, 0), substitutes, windows, holders: [] };
}

const marquee = { itemId: 2, name: 'Marquee', free: 5, coversAll: true };
const canopy = { itemId: 3, name: "Kid's canopy", free: 3, coversAll: true };

function input(more: Partial<WayOutInput>): WayOutInput {
  return { eventId: 12, asks: [{ itemId: 1, name: 'Frame Tent', quantity: 3 }], current: new Map(), waysOut: [], substitutable: true, commandLine: "rentals events book 12 --item 'Frame Tent=3'", ...more };
}

describe('the ways out of a refusal as commands', () => {
  test('what is free kept on the item, the rest on the first substitute (--substitute), each other substitute named, the override last', () => {
    const ways = wayOutCommands(input({ waysOut: [way(1, 'Frame Tent', 3, 1, [marquee, canopy])] }));
    expect(ways).toEqual([
      { kind: 'substitute', what: '1 × Frame Tent and 2 × Marquee (5 free)', command: "rentals events book 12 --item 'Frame Tent=3' --substitute" },
      { kind: 'other-stock', what: "1 × Frame Tent and 2 × Kid's canopy (3 free)", command: "rentals events book 12 --item 'Frame Tent=1' --item 'Kid'\\''s canopy=2'" },
      { kind: 'book-free', what: 'Book the 1 × Frame Tent that is free, of the 3 asked', command: "rentals events book 12 --item 'Frame Tent=1'" },
      { kind: 'override', what: 'Write anyway, overbooked', command: "rentals events book 12 --item 'Frame Tent=3' --allow-overbook" },
    ]);
  });

  test('the override goes among the flags, before a `--` after which words are operands', () => {
    const ways = wayOutCommands(input({ commandLine: "rentals events book --item 'Frame Tent=3' -- 12", waysOut: [way(1, 'Frame Tent', 3, 0)] }));
    expect(ways.find((w) => w.kind === 'override')?.command).toBe("rentals events book --item 'Frame Tent=3' --allow-overbook -- 12");
  });

  test('a substitute already on the event grows by the rest; nothing kept of an item on the event: its lines go first', () => {
    const ways = wayOutCommands(input({ current: new Map([[1, 1], [3, 1]]), waysOut: [way(1, 'Frame Tent', 3, 0, [marquee, { ...canopy, free: 4 }])] }));
    expect(ways.find((w) => w.kind === 'other-stock')).toEqual({
      kind: 'other-stock',
      what: "3 × Kid's canopy instead of Frame Tent (4 free; the event then has 4)",
      command: "rentals events unbook 12 --item 'Frame Tent' && rentals events book 12 --item 'Kid'\\''s canopy=4'",
    });
    // 1 + 3 = 4 canopies but only 3 free: not offered.
    expect(wayOutCommands(input({ current: new Map([[3, 1]]), waysOut: [way(1, 'Frame Tent', 3, 0, [marquee, { ...canopy, free: 3 }])] })).map((w) => w.kind)).toEqual(['substitute', 'override']);
  });

  test('no substitute way when one short item has none (the command would be refused again), nor for a change that moves the event', () => {
    const two = input({ asks: [{ itemId: 1, name: 'Frame Tent', quantity: 3 }, { itemId: 5, name: 'Stage', quantity: 2 }], waysOut: [way(1, 'Frame Tent', 3, 0, [marquee]), way(5, 'Stage', 2, 0)] });
    expect(wayOutCommands(two).map((w) => w.kind)).toEqual(['override']);
    expect(wayOutCommands(input({ substitutable: false, waysOut: [way(1, 'Frame Tent', 3, 0, [marquee])] })).map((w) => w.kind)).toEqual(['override']);
  });

  test('a window every short item fits in: the event moved there, then the command again; a change of the event runs again after its substitute', () => {
    const later = { from: window.from + 48 * HOUR, to: window.to + 48 * HOUR };
    const elsewhere = { from: window.from - 48 * HOUR, to: window.to - 48 * HOUR };
    const two = input({ asks: [{ itemId: 1, name: 'Frame Tent', quantity: 3 }, { itemId: 5, name: 'Stage', quantity: 2 }], waysOut: [way(1, 'Frame Tent', 3, 0, [], [later, elsewhere]), way(5, 'Stage', 2, 0, [], [later])] });
    expect(wayOutCommands(two).filter((w) => w.kind === 'window')).toEqual([
      { kind: 'window', what: 'The event moved to 1970-01-07 04:00 → 1970-01-08 06:00, where all fit', command: "rentals events move 12 --to '1970-01-07 04:00' && rentals events book 12 --item 'Frame Tent=3'" },
    ]);
    const confirm = wayOutCommands(input({ changesEvent: true, commandLine: 'rentals events confirm 12', waysOut: [way(1, 'Frame Tent', 3, 0, [marquee])] }));
    expect(confirm[0]!.command).toBe("rentals events book 12 --item 'Frame Tent=3' --substitute && rentals events confirm 12");
    // The refused command not known: no way that needs it, no override command.
    expect(wayOutCommands(input({ commandLine: undefined, waysOut: [way(1, 'Frame Tent', 3, 0, [], [later])] }))).toEqual([
      { kind: 'window', what: expect.stringContaining('where 3 fit'), command: "rentals events move 12 --to '1970-01-07 04:00'" },
    ]);
  });

  test('a substitute whose own price is not the one agreed for its item: the same split again with --keep-price; the --price given is given again', () => {
    const priced = (more: Partial<WayOutInput>) =>
      wayOutCommands(input({ asks: [{ itemId: 1, name: 'Frame Tent', quantity: 3, price: money('675') }], waysOut: [way(1, 'Frame Tent', 3, 1, [marquee])], ownPrice: (id) => (id === 2 ? money('1275') : undefined), ...more }));
    expect(priced({}).slice(0, 2)).toEqual([
      { kind: 'substitute', what: '1 × Frame Tent and 2 × Marquee (5 free)', command: "rentals events book 12 --item 'Frame Tent=3' --substitute" },
      { kind: 'substitute-keep-price', what: 'The same, 2 × Marquee at 675.00, the price agreed for Frame Tent (its own: 1275.00)', command: "rentals events book 12 --item 'Frame Tent=3' --substitute --keep-price" },
    ]);
    // The same price, or the substitute's not known: nothing to keep.
    expect(priced({ ownPrice: () => money('675.00') }).map((w) => w.kind)).not.toContain('substitute-keep-price');
    expect(priced({ ownPrice: undefined }).map((w) => w.kind)).not.toContain('substitute-keep-price');
    const given = priced({ asks: [{ itemId: 1, name: 'Frame Tent', quantity: 3, price: money('600'), priceGiven: true }] });
    expect(given.filter((w) => w.kind.startsWith('substitute')).map((w) => w.command)).toEqual([
      "rentals events book 12 --item 'Frame Tent=3' --price 600.00 --substitute",
      "rentals events book 12 --item 'Frame Tent=3' --price 600.00 --substitute --keep-price",
    ]);
  });

  test('the override of a --substitute run books what was asked: without --substitute and --keep-price, which --allow-overbook cannot be given with', () => {
    const ways = wayOutCommands(input({ commandLine: "rentals events book 12 --item 'Frame Tent=3' --substitute --keep-price --dry-run", waysOut: [way(1, 'Frame Tent', 3, 0)] }));
    expect(ways.at(-1)).toEqual({ kind: 'override', what: 'Write anyway, overbooked', command: "rentals events book 12 --item 'Frame Tent=3' --dry-run --allow-overbook" });
    // Whole words only: a name that holds the word keeps it.
    expect(withoutWords("rentals events book 12 --item 'Big --substitute tent' --item 'it'\\''s --keep-price=2' --substitute", ['--substitute', '--keep-price'])).toBe(
      "rentals events book 12 --item 'Big --substitute tent' --item 'it'\\''s --keep-price=2'",
    );
  });

  test('what is free booked, the other lines as asked: after the substitutes and the windows, before the override; only when 1 or more is free and fewer than asked', () => {
    const later = { from: window.from + 48 * HOUR, to: window.to + 48 * HOUR };
    const asks = [{ itemId: 1, name: 'Crystal Chandelier', quantity: 7 }, { itemId: 5, name: 'Stage', quantity: 2 }];
    const ways = wayOutCommands(input({ asks, commandLine: "rentals events book 'Script Party' --item 'Crystal Chandelier=7' --item Stage=2", waysOut: [way(1, 'Crystal Chandelier', 7, 6, [], [later]), way(5, 'Stage', 2, 2)] }));
    expect(ways.map((w) => w.kind)).toEqual(['window', 'book-free', 'override']);
    expect(ways[1]).toEqual({ kind: 'book-free', what: 'Book the 6 × Crystal Chandelier that are free, of the 7 asked', command: "rentals events book 12 --item 'Crystal Chandelier=6' --item Stage=2" });
    // Two short items: each at what is free, in one booking.
    const two = wayOutCommands(input({ asks, waysOut: [way(1, 'Crystal Chandelier', 7, 6), way(5, 'Stage', 2, 1)] }));
    expect(two.find((w) => w.kind === 'book-free')).toEqual({ kind: 'book-free', what: 'Book what is free: 6 × Crystal Chandelier of the 7 asked; 1 × Stage of the 2 asked', command: "rentals events book 12 --item 'Crystal Chandelier=6' --item Stage=1" });
    // Nothing free of one short item (a booking cannot set 0; nor below 0 for an overbooked window): not offered.
    for (const free of [0, -2]) expect(wayOutCommands(input({ asks, waysOut: [way(1, 'Crystal Chandelier', 7, 6), way(5, 'Stage', 2, free)] })).map((w) => w.kind)).toEqual(['override']);
    // The --price given is given again.
    const priced = wayOutCommands(input({ asks: [{ itemId: 1, name: 'Frame Tent', quantity: 3, price: money('600'), priceGiven: true }], waysOut: [way(1, 'Frame Tent', 3, 2)] }));
    expect(priced[0]!.command).toBe("rentals events book 12 --item 'Frame Tent=2' --price 600.00");
    // What is free is what the event holds already (a line raised past it): booking it would change nothing, not offered.
    expect(wayOutCommands(input({ current: new Map([[1, 2]]), waysOut: [way(1, 'Frame Tent', 3, 2)] })).map((w) => w.kind)).toEqual(['override']);
    // One short item of two already at what is free: the other still gains, offered.
    expect(wayOutCommands(input({ asks, current: new Map([[1, 6]]), waysOut: [way(1, 'Crystal Chandelier', 7, 6), way(5, 'Stage', 2, 1)] })).map((w) => w.kind)).toEqual(['book-free', 'override']);
  });

  test('a change of the event (confirm, move, uncancel): the line set to what is free first, then the command again; never before an undo, nor for a copy not yet made', () => {
    const confirm = wayOutCommands(input({ changesEvent: true, asks: [{ itemId: 1, name: 'Crystal Chandelier', quantity: 10 }], commandLine: 'rentals events confirm 38', waysOut: [way(1, 'Crystal Chandelier', 10, 6)] }));
    expect(confirm).toEqual([
      { kind: 'book-free', what: 'Book the 6 × Crystal Chandelier that are free, of the 10 asked', command: "rentals events book 12 --item 'Crystal Chandelier=6' && rentals events confirm 38" },
      { kind: 'override', what: 'Write anyway, overbooked', command: 'rentals events confirm 38 --allow-overbook' },
    ]);
    const moved = wayOutCommands(input({ changesEvent: true, substitutable: false, commandLine: "rentals events move 12 --to '2029-01-02'", waysOut: [way(1, 'Frame Tent', 3, 1)] }));
    expect(moved[0]!.command).toBe("rentals events book 12 --item 'Frame Tent=1' && rentals events move 12 --to '2029-01-02'");
    // An undo (the refusal says so, whatever flags come first) run after a booking would take that booking back, not the change refused.
    expect(wayOutCommands(input({ changesEvent: true, commandLine: 'rentals -q undo 3f9c2a1b', undo: true, waysOut: [way(1, 'Frame Tent', 3, 1)] })).map((w) => w.kind)).toEqual(['override']);
    // Nor a substitute booked before an undo: the undo would take the substitute's booking back.
    const marquee = [{ itemId: 2, name: 'Marquee', free: 5, coversAll: true }];
    expect(wayOutCommands(input({ changesEvent: true, commandLine: 'rentals events confirm 12', waysOut: [way(1, 'Frame Tent', 3, 1, marquee)] })).map((w) => w.kind)).toContain('substitute');
    expect(wayOutCommands(input({ changesEvent: true, commandLine: 'rentals -q undo 3f9c2a1b', undo: true, waysOut: [way(1, 'Frame Tent', 3, 1, marquee)] })).map((w) => w.kind)).toEqual(['override']);
    expect(wayOutCommands(input({ changesEvent: true, commandLine: undefined, waysOut: [way(1, 'Frame Tent', 3, 1)] }))).toEqual([]);
    expect(wayOutCommands(input({ eventId: undefined, waysOut: [way(1, 'Frame Tent', 3, 1)] })).map((w) => w.kind)).toEqual(['override']);
  });
});
