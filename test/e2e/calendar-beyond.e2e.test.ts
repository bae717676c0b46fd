// Tentative holds, confirm, the timeline, --find, reports and the printable pages, as an operator
// runs them (bin/rentals.js) against the sandbox. Statuses of the sandbox: 1 Quoted (a quote:
// tentative), 2 Confirmed (firm), 3 Completed, 4 Cancelled.

import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { ok } from './harness.js';
import { calendarSuite } from './calendar-fixtures.js';
import { data } from './server-state.js';

const QUOTED = 1;
const CONFIRMED = 2;
const fixtures = calendarSuite('Beyond');
const { call, rentals, item, line } = fixtures;
/** A Confirmed event, or a quote. */
const event = (dropoff: string, pickup: string, status = CONFIRMED) =>
  fixtures.event(dropoff, pickup, { eventStatusId: status }, fixtures.unique(status === QUOTED ? 'Quote' : 'Show'));

describe('holds by status: quotes hold tentatively', () => {
  test('a firm booking is checked against firm holds only and warns when it takes units a quote counts on', async () => {
    const tent = await item(2);
    const quote = await event('2028-01-10T08:00:00', '2028-01-12T10:00:00', QUOTED);
    await line(quote.id, tent.id, 2);
    const show = await event('2028-01-11T08:00:00', '2028-01-11T20:00:00');
    const booked = ok(await rentals(['events', 'book', String(show.id), '--item', `${tent.name}=1`]));
    expect(booked.stderr).toContain('takes units that quotes are counting on');
    expect(booked.stderr).toContain(quote.name);

    const free = JSON.parse(ok(await rentals(['availability', '--from', '2028-01-11', '--to', '2028-01-11', '--item', tent.name, '--json'])).stdout).data[0];
    expect(free).toMatchObject({ owned: 2, booked: 1, tentative: 2, free: 1, freeIfQuotesConfirm: -1 });

    const check = await rentals(['check', '--from', '2028-01-10', '--to', '2028-01-12', '--json']);
    expect(check.code).toBe(1);
    const codes = JSON.parse(check.stdout).data.map((p: { code: string; eventId?: number }) => `${p.code}:${p.eventId ?? ''}`);
    expect(codes).toContain(`quote-cannot-confirm:${quote.id}`);
    expect(codes.some((c: string) => c.startsWith('overbooked'))).toBe(false);

    const refused = await rentals(['events', 'confirm', quote.name]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('cannot be confirmed');
    expect((await data(call(), 'GET', `/v1/events/${quote.id}`))[0]).toMatchObject({ eventStatusId: QUOTED });
  });

  test('a quote that fits is confirmed; booking onto a quote warns but does not refuse', async () => {
    const stage = await item(1);
    const quote = await event('2028-02-01T08:00:00', '2028-02-02T10:00:00', QUOTED);
    const warned = ok(await rentals(['events', 'book', String(quote.id), '--item', `${stage.name}=3`]));
    // Said as what it means for a quote, with what comes next; never silenced by -q.
    expect(warned.stderr).toContain(`warning: this quote cannot be confirmed as it stands: not enough units for event ${quote.id}`);
    expect(warned.stderr).toContain('short by 2');
    expect(warned.stderr).toContain(`It is written as a quote; rentals events confirm ${quote.id} refuses it until the units are free (rentals check lists it).`);
    const quiet = ok(await rentals(['events', 'book', String(quote.id), '--item', `${stage.name}=4`, '-q']));
    expect(quiet.stderr).toContain('warning: this quote cannot be confirmed as it stands');
    const fits = await event('2028-02-05T08:00:00', '2028-02-06T10:00:00', QUOTED);
    await line(fits.id, stage.id, 1);
    const dry = ok(await rentals(['events', 'confirm', String(fits.id), '--dry-run']));
    expect(dry.stderr).toContain('nothing was sent');
    expect((await data(call(), 'GET', `/v1/events/${fits.id}`))[0]).toMatchObject({ eventStatusId: QUOTED });
    ok(await rentals(['events', 'confirm', String(fits.id)]));
    expect((await data(call(), 'GET', `/v1/events/${fits.id}`))[0]).toMatchObject({ eventStatusId: CONFIRMED });
  });

  test('booking onto a quote past the stock offers, once written, the ways out of its confirmation, as events confirm and check give them', async () => {
    const stage = await item(1);
    const quote = await event('2028-02-10T08:00:00', '2028-02-11T10:00:00', QUOTED);
    const warned = ok(await rentals(['events', 'book', String(quote.id), '--item', `${stage.name}=3`]));
    // At a terminal: under the warning, each way out a command to copy under what it does, as `events confirm` refused has them.
    const refused = await rentals(['events', 'confirm', String(quote.id)]);
    expect(refused.code).toBe(1);
    const ways = (text: string, lead: string) => {
      const after = text.slice(text.indexOf(lead)).split('\n').slice(1);
      return after.slice(0, after.findIndex((l) => !l.startsWith('  '))).join('\n');
    };
    expect(warned.stderr).toContain(`rentals check lists it).\nWays out of its confirmation (every short line):\n  Book the 1 × ${stage.name} that is free, of the 3 asked:\n`);
    expect(ways(warned.stderr, 'Ways out of its confirmation (every short line):\n')).toBe(ways(refused.stderr, 'Ways out:\n'));
    // -o json: check's one-line message and its `commands`; the exit code is a warning's.
    const json = JSON.parse(ok(await rentals(['events', 'book', String(quote.id), '--item', `${stage.name}=4`, '--json'])).stdout);
    const check = JSON.parse((await rentals(['check', '--from', '2028-02-10', '--to', '2028-02-11', '--json'])).stdout);
    const problem = check.data.find((p: { code: string; eventId?: number }) => p.code === 'quote-cannot-confirm' && p.eventId === quote.id);
    expect(json.quoteCannotConfirm).toEqual({ eventId: quote.id, message: problem.message, commands: problem.commands, commandsKnown: true });
    expect(json.quoteCannotConfirm.message).not.toContain('\n');
    expect(json.quoteCannotConfirm.commands.map((c: { kind: string }) => c.kind)).toEqual(['book-free', 'override']);
  });

  test('booking onto a quote past the stock, a substitute priced otherwise than agreed: the same ways out as events confirm and check, the agreed price kept among them', async () => {
    const [stage, marquee] = [await item(1, 10), await item(5, 30)];
    const quote = await event('2028-02-12T08:00:00', '2028-02-13T10:00:00', QUOTED);
    const env = { RENTALS_ALTERNATIVES: `${stage.name}=${marquee.name}` };
    const ways = (text: string, lead: string) => {
      const after = text.slice(text.indexOf(lead)).split('\n').slice(1);
      return after.slice(0, after.findIndex((l) => !l.startsWith('  '))).join('\n');
    };
    const warned = ok(await rentals(['events', 'book', String(quote.id), '--item', `${stage.name}=3`, '--price', '40'], { env }));
    const refused = await rentals(['events', 'confirm', String(quote.id)], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The same, 2 × ${marquee.name} at 40.00, the price agreed for ${stage.name} (its own: 30.00):`);
    expect(ways(warned.stderr, 'Ways out of its confirmation (every short line):\n')).toBe(ways(refused.stderr, 'Ways out:\n'));

    const json = JSON.parse(ok(await rentals(['events', 'book', String(quote.id), '--item', `${stage.name}=4`, '--price', '40', '--json'], { env })).stdout);
    const confirmJson = await rentals(['events', 'confirm', String(quote.id), '--json'], { env });
    expect(confirmJson.code).toBe(1);
    const confirmWays = (JSON.parse(confirmJson.stdout).refused.commands as Array<{ command: string }>).map((way) => ({ ...way, command: way.command.replace(' --json', '') }));
    expect(json.quoteCannotConfirm.commands).toEqual(confirmWays);
    expect(json.quoteCannotConfirm.commands.map((c: { kind: string }) => c.kind)).toEqual(['substitute', 'substitute-keep-price', 'book-free', 'override']);
    // check gives them alike.
    const check = JSON.parse((await rentals(['check', '--from', '2028-02-12', '--to', '2028-02-13', '--json'], { env })).stdout);
    const problem = check.data.find((p: { code: string; eventId?: number }) => p.code === 'quote-cannot-confirm' && p.eventId === quote.id);
    expect(problem.commands).toEqual(json.quoteCannotConfirm.commands);
  });

  test('check: an overbooking whose substitute is priced otherwise than agreed offers the agreed price kept, as a refused events book does', async () => {
    const [stage, marquee] = [await item(1, 10), await item(5, 30)];
    const [first, second] = [await event('2028-02-20T08:00:00', '2028-02-21T10:00:00'), await event('2028-02-20T12:00:00', '2028-02-21T12:00:00')];
    await line(first.id, stage.id, 1, 40);
    await line(second.id, stage.id, 1, 40);
    const env = { RENTALS_ALTERNATIVES: `${stage.name}=${marquee.name}` };
    const check = JSON.parse((await rentals(['check', '--from', '2028-02-20', '--to', '2028-02-21', '--json'], { env })).stdout);
    const problem = check.data.find((p: { code: string; itemId?: number }) => p.code === 'overbooked' && p.itemId === stage.id);
    const kept = problem.commands.find((c: { kind: string }) => c.kind === 'substitute-keep-price');
    expect(kept).toEqual({
      kind: 'substitute-keep-price',
      what: `The same, 1 × ${marquee.name} at 40.00, the price agreed for ${stage.name} (its own: 30.00)`,
      command: `rentals events book ${problem.waysOut.eventId} --item '${stage.name}=1' --substitute --keep-price`,
    });
  });

  test('a dry run onto a quote past the stock warns without ways out: nothing is on the event to confirm', async () => {
    const stage = await item(1);
    const quote = await event('2028-02-14T08:00:00', '2028-02-15T10:00:00', QUOTED);
    const dry = ok(await rentals(['events', 'book', String(quote.id), '--item', `${stage.name}=3`, '--dry-run']));
    expect(dry.stderr).toContain('warning: this quote cannot be confirmed as it stands');
    expect(dry.stderr).not.toContain('Ways out');
    expect(dry.stderr).not.toContain('--allow-overbook');
    const json = JSON.parse(ok(await rentals(['events', 'book', String(quote.id), '--item', `${stage.name}=3`, '--dry-run', '--json'])).stdout);
    expect(json).not.toHaveProperty('quoteCannotConfirm');
  });

  test('booking onto a quote already short on another item: the ways out cover every short line, under a lead line that says so', async () => {
    const [stage, chair] = [await item(1), await item(1)];
    const quote = await event('2028-02-17T08:00:00', '2028-02-18T10:00:00', QUOTED);
    await line(quote.id, chair.id, 2);
    const warned = ok(await rentals(['events', 'book', String(quote.id), '--item', `${stage.name}=3`]));
    const [warning, ways] = warned.stderr.split('Ways out of its confirmation (every short line):\n');
    expect(warning).not.toContain(chair.name);
    expect(ways).toContain(`1 × ${chair.name} of the 2 asked`);
    const json = JSON.parse(ok(await rentals(['events', 'book', String(quote.id), '--item', `${stage.name}=4`, '--json'])).stdout);
    expect(json.quoteCannotConfirm.message).toContain(chair.name);
  });

  test('the holds setting changes which statuses hold: Quoted=firm makes a quote block', async () => {
    const truss = await item(1);
    const quote = await event('2028-03-01T08:00:00', '2028-03-02T10:00:00', QUOTED);
    await line(quote.id, truss.id, 1);
    const show = await event('2028-03-01T12:00:00', '2028-03-01T20:00:00');
    const refused = await rentals(['events', 'book', String(show.id), '--item', `${truss.name}=1`, '--holds', 'Quoted=firm']);
    expect(refused.code).toBe(1);
    const bad = await rentals(['availability', '--holds', 'Quoted=maybe']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--holds');
  });
});

describe('timeline', () => {
  test('draws stock and bars with the shortage marked, as a page with every event, and as intervals', async () => {
    const lamp = await item(1);
    const a = await event('2028-04-01T08:00:00', '2028-04-03T10:00:00');
    const b = await event('2028-04-02T08:00:00', '2028-04-02T20:00:00');
    const q = await event('2028-04-04T08:00:00', '2028-04-05T10:00:00', QUOTED);
    await line(a.id, lamp.id, 1);
    await line(b.id, lamp.id, 1);
    await line(q.id, lamp.id, 1);
    const range = ['--item', lamp.name, '--from', '2028-04-01', '--to', '2028-04-05'];
    const picture = ok(await rentals(['timeline', ...range, '-o', 'table'], { env: { COLUMNS: '100' } })).stdout;
    expect(picture).toContain('!');
    expect(picture).toContain('░');
    expect(picture).toContain('█');
    for (const name of [a.name, b.name, q.name]) expect(picture).toContain(name);
    const html = ok(await rentals(['timeline', ...range, '-o', 'html'])).stdout;
    expect(html).toMatch(/^<!DOCTYPE html>/);
    for (const name of [a.name, b.name, q.name]) expect(html).toContain(name);
    const intervals = JSON.parse(ok(await rentals(['timeline', ...range, '--json'])).stdout).data as Array<{ type: string; eventId: number | null }>;
    expect(intervals.filter((i) => i.type !== 'stock').map((i) => i.eventId).sort()).toEqual([a.id, b.id, q.id].sort());
    // Without --item: the fleet, the short lamp among it (first: it is short).
    const fleet = JSON.parse(ok(await rentals(['timeline', '--from', '2028-04-01', '--to', '2028-04-05', '--json'])).stdout).data as Array<{ itemId: number }>;
    expect(fleet[0]!.itemId).toBe(lamp.id);
  });
});

describe('availability --find', () => {
  test('the earliest window in which all the asked units are free together, exact to the minute', async () => {
    const tents = await item(6);
    const chairs = await item(10);
    const first = await event('2028-05-01T08:00:00', '2028-05-03T12:30:00');
    await line(first.id, tents.id, 1);
    const second = await event('2028-05-04T09:00:00', '2028-05-05T09:00:00');
    await line(second.id, chairs.id, 5);
    const found = JSON.parse(
      ok(await rentals(['availability', '--find', '--item', `${tents.name}=6`, '--item', `${chairs.name}=6`, '--duration', '1d', '--from', '2028-05-01', '--to', '2028-05-10', '--json'])).stdout,
    ).data;
    // Tents are short until 12:30 on the 3rd, chairs from 09:00 on the 4th to 09:00 on the 5th: the stretch between is 20.5 h.
    expect(found[0]).toMatchObject({ from: '2028-05-05 09:00', to: '2028-05-11 00:00' });
    const shorter = JSON.parse(
      ok(await rentals(['availability', '--find', '--item', `${tents.name}=6`, '--item', `${chairs.name}=6`, '--duration', '20h', '--from', '2028-05-01', '--to', '2028-05-10', '--json'])).stdout,
    ).data;
    expect(shorter[0]).toMatchObject({ from: '2028-05-03 12:30', to: '2028-05-04 09:00', latestStart: '2028-05-03 13:00' });
    const quote = await event('2028-05-06T00:00:00', '2028-05-07T00:00:00', QUOTED);
    await line(quote.id, tents.id, 6);
    const firmOnly = JSON.parse(ok(await rentals(['availability', '--find', '--item', `${tents.name}=6`, '--duration', '2d', '--from', '2028-05-05', '--to', '2028-05-10', '--json'])).stdout).data;
    expect(firmOnly[0].from).toBe('2028-05-05 00:00');
    const counted = JSON.parse(
      ok(await rentals(['availability', '--find', '--item', `${tents.name}=6`, '--duration', '2d', '--from', '2028-05-05', '--to', '2028-05-10', '--include-tentative', '--json'])).stdout,
    ).data;
    expect(counted[0].from).toBe('2028-05-07 00:00');
    expect((await rentals(['availability', '--find', '--item', `${tents.name}=6`])).code).toBe(2);
  });

  test('more units asked than the fleet owns: exit 1, saying so, so a script tells it from a range with no free window yet (exit 0, no rows)', async () => {
    const tents = await item(6);
    const impossible = await rentals(['availability', '--find', '--item', `${tents.name}=7`, '--duration', '1d', '--from', '2028-06-01', '--to', '2028-06-10']);
    expect(impossible.code).toBe(1);
    expect(impossible.stdout).toBe('');
    expect(impossible.stderr).toContain(`error: "${tents.name}" has only 6, 7 asked: no window can hold them, in any range`);
    const held = await event('2028-06-01T00:00:00', '2028-06-20T00:00:00');
    await line(held.id, tents.id, 6);
    const none = await rentals(['availability', '--find', '--item', `${tents.name}=6`, '--duration', '1d', '--from', '2028-06-01', '--to', '2028-06-10']);
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('No window of 1d in the range; try a later --to.');
    // As a table, said once: not followed by a "No records." that says less.
    const table = await rentals(['availability', '--find', '--item', `${tents.name}=6`, '--duration', '1d', '--from', '2028-06-01', '--to', '2028-06-10', '-o', 'table']);
    expect(table.code).toBe(0);
    expect(table.stderr).toContain('No window of 1d in the range; try a later --to.');
    expect(table.stderr).not.toContain('No records.');
  });
});

describe('reports', () => {
  test('utilization is unit-hours held over owned in the range; revenue the booking lines, cancelled apart', async () => {
    const heater = await item(2, 12.5);
    const used = await event('2028-06-01T00:00:00', '2028-06-02T00:00:00');
    await line(used.id, heater.id, 1, 12.5);
    const gone = await event('2028-06-01T12:00:00', '2028-06-01T18:00:00');
    await line(gone.id, heater.id, 1, 99);
    await data(call(), 'PUT', `/v1/events/${gone.id}`, { ...(await data(call(), 'GET', `/v1/events/${gone.id}`))[0], Links: undefined, cancelDate: '2028-05-20T00:00:00' });
    const range = ['--from', '2028-06-01', '--to', '2028-06-02'];
    const util = JSON.parse(ok(await rentals(['report', 'utilization', ...range, '--json'])).stdout).data as Array<Record<string, unknown>>;
    // 1 unit × 24 h held of 2 units × 48 h owned = 25 %.
    expect(util.find((r) => r.key === String(heater.id))).toMatchObject({ heldUnitHours: 24, ownedUnitHours: 96, utilization: 0.25 });
    const money = JSON.parse(ok(await rentals(['report', 'revenue', ...range, '--by', 'item', '--include-cancelled', '--json'])).stdout).data as Array<Record<string, unknown>>;
    expect(money.find((r) => r.key === String(heater.id) && !r.cancelled)).toMatchObject({ amount: 12.5, lines: 1 });
    expect(money.find((r) => r.key === String(heater.id) && r.cancelled)).toMatchObject({ amount: 99 });
    const chart = ok(await rentals(['report', 'utilization', ...range, '-o', 'table'])).stdout;
    expect(chart).toContain('25.0%');
    expect((await rentals(['report', 'profit', ...range])).code).toBe(2);
    const typo = await rentals(['report', 'revnue', ...range]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('did you mean revenue?');
  });
});

describe('printable sheets', () => {
  test('events show -o html is a quote; load-sheet -o html a pick list with boxes to tick', async () => {
    const chair = await item(50, 4.5);
    const party = await event('2028-07-01T09:00:00', '2028-07-02T10:00:00');
    await line(party.id, chair.id, 20, 4.5);
    const quote = ok(await rentals(['events', 'show', String(party.id), '-o', 'html', '--paper', 'Letter'])).stdout;
    expect(quote).toContain(party.name);
    expect(quote).toContain(chair.name);
    expect(quote).toContain('90.00');
    expect(quote).not.toMatch(/<script|<link|src=/i);
    const sheet = ok(await rentals(['load-sheet', '--date', '2028-07-01', '-o', 'html'])).stdout;
    expect(sheet).toContain(party.name);
    expect(sheet).toContain(chair.name);
    expect((await rentals(['events', 'list', '-o', 'html'])).code).toBe(2);
    expect((await rentals(['events', 'show', String(party.id), '-o', 'html', '--paper', 'A5'])).code).toBe(2);
  });

  test('events show -o html: an Order confirmation for a firm event, a Quote valid until a date for a tentative one, with the company set by config', async () => {
    const chair = await item(50, 4.5);
    const firm = await event('2028-07-05T09:00:00', '2028-07-06T10:00:00');
    const quote = await event('2028-07-05T09:00:00', '2028-07-06T10:00:00', QUOTED);
    await line(firm.id, chair.id, 2, 4.5);
    const logo = join(fileTempDir('rentals-logo-'), 'logo.png');
    writeFileSync(logo, Buffer.from('89504e470d0a1a0a', 'hex'));
    expect(ok(await rentals(['events', 'show', String(firm.id), '-o', 'html'])).stdout).toContain('@page{size:A4;');
    for (const [key, value] of [['company-name', 'Harbor Tents'], ['company-address', '12 Quay St\\nPortland'], ['currency', 'usd'], ['quote-valid-days', '10'], ['quote-terms', 'Payment within 14 days.'], ['logo', logo]]) {
      ok(await rentals(['config', 'set', key!, value!]));
    }
    expect((await rentals(['config', 'set', 'currency', 'dollars'])).stderr).toContain('currency must be an ISO 4217 code');
    const confirmation = ok(await rentals(['events', 'show', String(firm.id), '-o', 'html'])).stdout;
    expect(confirmation).toContain(`<h1><bdi>Order confirmation O-${firm.id}</bdi></h1>`);
    expect(confirmation).not.toContain('valid until');
    expect(confirmation).toContain('Harbor Tents');
    expect(confirmation).toContain('<bdi>12 Quay St</bdi>\n<bdi>Portland</bdi>');
    expect(confirmation).toContain('$9.00');
    expect(confirmation).toContain('Payment within 14 days.');
    expect(confirmation).toContain('<img src="data:image/png;base64,iVBORw0KGgo="');
    expect(confirmation).not.toContain('Amount = quantity');
    // A shop counting in US dollars prints on Letter unless told; --paper and the paper setting say otherwise.
    expect(confirmation).toContain('@page{size:Letter;');
    expect(ok(await rentals(['events', 'show', String(firm.id), '-o', 'html', '--paper', 'a4'])).stdout).toContain('@page{size:A4;');
    ok(await rentals(['config', 'set', 'paper', 'A4']));
    expect(ok(await rentals(['events', 'show', String(firm.id), '-o', 'html'])).stdout).toContain('@page{size:A4;');
    ok(await rentals(['config', 'unset', 'paper']));
    // --out: the page to a private file (its extension asks for the html).
    const page = join(fileTempDir('rentals-page-'), 'order.html');
    const written = ok(await rentals(['events', 'show', String(firm.id), '--out', page]));
    expect(written.stdout).toBe('');
    expect(readFileSync(page, 'utf8')).toBe(confirmation);
    expect(statSync(page).mode & 0o777).toBe(0o600);
    const quoted = ok(await rentals(['events', 'show', String(quote.id), '-o', 'html'])).stdout;
    expect(quoted).toContain(`<h1><bdi>Quote Q-${quote.id}</bdi></h1>`);
    expect(quoted).toMatch(/valid until <bdi>\d{4}-\d{2}-\d{2}<\/bdi>/);
    ok(await rentals(['config', 'set', 'quote-prefix', 'HT-Q']));
    expect(ok(await rentals(['events', 'show', String(quote.id), '-o', 'html'])).stdout).toContain(`<h1><bdi>Quote HT-Q${quote.id}</bdi></h1>`);
    expect((await rentals(['config', 'set', 'quote-prefix', 'Q 1'])).stderr).toContain('quote-prefix must be 1 to 20 letters, digits or . _ / # -');
  });
});
