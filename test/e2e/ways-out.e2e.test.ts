// A way out of every shortage, against the real sandbox: a refused booking names the substitute
// with room and the nearest window that fits, `check -o json` carries the same, and `--substitute`
// books the split.

import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { jsonData, ok } from './harness.js';
import { runProgram } from '../helpers/programs.js';
import { calendarSuite } from './calendar-fixtures.js';
import { data } from './server-state.js';

const fixtures = calendarSuite('Ways');
const { call, rentals, item, event, line, unique } = fixtures;

/** The shells a way out is pasted into (each one found): the words each reads back must be the same. */
const SHELLS = ['bash', 'zsh', 'dash'].filter((shell) => spawnSync(shell, ['-c', 'true']).status === 0);
if (!SHELLS.includes('bash')) console.warn('\n!!! bash is not installed: the ways out are not read back by a shell (test/e2e/ways-out.e2e.test.ts) !!!\n');
const END = '--end-of-step--';

/** The steps of a command line (`a && b`) as a shell reads them: each `rentals` call's words after `rentals`. */
async function shellSteps(shell: string, line: string): Promise<string[][]> {
  const script = `rentals() { printf '%s\\0' "$@" ${END}; }\n${line}\n`;
  const read = await runProgram(shell, ['-c', script]);
  expect(read.status, `${shell}: ${read.stderr}`).toBe(0);
  const words = read.stdout.split('\0').slice(0, -1);
  const steps: string[][] = [[]];
  for (const word of words) {
    if (word === END) steps.push([]);
    else steps[steps.length - 1]!.push(word);
  }
  return steps.slice(0, -1);
}

/** An item of `owned` units priced 10 for block 1, named with what a shell would act on (a space, an apostrophe, an ampersand). */
async function awkwardItem(owned: number, what: string): Promise<{ id: number; name: string }> {
  const name = unique(`Kid's ${what} & co`);
  const [record] = await data(call(), 'POST', '/v2/inventory', { name, quantityAvailable: owned, active: 1 });
  const id = Number(record!.id);
  await data(call(), 'POST', `/v1/inventory/${id}/pricing`, { inventoryId: id, rentalBlockId: 1, price: 10 });
  return { id, name };
}

/** A shortage: `tent` (2 owned) fully held by `holder` over 2029-03-10 → 12; `wanted` overlaps it. */
async function shortage() {
  const tent = await item(2);
  const marquee = await item(5);
  const holder = await event('2029-03-10T08:00:00', '2029-03-12T10:00:00');
  await line(holder.id, tent.id, 2);
  const wanted = await event('2029-03-11T08:00:00', '2029-03-13T08:00:00');
  return { tent, marquee, holder, wanted, env: { RENTALS_ALTERNATIVES: `${tent.name}=${marquee.name}` } };
}

