// Two operators, one unit: the races of two `rentals` processes started at the same moment over the
// last units of an item, of four kinds. Shared by the race test (test/e2e/race.e2e.test.ts) and the
// race bench (bench/races.bench.mjs), which print the same table. Each race makes its own item and
// events (written straight to the sandbox), runs the two commands, and reads what the sandbox holds
// at the end: overbooked (the item held firmly beyond its stock), and how many commands won (exit 0).
//
// `call(method, path, body)` answers the sandbox's `data` (a non-2xx throws);
// `rentals(args)` runs the built bin/rentals.js against the sandbox: { code, stdout, stderr }.

/** The kinds of race, each two commands over the last unit(s). */
export const RACE_KINDS = [
  { name: 'book', title: 'events book vs events book' },
  { name: 'confirm', title: 'events confirm vs events book' },
  { name: 'move', title: 'events move vs events book' },
  { name: 'update', title: 'bookings update vs bookings update' },
];

async function item(call, name, quantityAvailable) {
  const [record] = await call('POST', '/v2/inventory', { name, quantityAvailable, active: 1 });
  const id = Number(record.id);
  await call('POST', `/v1/inventory/${id}/pricing`, { inventoryId: id, rentalBlockId: 1, price: 10 });
  return id;
}

async function event(call, name, from, to, eventStatusId = 2) {
  const [record] = await call('POST', '/v1/events', { eventStatusId, rentalBlockId: 1, eventName: name, dropoffDate: from, startDate: from, endDate: to, teardownDate: to, pickupDate: to });
  return Number(record.id);
}

async function line(call, eventId, inventoryId, quantity) {
  const [record] = await call('POST', `/v1/events/${eventId}/inventory`, { eventId, inventoryId, quantity, price: 10 });
  return Number(record.id);
}

async function held(call, eventIds) {
  const lists = await Promise.all(eventIds.map((id) => call('GET', `/v1/events/${id}/inventory`)));
  return lists.flat().reduce((sum, l) => sum + Number(l.quantity), 0);
}

/** A day of its own for race `n` of a kind (the windows of different races never meet). */
function day(kind, n) {
  const year = 2040 + RACE_KINDS.findIndex((k) => k.name === kind);
  const date = new Date(Date.UTC(year, 0, 1 + n * 3));
  return date.toISOString().slice(0, 10);
}

const SETUPS = {
  /** Two events overlapping, each booking the one unit. */
  async book(call, n, d) {
    const itemId = await item(call, `Race book ${n}`, 1);
    const a = await event(call, `Race ${n} A`, `${d}T08:00:00`, `${d}T20:00:00`);
    const b = await event(call, `Race ${n} B`, `${d}T12:00:00`, `${d}T23:00:00`);
    return {
      events: [a, b],
      commands: [
        ['events', 'book', String(a), '--item', `${itemId}=1`],
        ['events', 'book', String(b), '--item', `${itemId}=1`],
      ],
      overbooked: async () => (await held(call, [a, b])) > 1,
    };
  },
  /** A quote holding the one unit is confirmed while an overlapping event books it. */
  async confirm(call, n, d) {
    const itemId = await item(call, `Race confirm ${n}`, 1);
    const quote = await event(call, `Quote ${n}`, `${d}T08:00:00`, `${d}T20:00:00`, 1);
    await line(call, quote, itemId, 1);
    const other = await event(call, `Booker ${n}`, `${d}T12:00:00`, `${d}T23:00:00`);
    return {
      events: [quote, other],
      commands: [
        ['events', 'confirm', String(quote)],
        ['events', 'book', String(other), '--item', `${itemId}=1`],
      ],
      overbooked: async () => {
        const [status] = await call('GET', `/v1/events/${quote}`);
        return (Number(status.eventStatusId) === 2 ? 1 : 0) + (await held(call, [other])) > 1;
      },
    };
  },
  /** An event holding the one unit moves onto the day of another, which books it. */
  async move(call, n, d) {
    const itemId = await item(call, `Race move ${n}`, 1);
    const next = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const mover = await event(call, `Mover ${n}`, `${d}T08:00:00`, `${d}T20:00:00`);
    await line(call, mover, itemId, 1);
    const other = await event(call, `Stayer ${n}`, `${next}T08:00:00`, `${next}T20:00:00`);
    return {
      events: [mover, other],
      commands: [
        ['events', 'move', String(mover), '--by', '1d'],
        ['events', 'book', String(other), '--item', `${itemId}=1`],
      ],
      overbooked: async () => {
        const [moved] = await call('GET', `/v1/events/${mover}`);
        return String(moved.dropoffDate).startsWith(next) && (await held(call, [other])) > 0;
      },
    };
  },
  /** Two overlapping events each hold one of three units, and each raises its line to two: one of them fits. */
  async update(call, n, d) {
    const itemId = await item(call, `Race update ${n}`, 3);
    const a = await event(call, `Raiser ${n} A`, `${d}T08:00:00`, `${d}T20:00:00`);
    const b = await event(call, `Raiser ${n} B`, `${d}T12:00:00`, `${d}T23:00:00`);
    const [lineA, lineB] = [await line(call, a, itemId, 1), await line(call, b, itemId, 1)];
    return {
      events: [a, b],
      commands: [
        ['bookings', 'update', String(lineA), '--event-id', String(a), '--quantity', '2'],
        ['bookings', 'update', String(lineB), '--event-id', String(b), '--quantity', '2'],
      ],
      overbooked: async () => (await held(call, [a, b])) > 3,
    };
  },
};

