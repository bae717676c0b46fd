// The changes of a write for people (output/change-lines.ts): a sentence per record in the shop's
// words, field titles, names for ids, money in the shop's currency, wrapped between words, and the
// summary last.

import { describe, expect, test } from 'vitest';
import type { Change } from '../../src/domain/changes.js';
import { formatMoneyFixed } from '../../src/domain/money.js';
import { changeLines, changeSummary, differencesText } from '../../src/output/change-lines.js';
import type { ChangeNames, ChangesView } from '../../src/output/changes.js';

const names: ChangeNames = {
  events: { 12: 'Smith wedding' },
  inventory: { 1: 'Frame Tent', 2: 'Marquee' },
  statuses: { 1: 'Quoted', 2: 'Confirmed' },
  rentalBlocks: { 2: 'Weekend' },
};

const booked: Change = { resource: 'bookings', parentId: 12, id: 40, before: null, after: { id: 40, eventId: 12, inventoryId: 1, quantity: 2, price: 1275 }, note: 'Weekend price' };
const confirmed: Change = {
  resource: 'events',
  id: 12,
  name: 'Smith wedding',
  before: { eventName: 'Smith wedding', eventStatusId: 1, startDate: '2026-06-12T14:00:00' },
  after: { eventName: 'Smith wedding', eventStatusId: 2, startDate: '2026-06-12T15:30:00' },
};
const repriced: Change = { resource: 'prices', parentId: 1, id: 5, before: { id: 5, inventoryId: 1, rentalBlockId: 2, price: 675 }, after: { id: 5, inventoryId: 1, rentalBlockId: 2, price: 742.5 } };

function view(changes: Change[], more: Partial<ChangesView> = {}): ChangesView {
  return { kind: 'changes', changes, dryRun: false, names, ...more };
}

