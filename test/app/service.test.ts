// The small use cases around the service in process: an event's web link, the raw call, the
// names completion offers, the history of writes, the bodies a user hands over, a [y/N] question,
// the concurrency of a bulk run. The CLI's own factory against an in-process sandbox where data
// matters, doubles that throw on any other call where it does not.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY, parseConcurrency } from '../../src/app/bulk/concurrency.js';
import { confirmOrDecline } from '../../src/app/confirm.js';
import type { HistoryLog } from '../../src/app/factory.js';
import { chosenEntries, history } from '../../src/app/history.js';
import { parseJsonText, readInput, readJsonObject } from '../../src/app/input.js';
import { openEvent } from '../../src/app/open-event.js';
import { rawCall } from '../../src/app/raw-call.js';
import { recordNames } from '../../src/app/record-names.js';
import type { HistoryEntry } from '../../src/config/history.js';
import { NameIndex } from '../../src/data/names.js';
import { resources } from '../../src/resources/definitions.js';
import { wallTimeIn } from '../../src/domain/wall-time.js';
import { DeclinedError, UsageError } from '../../src/errors.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { tempDir } from '../helpers/fake-context.js';
import { strict } from '../helpers/app-context.js';
import { factoryOver, fakeFactory, recordingNotices } from '../helpers/fake-factory.js';
import { eventBody, inventoryBody, openSandbox } from '../sandbox/helpers.js';

let sandbox: Sandbox & { call: Awaited<ReturnType<typeof openSandbox>>['call'] };
let eventId: number;
beforeAll(async () => {
  sandbox = await openSandbox({ webUrl: 'https://app.example.com' });
  eventId = (await sandbox.call('POST', '/v1/events', { body: eventBody('Service gala') })).json.data[0]!.id;
  await sandbox.call('POST', '/v2/inventory', { body: inventoryBody('Service tent') });
  await sandbox.call('POST', '/v2/inventory', { body: inventoryBody('Bad\u001b[2Jname') });
});
afterAll(() => sandbox.close());

describe("an event's web link", () => {
  test('the event named by its name: its web link, opened after printing when asked', async () => {
    const opened: string[] = [];
    const run = await factoryOver(sandbox, ['api', 'catalog', 'settings', 'openBrowser']);
    const outcome = await openEvent({ ...pick(run.factory), openBrowser: async (url) => void opened.push(url) }, 'Service gala', true);
    run.close();
    expect(outcome.view).toEqual({ kind: 'text', text: `https://app.example.com/event/edit/${eventId}`, data: [{ id: eventId, url: `https://app.example.com/event/edit/${eventId}` }] });
    expect(opened).toEqual([]);
    await outcome.afterPrinting!();
    expect(opened).toEqual([`https://app.example.com/event/edit/${eventId}`]);
  });

  /** The members openEvent may use, as plain functions (the proxy's are bound to the run). */
  function pick(factory: Parameters<typeof openEvent>[0]) {
    return { api: factory.api, catalog: factory.catalog, settings: factory.settings, openBrowser: factory.openBrowser };
  }

  test('a link that is not http(s) is neither shown nor opened', async () => {
    const record = { id: 5, Links: [{ rel: 'web', href: 'file:///etc/passwd' }] };
    const factory = fakeFactory({
      // A bare number is the id, unless the run knows some event is named "5".
      catalog: () => ({ reference: async () => ({ found: { ok: true, id: 5 }, assumed: true }) }) as never,
      api: () => ({ get: async () => ({ body: { data: [record] }, records: [record] }) }) as never,
      settings: () => ({ webUrl: { value: undefined } }) as never,
    });
    await expect(openEvent(factory, '5', true)).rejects.toThrow("event 5's web link is not an http(s) URL");
  });
});

describe('the raw call', () => {
  test('the body as the API sent it; a bad method or path refused before anything is sent', async () => {
    const run = await factoryOver(sandbox, ['client', 'stdin']);
    const view = await rawCall(run.factory, { method: 'get', path: `/v1/events/${eventId}` });
    run.close();
    expect(view).toMatchObject({ kind: 'raw', json: { data: [expect.objectContaining({ id: eventId, eventName: 'Service gala' })] } });
    const none = fakeFactory();
    await expect(rawCall(none, { method: 'FETCH', path: '/v1/events' })).rejects.toThrow('unknown method "FETCH"');
    await expect(rawCall(none, { method: 'GET', path: 'v1/events' })).rejects.toThrow('the path must start with /');
    await expect(rawCall(none, { method: 'GET', path: '/v1/events', data: '{}' })).rejects.toThrow('GET requests carry no body');
  });
});