/** The events a refusal names as holding the units (its lines `    event 12 "Smith wedding": 1`). */
function namedHolders(stderr) {
  return [...stderr.matchAll(/^ {4}event (\d+) .*: \d+$/gm)].map((m) => Number(m[1]));
}

/**
 * One race of `kind` (number `n`): { winners, overbooked, results, unexpected, wrongHolders }. A
 * command that ends other than won (0) or lost (1) is in `unexpected`; `wrongHolders`: where one
 * command won, the events the loser names as holding the units that are not the winner's.
 */
export async function runRace(kind, n, { call, rentals }) {
  const setup = await SETUPS[kind](call, n, day(kind, n));
  const results = await Promise.all(setup.commands.map((args) => rentals(args)));
  const unexpected = results.filter((r) => r.code !== 0 && r.code !== 1);
  const winners = results.filter((r) => r.code === 0).length;
  const winner = winners === 1 ? setup.events[results.findIndex((r) => r.code === 0)] : undefined;
  const wrongHolders = winner === undefined ? [] : results.flatMap((r) => (r.code === 1 ? namedHolders(r.stderr).filter((id) => id !== winner) : []));
  return { winners, overbooked: await setup.overbooked(), results, unexpected, wrongHolders };
}

/** `tries` races of each kind in turn: a row per kind { kind, title, tries, overbooked, noWinner, oneWinner, twoWinners, wrongHolders, unexpected }. */
export async function raceTable(kinds, tries, io) {
  const rows = [];
  for (const kind of kinds) {
    const row = { kind, title: RACE_KINDS.find((k) => k.name === kind).title, tries, overbooked: 0, noWinner: 0, oneWinner: 0, twoWinners: 0, wrongHolders: 0, unexpected: [] };
    for (let n = 0; n < tries; n++) {
      const race = await runRace(kind, n, io);
      if (race.overbooked) row.overbooked++;
      if (race.winners === 0) row.noWinner++;
      if (race.winners === 1) row.oneWinner++;
      if (race.winners === 2) row.twoWinners++;
      if (race.wrongHolders.length > 0) row.wrongHolders++;
      row.unexpected.push(...race.unexpected);
    }
    rows.push(row);
  }
  return rows;
}

/** The table as markdown lines. */
export function raceTableLines(rows) {
  return [
    '| Race | Tries | Overbooked | No winner | One winner | Both won | Loser named a non-holder |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.title} | ${r.tries} | ${r.overbooked} | ${r.noWinner} | ${r.oneWinner} | ${r.twoWinners} | ${r.wrongHolders} |`),
  ];
}