describe('the changes of a write for people', () => {
  test('a booking as a sentence, the price in the shop currency with where it came from; a status by name, a date under its title', () => {
    expect(changeLines(view([booked, confirmed]), { width: 0, currency: 'USD' })).toEqual([
      'Booked 2 × Frame Tent on "Smith wedding" at $1,275.00 (Weekend price)',
      'Changed event 12 "Smith wedding"',
      '  Status  Quoted → Confirmed',
      '  Start   2026-06-12 14:00 → 2026-06-12 15:30',
      '2 records written: 1 created and 1 changed.',
    ]);
  });

  test('a price change with its figures and percent; without a currency the plain exact decimal; a removal and a dry run', () => {
    const removed: Change = { resource: 'bookings', parentId: 12, id: 41, before: { id: 41, eventId: 12, inventoryId: 2, quantity: 3, price: 20.1234 }, after: null };
    expect(changeLines(view([repriced, removed], { dryRun: true }), { width: 0 })).toEqual([
      'Would change the Weekend price of Frame Tent: 675.00 → 742.50 (+10.0%)',
      'Would remove 3 × Marquee from "Smith wedding"',
      'Dry run: 2 records to write: 1 to change and 1 to delete; nothing was sent.',
    ]);
    expect(changeLines(view([{ ...repriced, after: { ...repriced.after, price: 675.0001 } }]), { width: 0, currency: 'EUR' })[0]).toContain('€675.00 → €675.0001');
  });

  test('a TAB or an ESC in a name shows escaped in the sentence and under its title alike, never as a space', () => {
    const tabbed: Change = { resource: 'inventory', id: 21, name: 'Tent\tA', before: null, after: { id: 21, name: 'Tent\tA\u001b[2J', quantityAvailable: 3 } };
    const booking: Change = { ...booked, after: { ...booked.after, inventoryId: 21 } };
    const lines = changeLines(view([tabbed, booking], { names: { ...names, inventory: { 21: 'Tent\tA' } } }), { width: 80, currency: 'USD' });
    expect(lines.slice(0, 3)).toEqual(['Created item 21 "Tent\\tA"', '  Item   Tent\\tA\\x1b[2J', '  Owned  3']);
    expect(lines[3]).toBe('Booked 2 × Tent\\tA on "Smith wedding" at $1,275.00 (Weekend price)');
    // A line break too, wrapped (a width) or not (piped): never a space, never a raw break.
    const broken: Change = { ...tabbed, name: 'Tent\nA', after: { id: 21, name: 'Tent\nA', quantityAvailable: 3 } };
    for (const width of [80, 0]) expect(changeLines(view([broken]), { width }).slice(0, 2)).toEqual(['Created item 21 "Tent\\nA"', '  Item   Tent\\nA']);
    // An ESC in the sentence's quotes reads as under the title (\x1b, not JSON's \u001b); a quote and a backslash escaped.
    const escaped: Change = { ...tabbed, name: 'Tent\u001b[2J "A"\\', after: { id: 21, name: 'Tent\u001b[2J', quantityAvailable: 3 } };
    expect(changeLines(view([escaped]), { width: 0 }).slice(0, 2)).toEqual(['Created item 21 "Tent\\x1b[2J \\"A\\"\\\\"', '  Item   Tent\\x1b[2J']);
  });

  test('what is not known by name is said by its kind and id, never as a field name', () => {
    const lines = changeLines({ kind: 'changes', changes: [booked, confirmed], dryRun: false }, { width: 0 });
    expect(lines[0]).toBe('Booked 2 × item 1 on event 12 at 1275.00 (Weekend price)');
    expect(lines[2]).toBe('  Status  event status 1 → event status 2');
    expect(lines.join('\n')).not.toMatch(/eventStatusId|startDate|inventoryId/);
  });

  test('wrapped between words to the width, a figure never split; the summary last with the entry to undo', () => {
    const lines = changeLines(view([booked, repriced], { entry: '1a2b3c4d' }), { width: 40, currency: 'USD' });
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
    const words = lines.join(' ').split(/\s+/);
    for (const figure of ['$1,275.00', '$675.00', '$742.50', '(+10.0%)']) expect(words).toContain(figure);
    expect(lines.slice(-3).join(' ')).toBe('2 records written: 1 created and 1 changed. rentals undo 1a2b3c4d takes it back.');
  });

  test("a history's entries under their headings; a command's own summary kept", () => {
    const lines = changeLines(view([booked, confirmed], { groups: [{ heading: 'e1  rentals events book 12', changes: [booked] }, { heading: 'e0  rentals events confirm 12', changes: [confirmed] }], summary: '2 entries.' }), { width: 0 });
    expect(lines).toEqual([
      'e1  rentals events book 12',
      '  Booked 2 × Frame Tent on "Smith wedding" at 1275.00 (Weekend price)',
      '',
      'e0  rentals events confirm 12',
      '  Changed event 12 "Smith wedding"',
      '    Status  Quoted → Confirmed',
      '    Start   2026-06-12 14:00 → 2026-06-12 15:30',
      '',
      '2 entries.',
    ]);
    expect(changeSummary(view([], { dryRun: true }))).toBe('Nothing would change.');
  });
});

describe('how a record differs from what an entry left (an undo refused as stale)', () => {
  test("an event's dates in the order they follow, as its changes show them; each by its title and on the wall clock", () => {
    const moved = [
      { field: 'startDate', left: '2026-12-20T18:00:00', now: '2026-12-21T20:00:00' },
      { field: 'endDate', left: '2026-12-20T23:30:00', now: '2026-12-22T01:30:00' },
      { field: 'dropoffDate', left: '2026-12-20T10:00:00', now: '2026-12-21T12:00:00' },
      { field: 'teardownDate', left: '2026-12-20T23:30:00', now: '2026-12-22T01:30:00' },
      { field: 'pickupDate', left: '2026-12-21T10:00:00', now: '2026-12-22T12:00:00' },
    ];
    expect([...differencesText('events', moved, undefined, formatMoneyFixed).matchAll(/(?:^|; )(\w+) is /g)].map((m) => m[1])).toEqual(['Dropoff', 'Start', 'End', 'Teardown', 'Pickup']);
    expect(differencesText('events', moved.slice(0, 1), undefined, formatMoneyFixed)).toBe('Start is 2026-12-21 20:00 now; the entry left 2026-12-20 18:00');
  });
});