describe('the names completion offers', () => {
  test("each record's label, without the ones a shell line or a terminal cannot take", async () => {
    const run = await factoryOver(sandbox, ['api']);
    const { offered } = await recordNames(run.factory, 'inventory');
    run.close();
    expect(offered.map((o) => o.value)).toContain('Service tent');
    expect(offered.some((o) => o.value.includes('\u001b') || (o.description ?? '').includes('\u001b'))).toBe(false);
  });
});

describe('the history of writes', () => {
  const UTC_CLOCK = { timeZone: () => 'UTC', wallAt: (instant: number) => wallTimeIn(instant, 'UTC') };
  const entry = (id: string, at: string, records: HistoryEntry['records']): HistoryEntry => ({ id, at, command: `rentals ${id}`, baseUrl: 'http://x', records });
  const entries = [
    entry('a1', '2027-01-01T10:00:00Z', [{ resource: 'events', id: 7, before: null, after: { id: 7, eventName: 'Gala' } }]),
    entry('b2', '2027-01-02T10:00:00Z', [{ resource: 'bookings', id: 3, parentId: 7, before: null, after: { id: 3, eventId: 7, inventoryId: 9, quantity: 2 } }]),
    entry('c3', '2027-01-03T10:00:00Z', [{ resource: 'inventory', id: 9, before: { id: 9, quantityAvailable: 1 }, after: { id: 9, quantityAvailable: 4 } }]),
  ];
  const log = (): HistoryLog => strict<HistoryLog>('history', { entries: () => entries, holder: async () => undefined });

  test('newest first; an event by id keeps the entries that changed it or its bookings, with no calendar read', async () => {
    const { notices } = recordingNotices();
    const factory = fakeFactory({ history: log, wallNow: () => Date.UTC(2027, 0, 5), ...UTC_CLOCK, notices: () => notices });
    const view = await history(factory, { event: '7' });
    expect(view.groups.map((g) => g.key)).toEqual(['b2', 'a1']);
    expect(chosenEntries(entries, { itemId: 9, limit: 1 }).map((e) => e.id)).toEqual(['c3']);
  });

  test("for people each record as a write says it, named by what the history kept (an event deleted since) and by the catalog (an item)", async () => {
    const deleted = entry('d4', '2027-01-04T10:00:00Z', [{ resource: 'events', id: 7, before: { id: 7, eventName: 'Gala', eventStatusId: 2 }, after: null }]);
    const read: string[] = [];
    const catalog = { names: async (resource: string) => (read.push(resource), new NameIndex(resources[resource as 'inventory'], resource === 'inventory' ? [{ id: 9, name: 'Lamp' }] : [])) };
    const { notices } = recordingNotices();
    const factory = fakeFactory({ history: () => ({ ...log(), entries: () => [...entries, deleted] }), catalog: () => catalog as never, wallNow: () => Date.UTC(2027, 0, 5), ...UTC_CLOCK, notices: () => notices });
    const view = await history(factory, {});
    expect(read).toEqual([]);
    const people = await view.forPeople!();
    if (people.kind !== 'changes') throw new Error('history for people is its changes under their entries');
    const { changeLines } = await import('../../src/output/change-lines.js');
    const text = changeLines(people, { width: 0 });
    expect(text).toContain('  Booked 2 × Lamp on "Gala"');
    expect(text).toContain('  Deleted event 7 "Gala"');
    expect(text).toContain('    Owned  1 → 4');
    expect(text.at(-1)).toBe('4 entries, the newest first, times in UTC. rentals undo d4 takes back the newest; rentals undo ENTRY any other.');
    expect(read.sort()).toEqual(['inventory']);
  });

  test('an event deleted and brought back under a new id (by undo) is one event: either id, or its name, finds the entries of both', async () => {
    const lineage = [
      ...entries,
      entry('d4', '2027-01-04T10:00:00Z', [{ resource: 'events', id: 7, before: { id: 7, eventName: 'Gala' }, after: null }]),
      { ...entry('e5', '2027-01-05T10:00:00Z', [{ resource: 'events', id: 12, replaces: 7, before: null, after: { id: 12, eventName: 'Gala' } }]), undoes: 'd4' },
      entry('f6', '2027-01-06T10:00:00Z', [{ resource: 'bookings', id: 30, parentId: 12, before: null, after: { id: 30, eventId: 12, inventoryId: 9, quantity: 1 } }]),
      entry('g7', '2027-01-07T10:00:00Z', [{ resource: 'events', id: 8, before: null, after: { id: 8, eventName: 'Other' } }]),
    ];
    const asked: unknown[] = [];
    // A name is looked up as the flag it came by: a name that matches none is said as `--event: no event is named …`.
    const calendar = { event: async (ref: string, field?: string) => (asked.push(field), { id: ref === 'Gala' ? 12 : 0 }) };
    const { notices } = recordingNotices();
    const factory = fakeFactory({ history: () => ({ ...log(), entries: () => lineage }), calendar: async () => calendar as never, wallNow: () => Date.UTC(2027, 0, 8), ...UTC_CLOCK, notices: () => notices });
    const keys = async (event: string) => (await history(factory, { event })).groups.map((g) => g.key);
    expect(await keys('Gala')).toEqual(['f6', 'e5', 'd4', 'b2', 'a1']);
    expect(await keys('12')).toEqual(['f6', 'e5', 'd4', 'b2', 'a1']);
    expect(await keys('7')).toEqual(['f6', 'e5', 'd4', 'b2', 'a1']);
    expect(await keys('8')).toEqual(['g7']);
    expect(asked).toEqual(['--event']);
  });

  test('an item by its name is looked up in the calendar; nothing kept says so', async () => {
    const { notices, lines } = recordingNotices();
    const calendar = { item: async (ref: string) => ({ id: ref === 'Lamp' ? 9 : 0 }) };
    const factory = fakeFactory({ history: log, calendar: async () => calendar as never, wallNow: () => Date.UTC(2027, 0, 5), ...UTC_CLOCK, notices: () => notices });
    expect((await history(factory, { item: 'Lamp', since: '2027-01-03' })).groups.map((g) => g.key)).toEqual(['c3']);
    expect((await history(factory, { item: 'Lamp', since: '2027-01-04' })).groups).toEqual([]);
    // Filters that keep none are said as such, not as an empty history.
    expect(lines).toEqual(['info: No entries match --item and --since (the history of writes has 3 entries).']);
  });
});