describe('ways out of a shortage', () => {
  test('a refused booking names the free substitute and the nearest window that fits, in text and in -o json', async () => {
    const { tent, marquee, holder, wanted, env } = await shortage();
    const refused = await rentals(['events', 'book', String(wanted.id), '--item', `${tent.name}=2`], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`  2 × ${marquee.name} instead of ${tent.name} (5 free):\n    rentals events book ${wanted.id} --item '${tent.name}=2' --substitute\n`);
    // The holder gives the units back at 2029-03-12 10:00: the nearest 2-day window starts then.
    expect(refused.stderr).toContain(
      `  The event moved to 2029-03-12 10:00 → 2029-03-14 10:00, where 2 fit:\n    rentals events move ${wanted.id} --to '2029-03-12 10:00' && rentals events book ${wanted.id} --item '${tent.name}=2'\n`,
    );
    expect(refused.stderr).toContain('Nothing was written. Ways out:');

    const json = await rentals(['events', 'book', String(wanted.id), '--item', `${tent.name}=2`, '-o', 'json'], { env });
    expect(json.code).toBe(1);
    const { refused: body } = JSON.parse(json.stdout);
    expect(body.shortages[0]).toMatchObject({
      itemId: tent.id,
      asked: 2,
      free: 0,
      short: 2,
      substitutes: [{ itemId: marquee.id, free: 5, coversAll: true }],
      holders: [{ eventId: holder.id, quantity: 2, tentative: false }],
    });
    expect(body.shortages[0].windows[0]).toEqual({ from: '2029-03-12T10:00:00', to: '2029-03-14T10:00:00' });
    expect(await data(call(), 'GET', `/v1/events/${wanted.id}/inventory`)).toEqual([]);

    // Whichever command is refused: bookings add says the same, as data.
    const added = await rentals(['bookings', 'add', '--event-id', String(wanted.id), '--item', tent.name, '--quantity', '2', '-o', 'json'], { env });
    expect(added.code).toBe(1);
    expect(JSON.parse(added.stdout).refused.shortages[0].substitutes).toEqual([{ itemId: marquee.id, name: marquee.name, free: 5, coversAll: true }]);
    expect(await data(call(), 'GET', `/v1/events/${wanted.id}/inventory`)).toEqual([]);
  });

  test('a refused change of an event (update --status, confirm, move) names the same ways out, in text and in -o json', async () => {
    const { tent, marquee, holder, env } = await shortage();
    const quote = await event('2029-03-11T08:00:00', '2029-03-13T08:00:00', { eventStatusId: 1 });
    await line(quote.id, tent.id, 2);
    for (const args of [['events', 'update', String(quote.id), '--status', 'Confirmed'], ['events', 'confirm', String(quote.id)]]) {
      const refused = await rentals(args, { env });
      expect(refused.code, refused.stderr).toBe(1);
      expect(refused.stderr).toContain('cannot be');
      const again = `rentals ${args.map((word) => (word.includes(' ') ? `'${word}'` : word)).join(' ')}`;
      expect(refused.stderr).toContain(`  2 × ${marquee.name} instead of ${tent.name} (5 free):\n    rentals events book ${quote.id} --item '${tent.name}=2' --substitute && ${again}\n`);
      expect(refused.stderr).toContain(`  The event moved to 2029-03-12 10:00 → 2029-03-14 10:00, where 2 fit:\n    rentals events move ${quote.id} --to '2029-03-12 10:00' && ${again}\n`);
      expect(refused.stderr).toContain('Nothing was changed. Ways out:');
      expect(refused.stderr.trimEnd().endsWith(`${again} --allow-overbook`)).toBe(true);
    }

    const json = await rentals(['events', 'update', String(quote.id), '--status', 'Confirmed', '-o', 'json'], { env });
    expect(json.code).toBe(1);
    const { data: rows, refused: body } = JSON.parse(json.stdout);
    expect(rows).toEqual([]);
    expect(body.event).toMatchObject({ id: quote.id, from: '2029-03-11T08:00:00', to: '2029-03-13T08:00:00' });
    expect(body.shortages[0]).toMatchObject({
      itemId: tent.id,
      asked: 2,
      substitutes: [{ itemId: marquee.id, free: 5, coversAll: true }],
      holders: [{ eventId: holder.id, quantity: 2, tentative: false }],
    });
    expect(body.shortages[0].windows[0]).toEqual({ from: '2029-03-12T10:00:00', to: '2029-03-14T10:00:00' });
    expect((await data(call(), 'GET', `/v1/events/${quote.id}`))[0]).toMatchObject({ eventStatusId: 1 });

    // A firm event moved into the shortage: the window asked is the new one.
    const firm = await event('2029-03-20T08:00:00', '2029-03-22T08:00:00');
    await line(firm.id, tent.id, 2);
    const moved = await rentals(['events', 'move', String(firm.id), '--to', '2029-03-11', '-o', 'json'], { env });
    expect(moved.code, moved.stderr).toBe(1);
    expect(moved.stderr).toContain('cannot be moved');
    expect(JSON.parse(moved.stdout).refused.shortages[0].substitutes).toEqual([{ itemId: marquee.id, name: marquee.name, free: 5, coversAll: true }]);
  });

  test('a name of the setting that matches no item is said, and the rest still answers', async () => {
    const { tent, wanted } = await shortage();
    const refused = await rentals(['events', 'book', String(wanted.id), '--item', `${tent.name}=1`], { env: { RENTALS_ALTERNATIVES: `${tent.name}=No Such Thing` } });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('the alternatives setting: "No Such Thing": no such item');
    expect(refused.stderr).toMatch(/The event moved to .*, where 1 fit:/);
  });

  test('check -o json carries the same ways out for an overbooking', async () => {
    const { tent, marquee, holder, wanted, env } = await shortage();
    await line(wanted.id, tent.id, 1);
    const check = await rentals(['check', '--from', '2029-03-10', '--to', '2029-03-13', '-o', 'json'], { env });
    expect(check.code).toBe(1);
    const overbooked = jsonData(check).find((p) => p.code === 'overbooked' && p.itemId === tent.id)!;
    expect(overbooked.waysOut).toMatchObject({
      eventId: wanted.id,
      itemId: tent.id,
      asked: 1,
      substitutes: [{ itemId: marquee.id, free: 5 }],
      holders: [{ eventId: holder.id, quantity: 2 }],
    });
    expect((overbooked.waysOut as { windows: unknown[] }).windows[0]).toEqual({ from: '2029-03-12T10:00:00', to: '2029-03-14T10:00:00' });
    // Each way out a command to copy, as a refusal gives them: the substitute, the window (a move: the event already holds the units).
    const substitute = `rentals events book ${wanted.id} --item '${tent.name}=1' --substitute`;
    const move = `rentals events move ${wanted.id} --to '2029-03-12 10:00'`;
    const commands = overbooked.commands as Array<{ kind: string; what: string; command: string }>;
    expect(commands.slice(0, 2)).toEqual([
      { kind: 'substitute', what: `1 × ${marquee.name} instead of ${tent.name} (5 free)`, command: substitute },
      { kind: 'window', what: 'The event moved to 2029-03-12 10:00 → 2029-03-14 10:00, where 1 fit', command: move },
    ]);
    // The other windows; no override (the event is overbooked already).
    expect(commands.slice(2).map((c) => c.kind)).toEqual(commands.slice(2).map(() => 'window'));
    // For people: each under what it does, on a line of its own, whole; in tsv, in the message between backquotes.
    const text = await rentals(['check', '--from', '2029-03-10', '--to', '2029-03-13', '-o', 'table'], { env });
    expect(text.stdout).toContain(`; ways out for event ${wanted.id}:\n  1 × ${marquee.name} instead of ${tent.name} (5 free):\n    ${substitute}\n  The event moved to 2029-03-12 10:00 → 2029-03-14 10:00, where 1 fit:\n    ${move}\n`);
    const tsv = await rentals(['check', '--from', '2029-03-10', '--to', '2029-03-13'], { env });
    expect(tsv.stdout).toContain(`; ways out for event ${wanted.id}: \`${substitute}\`, \`${move}\``);
    // Run as given, the substitute ends the overbooking.
    const [step] = await shellSteps('bash', substitute);
    ok(await rentals(step!, { env }));
    const after = jsonData(await rentals(['check', '--from', '2029-03-10', '--to', '2029-03-13', '-o', 'json'], { env }));
    expect(after.filter((p) => p.itemId === tent.id)).toEqual([]);
    expect((await data(call(), 'GET', `/v1/events/${wanted.id}/inventory`)).map((l) => [l.inventoryId, l.quantity])).toEqual([[marquee.id, 1]]);
  });

  test('check: a quote that cannot be confirmed has the ways out of its confirmation, the same commands as `events confirm` refused gives', async () => {
    const chandelier = await awkwardItem(6, 'chandelier');
    const quote = await event('2029-11-10T08:00:00', '2029-11-11T10:00:00', { eventStatusId: 1 });
    await line(quote.id, chandelier.id, 8);
    const range = ['--from', '2029-11-10', '--to', '2029-11-12'];
    const check = await rentals(['check', ...range, '-o', 'json']);
    expect(check.code).toBe(1);
    const problem = jsonData(check).find((p) => p.code === 'quote-cannot-confirm' && p.eventId === quote.id)!;
    const refused = await rentals(['events', 'confirm', String(quote.id), '-o', 'json']);
    expect(refused.code).toBe(1);
    const confirmWays = JSON.parse(refused.stdout).refused.commands as Array<{ kind: string; what: string; command: string }>;
    const asTyped = (command: string) => command.replace(' -o json', '');
    expect(problem.commands).toEqual(confirmWays.map((way) => ({ ...way, command: asTyped(way.command) })));
    expect((problem.commands as Array<{ kind: string }>).map((c) => c.kind)).toEqual(['book-free', 'override']);
    const text = await rentals(['check', ...range, '-o', 'table']);
    expect(text.stdout).toContain(`  Book the 6 × ${chandelier.name} that are free, of the 8 asked:\n    rentals events book ${quote.id} --item ${String.raw`'Kid'\''s`}`);
  });

  test('--substitute books what is free of the item and the rest on the substitute, after showing it with --dry-run', async () => {
    const { tent, marquee, holder, wanted, env } = await shortage();
    // One tent comes free: the holder keeps 1 of its 2.
    const [held] = await data(call(), 'GET', `/v1/events/${holder.id}/inventory`);
    await data(call(), 'PUT', `/v1/events/${holder.id}/inventory/${String(held!.id)}`, { ...held, quantity: 1 });

    const dry = ok(await rentals(['events', 'book', String(wanted.id), '--item', `${tent.name}=3`, '--substitute', '--dry-run'], { env }));
    expect(dry.stderr).toContain(`Substitute: 1 × ${JSON.stringify(tent.name)} and 2 × ${JSON.stringify(marquee.name)} for the 3 asked.`);
    expect(await data(call(), 'GET', `/v1/events/${wanted.id}/inventory`)).toEqual([]);

    ok(await rentals(['events', 'book', String(wanted.id), '--item', `${tent.name}=3`, '--substitute'], { env }));
    const lines = await data(call(), 'GET', `/v1/events/${wanted.id}/inventory`);
    expect(lines.map((l) => [l.inventoryId, l.quantity]).sort()).toEqual([[tent.id, 1], [marquee.id, 2]].sort());

    // One command, one entry: undo takes the whole split back.
    ok(await rentals(['undo'], { env }));
    expect(await data(call(), 'GET', `/v1/events/${wanted.id}/inventory`)).toEqual([]);
  });

  // Each kind of way out a refusal offers, taken by its command as a shell reads it: it does what it says.
  const KINDS = [
    { kind: 'substitute', lines: (w: Ways) => [[w.marquee.id, 2]] },
    { kind: 'other-stock', lines: (w: Ways) => [[w.canopy.id, 2]] },
    { kind: 'window', lines: (w: Ways) => [[w.tent.id, 2]] },
    { kind: 'override', lines: (w: Ways) => [[w.tent.id, 2]] },
  ] as const;
  type Ways = { tent: { id: number; name: string }; marquee: { id: number; name: string }; canopy: { id: number; name: string }; wanted: { id: number } };

  test.each(KINDS)('the way out of kind $kind is a command to copy, quoted for the shell, and it does what it says', async ({ kind, lines: expected }) => {
    const tent = await awkwardItem(2, 'tent');
    const marquee = await awkwardItem(5, 'marquee');
    const canopy = await awkwardItem(5, 'canopy');
    const holder = await event('2029-04-10T08:00:00', '2029-04-12T10:00:00');
    await line(holder.id, tent.id, 2);
    const wanted = await event('2029-04-11T08:00:00', '2029-04-13T08:00:00');
    const env = { RENTALS_ALTERNATIVES: `${tent.name}=${marquee.name}|${canopy.name}` };
    const asked = ['events', 'book', String(wanted.id), '--item', `${tent.name}=2`];

    const refused = await rentals(asked, { env });
    expect(refused.code).toBe(1);
    const json = await rentals([...asked, '-o', 'json'], { env });
    const commands = JSON.parse(json.stdout).refused.commands as Array<{ kind: string; what: string; command: string }>;
    expect([...new Set(commands.map((c) => c.kind))]).toEqual(['substitute', 'other-stock', 'window', 'override']);
    expect(commands.filter((c) => c.kind === 'override')).toHaveLength(1);
    // In the text too, each under what it does, the override last.
    const text = refused.stderr;
    const typed = (command: string) => command.replace(' -o json', '');
    for (const way of commands) expect(text).toContain(`  ${way.what}:\n    ${typed(way.command)}\n`);
    expect(text.trimEnd().endsWith(typed(commands.at(-1)!.command))).toBe(true);

    const way = commands.find((c) => c.kind === kind)!;
    const steps = await shellSteps('bash', way.command);
    for (const shell of SHELLS) expect(await shellSteps(shell, way.command), shell).toEqual(steps);
    expect(steps[0]![0]).toBe('events');
    for (const step of steps) ok(await rentals(step, { env }));
    const now = await data(call(), 'GET', `/v1/events/${wanted.id}/inventory`);
    expect(now.map((l) => [l.inventoryId, l.quantity])).toEqual(expected({ tent, marquee, canopy, wanted }));
    if (kind === 'window') expect((await data(call(), 'GET', `/v1/events/${wanted.id}`))[0]).toMatchObject({ dropoffDate: '2029-04-12T10:00:00' });
  });

  test('a refused confirmation: the substitute booked, then the same confirmation; a refused move: the nearest window moved to, the override last', async () => {
    const tent = await awkwardItem(2, 'tent');
    const marquee = await awkwardItem(5, 'marquee');
    const holder = await event('2029-05-10T08:00:00', '2029-05-12T10:00:00');
    await line(holder.id, tent.id, 2);
    const quote = await event('2029-05-11T08:00:00', '2029-05-13T08:00:00', { eventStatusId: 1 });
    await line(quote.id, tent.id, 2);
    const env = { RENTALS_ALTERNATIVES: `${tent.name}=${marquee.name}` };
    const refused = await rentals(['events', 'confirm', String(quote.id), '-o', 'json'], { env });
    expect(refused.code).toBe(1);
    const commands = JSON.parse(refused.stdout).refused.commands as Array<{ kind: string; command: string }>;
    expect([...new Set(commands.map((c) => c.kind))]).toEqual(['substitute', 'window', 'override']);
    expect(commands.at(-1)!.command).toBe(`rentals events confirm ${quote.id} -o json --allow-overbook`);
    const steps = await shellSteps('bash', commands[0]!.command);
    expect(steps).toEqual([['events', 'book', String(quote.id), '--item', `${tent.name}=2`, '--substitute'], ['events', 'confirm', String(quote.id), '-o', 'json']]);
    for (const step of steps) ok(await rentals(step, { env }));
    expect((await data(call(), 'GET', `/v1/events/${quote.id}`))[0]).toMatchObject({ eventStatusId: 2 });
    expect((await data(call(), 'GET', `/v1/events/${quote.id}/inventory`)).map((l) => [l.inventoryId, l.quantity])).toEqual([[marquee.id, 2]]);

    const mover = await event('2029-05-20T08:00:00', '2029-05-22T10:00:00');
    await line(mover.id, tent.id, 2);
    const moved = await rentals(['events', 'move', String(mover.id), '--to', '2029-05-11 08:00', '-o', 'json'], { env });
    expect(moved.code).toBe(1);
    const ways = JSON.parse(moved.stdout).refused.commands as Array<{ kind: string; command: string }>;
    // The substitute is not booked over the window asked (the event is not there yet): no such way out.
    expect([...new Set(ways.map((c) => c.kind))]).toEqual(['window', 'override']);
    expect(ways[0]!.command).toBe(`rentals events move ${mover.id} --to '2029-05-12 10:00'`);
  });

  test('a refused move or undo never offers the window the event holds now: moved there, nothing would change', async () => {
    const tent = await item(2);
    const holder = await event('2029-07-09T08:00:00', '2029-07-10T10:00:00');
    await line(holder.id, tent.id, 2);
    const mover = await event('2029-07-10T10:00:00', '2029-07-11T10:00:00');
    await line(mover.id, tent.id, 2);
    const moved = await rentals(['events', 'move', String(mover.id), '--by', '-1d', '-o', 'json']);
    expect(moved.code, moved.stderr).toBe(1);
    const refused = JSON.parse(moved.stdout).refused;
    const here = `--to '2029-07-10 10:00'`;
    expect(refused.commands.map((c: { command: string }) => c.command).filter((c: string) => c.includes(here))).toEqual([]);
    expect(refused.shortages[0].windows).not.toContainEqual({ from: '2029-07-10T10:00:00', to: '2029-07-11T10:00:00' });
    expect(refused.commands[0]).toMatchObject({ kind: 'window', command: `rentals events move ${mover.id} --to '2029-07-08 08:00'` });
    expect(moved.stderr).not.toContain(here);

    // Undoing a move whose old window is taken since: the event stays where it is, not "moved" there.
    const back = await event('2029-08-01T10:00:00', '2029-08-02T10:00:00');
    await line(back.id, tent.id, 2);
    ok(await rentals(['events', 'move', String(back.id), '--to', '2029-08-05 10:00']));
    // Held from before its old window until the new one begins: the nearest window after is where it is now.
    await line((await event('2029-07-31T08:00:00', '2029-08-05T10:00:00')).id, tent.id, 2);
    const undone = await rentals(['undo']);
    expect(undone.code, undone.stderr).toBe(1);
    expect(undone.stderr).toContain('Nothing was');
    expect(undone.stderr).not.toContain(`rentals events move ${back.id} --to '2029-08-05 10:00'`);
    expect(undone.stderr).toContain(`rentals events move ${back.id} --to '2029-07-30 08:00'`);
  });

  test('a refused copy: the same copy started where everything fits, named as asked; a dry run is refused with the same ways out', async () => {
    const tent = await awkwardItem(2, 'tent');
    const source = await event('2029-06-01T08:00:00', '2029-06-02T10:00:00');
    await line(source.id, tent.id, 2);
    const rival = await event('2029-06-08T08:00:00', '2029-06-09T10:00:00');
    await line(rival.id, tent.id, 1);
    const asked = ['events', 'clone', String(source.id), '--start-date', '2029-06-08', '--with-bookings', '--name', "Summer's copy"];
    const refused = await rentals([...asked, '-o', 'json']);
    expect(refused.code).toBe(1);
    const dry = await rentals([...asked, '--dry-run', '-o', 'json']);
    expect([dry.code, dry.stdout, dry.stderr]).toEqual([1, refused.stdout, refused.stderr]);
    const ways = JSON.parse(refused.stdout).refused.commands as Array<{ kind: string; command: string }>;
    // The rival takes its unit at 2029-06-08 08:00: the nearest window of the copy's length ends then.
    expect(ways[0]).toEqual({
      kind: 'window',
      what: 'The copy over 2029-06-07 06:00 → 2029-06-08 08:00, where 2 fit',
      command: `rentals events clone ${source.id} --start-date '2029-06-07 06:00' --name ${String.raw`'Summer'\''s copy'`} --with-bookings`,
    });
    const [step] = await shellSteps('bash', ways[0]!.command);
    const copy = jsonData(ok(await rentals([...step!, '-o', 'json'])))[0]!;
    expect(copy).toMatchObject({ eventName: "Summer's copy", dropoffDate: '2029-06-07T06:00:00', pickupDate: '2029-06-08T08:00:00' });
  });

  test('--substitute at the substitute own price says the agreed one differs and how to keep it; --keep-price books the price agreed, said in the dry run and the result', async () => {
    const tent = await item(2, 675);
    const marquee = await item(5, 1275);
    const holder = await event('2029-07-10T08:00:00', '2029-07-12T10:00:00');
    await line(holder.id, tent.id, 1);
    const wanted = await event('2029-07-11T08:00:00', '2029-07-13T08:00:00');
    // The tent is on the event at the price agreed with the customer.
    await line(wanted.id, tent.id, 1, 600);
    const env = { RENTALS_ALTERNATIVES: `${tent.name}=${marquee.name}` };
    const ask = ['events', 'book', String(wanted.id), '--item', `${tent.name}=3`, '--substitute'];

    const own = ok(await rentals([...ask, '--dry-run', '-o', 'table'], { env }));
    expect(own.stdout).toContain(`Would book 2 × ${marquee.name} on "${wanted.name}" at 1275.00 (Daily price; not the 600.00 agreed for ${tent.name}: --keep-price books it at 600.00)`);
    expect(own.stderr).toContain(`"${marquee.name}" at its own price, 1275.00, not the 600.00 agreed for ${tent.name}: --keep-price books it at 600.00.`);

    const keep = ok(await rentals([...ask, '--keep-price', '--dry-run', '-o', 'table'], { env }));
    expect(keep.stdout).toContain(`Would book 2 × ${marquee.name} on "${wanted.name}" at 600.00 (the price agreed for ${tent.name})`);
    expect(keep.stderr).toContain(`the 2 × "${marquee.name}" at 600.00, the price agreed for "${tent.name}" (--keep-price).`);
    expect(await data(call(), 'GET', `/v1/events/${wanted.id}/inventory`)).toHaveLength(1);

    const done = ok(await rentals([...ask, '--keep-price', '-o', 'table'], { env }));
    expect(done.stdout).toContain(`Booked 2 × ${marquee.name} on "${wanted.name}" at 600.00 (the price agreed for ${tent.name})`);
    const lines = await data(call(), 'GET', `/v1/events/${wanted.id}/inventory`);
    expect(lines.map((l) => [l.inventoryId, l.quantity, l.price]).sort()).toEqual([[tent.id, 1, 600], [marquee.id, 2, 600]].sort());
    const alone = await rentals(['events', 'book', String(wanted.id), '--item', `${tent.name}=1`, '--keep-price'], { env });
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--keep-price keeps the agreed price for a substitute: give it with --substitute');
  });

  test('a refusal whose substitute has another price than the agreed one offers it again with --keep-price, and that command books the agreed price', async () => {
    const tent = await awkwardItem(2, 'tent');
    const marquee = await awkwardItem(5, 'marquee');
    const holder = await event('2029-08-10T08:00:00', '2029-08-12T10:00:00');
    await line(holder.id, tent.id, 2);
    const wanted = await event('2029-08-11T08:00:00', '2029-08-13T08:00:00');
    await line(wanted.id, tent.id, 1, 7.5);
    const env = { RENTALS_ALTERNATIVES: `${tent.name}=${marquee.name}` };
    const asked = ['events', 'book', String(wanted.id), '--item', `${tent.name}=2`];

    const refused = await rentals(asked, { env });
    expect(refused.code).toBe(1);
    const commands = JSON.parse((await rentals([...asked, '-o', 'json'], { env })).stdout).refused.commands as Array<{ kind: string; what: string; command: string }>;
    expect(commands.map((c) => c.kind).slice(0, 2)).toEqual(['substitute', 'substitute-keep-price']);
    const keep = commands[1]!;
    expect(keep.what).toBe(`The same, 2 × ${marquee.name} at 7.50, the price agreed for ${tent.name} (its own: 10.00)`);
    expect(refused.stderr).toContain(`  ${keep.what}:\n    ${keep.command}\n`);

    for (const step of await shellSteps('bash', keep.command)) ok(await rentals(step, { env }));
    const lines = await data(call(), 'GET', `/v1/events/${wanted.id}/inventory`);
    expect(lines.map((l) => [l.inventoryId, l.quantity, l.price])).toEqual([[marquee.id, 2, 7.5]]);
  });

  test('a dry run refused is refused alike, with the same ways out: the commands that write, none half previewed (a move written, then a book only shown)', async () => {
    const { tent, wanted, env } = await shortage();
    const asked = ['events', 'book', String(wanted.id), '--item', `${tent.name}=2`];
    const refused = await rentals(asked, { env });
    expect(refused.code).toBe(1);
    const previewed = await rentals([...asked, '--dry-run'], { env });
    expect(previewed.code).toBe(1);
    expect(previewed.stderr).toBe(refused.stderr);
    expect(refused.stderr).toContain(`&& rentals events book ${wanted.id} --item '${tent.name}=2'\n`);
  });

  test('a --substitute --keep-price run refused (no substitute has room): its override books what was asked, without the flags --allow-overbook cannot be given with', async () => {
    const { tent, marquee, wanted } = await shortage();
    await line((await event('2029-03-10T08:00:00', '2029-03-12T10:00:00')).id, marquee.id, 5);
    const env = { RENTALS_ALTERNATIVES: `${tent.name}=${marquee.name}` };
    const refused = await rentals(['events', 'book', String(wanted.id), '--item', `${tent.name}=1`, '--substitute', '--keep-price'], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--substitute: no substitute has room');
    const override = refused.stderr.trimEnd().split('\n').at(-1)!.trim();
    expect(override).not.toMatch(/--substitute|--keep-price/);
    const [step] = await shellSteps('bash', override);
    ok(await rentals(step!, { env }));
    expect((await data(call(), 'GET', `/v1/events/${wanted.id}/inventory`)).map((l) => [l.inventoryId, l.quantity])).toEqual([[tent.id, 1]]);
  });

  test('short with some free: a way out books what is free (the quotes over the window blocking nothing), and running it books that many', async () => {
    const chandelier = await awkwardItem(6, 'chandelier');
    const party = await event('2029-09-10T08:00:00', '2029-09-11T10:00:00');
    const rival = await event('2029-09-10T12:00:00', '2029-09-12T10:00:00');
    await line(rival.id, chandelier.id, 1);
    // A quote over the window holds 3: it blocks nothing, so 5 are free, not 2.
    const quote = await event('2029-09-10T08:00:00', '2029-09-11T10:00:00', { eventStatusId: 1 });
    await line(quote.id, chandelier.id, 3);
    const asked = ['events', 'book', String(party.id), '--item', `${chandelier.name}=7`];
    const refused = await rentals(asked);
    expect(refused.code).toBe(1);
    const booking = `rentals events book ${party.id} --item ${String.raw`'Kid'\''s`}`;
    expect(refused.stderr).toContain(`  Book the 5 × ${chandelier.name} that are free, of the 7 asked:\n    ${booking}`);
    const json = await rentals([...asked, '-o', 'json']);
    const commands = JSON.parse(json.stdout).refused.commands as Array<{ kind: string; command: string }>;
    expect(commands.map((c) => c.kind).slice(-2)).toEqual(['book-free', 'override']);
    const [step] = await shellSteps('bash', commands.at(-2)!.command);
    expect(step).toEqual(['events', 'book', String(party.id), '--item', `${chandelier.name}=5`]);
    for (const shell of SHELLS) expect(await shellSteps(shell, commands.at(-2)!.command), shell).toEqual([step]);
    ok(await rentals(step!));
    expect((await data(call(), 'GET', `/v1/events/${party.id}/inventory`)).map((l) => [l.inventoryId, l.quantity])).toEqual([[chandelier.id, 5]]);
  });

  test('a refused confirmation of more than is free: the line set to what is free, then the same confirmation', async () => {
    const chandelier = await awkwardItem(6, 'chandelier');
    const quote = await event('2029-10-10T08:00:00', '2029-10-11T10:00:00', { eventStatusId: 1 });
    await line(quote.id, chandelier.id, 10);
    const refused = await rentals(['events', 'confirm', String(quote.id), '-o', 'json']);
    expect(refused.code, refused.stderr).toBe(1);
    const commands = JSON.parse(refused.stdout).refused.commands as Array<{ kind: string; command: string }>;
    expect(commands.map((c) => c.kind)).toEqual(['book-free', 'override']);
    const steps = await shellSteps('bash', commands[0]!.command);
    expect(steps).toEqual([['events', 'book', String(quote.id), '--item', `${chandelier.name}=6`], ['events', 'confirm', String(quote.id), '-o', 'json']]);
    for (const step of steps) ok(await rentals(step));
    expect((await data(call(), 'GET', `/v1/events/${quote.id}`))[0]).toMatchObject({ eventStatusId: 2 });
    expect((await data(call(), 'GET', `/v1/events/${quote.id}/inventory`)).map((l) => [l.inventoryId, l.quantity])).toEqual([[chandelier.id, 6]]);
  });
});
