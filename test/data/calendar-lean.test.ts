// CalendarData read lean (a read-only command over one range): the same answers as the whole
// lists give, from one request per list, keeping neither whole list. Against the seeded sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import type { RequestLogEntry } from '../../src/api/http-types.js';
import { ResourceApi } from '../../src/api/resource-api.js';
import { CalendarData } from '../../src/data/calendar.js';
import { Catalog } from '../../src/data/catalog.js';
import { readStreamedItem } from '../../src/domain/records.js';
import { NotFoundError, UsageError } from '../../src/errors.js';
import { TOKEN, openSandbox } from '../sandbox/helpers.js';

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let client: ApiClient;
const log: RequestLogEntry[] = [];

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  client = new ApiClient({ baseUrl: sandbox.url, auth: { getToken: async () => TOKEN }, retries: 0, log: (entry) => log.push(entry) });
});
afterAll(async () => {
  client.close();
  await sandbox.close();
});

const reading = (lean: boolean) => {
  const catalog = new Catalog(() => new ResourceApi(client));
  return { catalog, calendar: new CalendarData(catalog, undefined, { lean }) };
};
const gets = (path: string) => log.filter((e) => e.method === 'GET' && new URL(e.url).pathname.endsWith(path)).length;

describe('CalendarData read lean', () => {
  it('gives the events of a range, the items and an item by id or name as the whole lists do, one request per list, holding neither list', async () => {
    const whole = reading(false).calendar;
    const { calendar, catalog } = reading(true);
    const all = await whole.events();
    const dated = all.filter((e) => e.window).sort((a, b) => a.window!.from - b.window!.from);
    const range = { from: dated[1]!.window!.from, to: dated[dated.length - 2]!.window!.to };
    log.length = 0;
    const lean = await calendar.eventsIn(range, { active: true });
    expect(lean.map((e) => e.id)).toEqual((await whole.eventsIn(range, { active: true })).map((e) => e.id));
    expect(lean.length).toBeLessThan(all.length);
    expect(await calendar.eventsIn(range, { active: true })).toEqual(lean); // asked again: not read again
    expect(gets('/events')).toBe(1);
    expect(catalog.holds('events')).toBe(false);

    const wholeItems = await whole.items();
    log.length = 0;
    const items = await calendar.items();
    expect([...items.keys()]).toEqual([...wholeItems.keys()]);
    const [first] = items.values();
    expect(first!.record.Links).toBeUndefined();
    expect({ ...first, record: undefined }).toEqual({ ...wholeItems.get(first!.id), record: undefined });
    expect((await calendar.item(first!.name)).id).toBe(first!.id);
    expect((await calendar.item(String(first!.id))).name).toBe(first!.name);
    await expect(calendar.item('no such item at all')).rejects.toThrow(NotFoundError);
    await expect(calendar.item('0')).rejects.toThrow(UsageError);
    expect(gets('/inventory')).toBe(1);
    expect(catalog.holds('inventory')).toBe(false);
  });

  it('finds the items --item names in one read that keeps only those, and words a missing name as the whole list does', async () => {
    const whole = reading(false).calendar;
    const [a, b] = [...(await whole.items()).values()];
    const { calendar, catalog } = reading(true);
    log.length = 0;
    const found = await Promise.all([calendar.item(` ${a!.name.toUpperCase()} `), calendar.item(String(b!.id))]);
    expect(found.map((item) => item.id)).toEqual([a!.id, b!.id]);
    expect(gets('/inventory')).toBe(1);
    expect(catalog.holds('inventory')).toBe(false);
    const missing = `${a!.name}x`;
    const [lean, held] = await Promise.all([calendar.item(missing).catch((e: Error) => e), whole.item(missing).catch((e: Error) => e)]);
    expect(lean).toBeInstanceOf(NotFoundError);
    expect((lean as Error).message).toBe((held as Error).message);
  });

  it('holds each streamed item as its values alone, in id order without an index by id; a record with more fields (a category) is kept', async () => {
    const { calendar } = reading(true);
    const inOrder = await calendar.itemsInOrder();
    const wholeItems = await reading(false).calendar.items();
    expect(inOrder.map((item) => item.id)).toEqual([...wholeItems.keys()].sort((a, b) => a - b));
    const plain = inOrder[0]!;
    // 300,000 items: one object each, not an item and a copy of its record.
    expect(Object.getOwnPropertyNames(plain).sort()).toEqual(['active', 'id', 'name', 'quantity']);
    expect(plain.record).toEqual({ id: plain.id, name: plain.name, quantityAvailable: plain.quantity, active: plain.active });
    expect(readStreamedItem({ id: 7, name: 'Tent', quantityAvailable: 3, active: 1, categoryId: 4, Links: [] })).toEqual({
      id: 7,
      name: 'Tent',
      quantity: 3,
      active: true,
      record: { id: 7, name: 'Tent', quantityAvailable: 3, active: 1, categoryId: 4 },
    });
    // An item without a usable name keeps its record: a name lookup must not see the stand-in name.
    expect(readStreamedItem({ id: 8, name: ' ', quantityAvailable: 3, active: 1 }).record).toEqual({ id: 8, name: ' ', quantityAvailable: 3, active: 1 });
    expect([...(await calendar.items()).keys()]).toEqual([...wholeItems.keys()]);
  });

  it('reads a second range from the whole list (one more request, then held)', async () => {
    const { calendar, catalog } = reading(true);
    log.length = 0;
    await calendar.eventsIn({ from: Date.UTC(2000, 0, 1), to: Date.UTC(2001, 0, 1) });
    await calendar.eventsIn({ from: Date.UTC(2000, 0, 1), to: Date.UTC(2100, 0, 1) });
    await calendar.eventsIn({ from: Date.UTC(2001, 0, 1), to: Date.UTC(2100, 0, 1) });
    expect(gets('/events')).toBe(2);
    expect(catalog.holds('events')).toBe(true);
  });
});