describe('what a user hands over', () => {
  test('a JSON object from a file or stdin; `{ "data": [ … ] }` of one record unwrapped; a bad file named', async () => {
    const dir = tempDir();
    const file = join(dir, 'body.json');
    writeFileSync(file, '\uFEFF{"data":[{"name":"Tent"}]}');
    expect(await readJsonObject(file, Readable.from([]))).toEqual({ name: 'Tent' });
    expect(await readJsonObject('-', Readable.from(['{"name":"Chair"}']))).toEqual({ name: 'Chair' });
    await expect(readJsonObject('-', Readable.from(['[1]']))).rejects.toThrow('standard input must hold one JSON object');
    await expect(readInput(join(dir, 'none.json'), Readable.from([]))).rejects.toThrow(/--file .*none\.json/);
    expect(() => parseJsonText('{', 'the body')).toThrow(UsageError);
  });
});

describe('a [y/N] question', () => {
  test('yes goes on; no is declined, saying what was not done', async () => {
    await expect(confirmOrDecline(async () => true, 'Go?', 'Nothing was deleted.')).resolves.toBeUndefined();
    await expect(confirmOrDecline(async () => false, 'Go?', 'Nothing was deleted.')).rejects.toThrow(DeclinedError);
  });
});

describe('the concurrency of a bulk run', () => {
  test('the default unless asked; from 1 to the most', () => {
    expect(parseConcurrency(undefined)).toBe(DEFAULT_CONCURRENCY);
    expect(parseConcurrency(' 8 ')).toBe(8);
    expect(() => parseConcurrency(String(MAX_CONCURRENCY + 1))).toThrow(UsageError);
    expect(() => parseConcurrency('0')).toThrow(`--concurrency: must be an integer from 1 to ${MAX_CONCURRENCY} (got "0")`);
  });
});

describe('the doubles themselves', () => {
  test('a member the test did not give throws "unexpected call", naming it and its arguments', () => {
    const factory = fakeFactory({ now: () => 1 });
    expect(factory.now()).toBe(1);
    expect(() => factory.api()).toThrow('unexpected call: factory.api()');
    expect(() => factory.catalog({ concurrency: 2 })).toThrow('unexpected call: factory.catalog({"concurrency":2})');
  });

  test("the CLI's factory lets through only the members named", async () => {
    const run = await factoryOver(sandbox, ['now']);
    expect(() => run.factory.booking()).toThrow('unexpected call: factory.booking()');
    run.close();
  });
});
