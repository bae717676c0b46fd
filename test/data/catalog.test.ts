// The data catalog against an in-process sandbox that counts the requests it serves.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { ResourceApi } from '../../src/api/resource-api.js';
import { Catalog } from '../../src/data/catalog.js';
import { NameResolver } from '../../src/data/resolver.js';
import { resources } from '../../src/resources/definitions.js';
import { NotFoundError, UsageError, ValidationError } from '../../src/errors.js';
import { TOKEN, openSandbox } from '../sandbox/helpers.js';

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let client: ApiClient;
const requests: string[] = [];

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true, onRequest: (method, path) => requests.push(`${method} ${path}`) });
  client = new ApiClient({ baseUrl: sandbox.url, auth: { getToken: async () => TOKEN }, retries: 0 });
});
afterAll(async () => {
  client.close();
  await sandbox.close();
});
beforeEach(() => {
  requests.length = 0;
});

const newCatalog = () => new Catalog(() => new ResourceApi(client));

describe('Catalog', () => {
  it('fetches a list once per run, even when asked twice at the same time and again later', async () => {
    const catalog = newCatalog();
    const [a, b] = await Promise.all([catalog.list('inventory'), catalog.list('inventory')]);
    expect(a).toBe(b);
    await catalog.list('inventory');
    await catalog.names('inventory');
    await catalog.byId('inventory');
    expect(requests).toEqual(['GET /v2/inventory']);
  });

  it('hands over the nested lists this run holds from memory and keeps them; those it read for the walk are let go', async () => {
    const catalog = newCatalog();
    const events = (await catalog.list('events')).map((e) => Number(e.id)).slice(0, 4);
    await catalog.list('bookings', events[0]);
    requests.length = 0;
    for await (const _ of catalog.childrenInOrder('bookings', events));
    expect(requests.filter((r) => r.endsWith('/inventory'))).toHaveLength(events.length - 1);
    expect(events.map((id) => catalog.holds('bookings', id))).toEqual([true, false, false, false]);
  });

  it('builds what is derived from lists once per run, and again after a write forgets one it is built from', async () => {
    const catalog = newCatalog();
    let built = 0;
    const build = async () => ++built;
    const [a, b] = await Promise.all([catalog.derived('count', ['bookings', 'events'], build), catalog.derived('count', ['bookings', 'events'], build)]);
    expect([a, b, built]).toEqual([1, 1, 1]);
    catalog.forget('inventory');
    expect(await catalog.derived('count', ['bookings', 'events'], build)).toBe(1);
    catalog.forget('bookings', 3);
    expect(await catalog.derived('count', ['bookings', 'events'], build)).toBe(2);
  });

  it('costs nothing until the first read', () => {
    let built = 0;
    const catalog = new Catalog(() => {
      built++;
      return new ResourceApi(client);
    });
    expect(catalog.options).toEqual({});
    expect(built).toBe(0);
  });

  it('fetches nested lists once per parent over the pool', async () => {
    const catalog = newCatalog();
    const items = (await catalog.list('inventory')).map((i) => Number(i.id));
    const prices = await catalog.children('prices', [...items, ...items]);
    expect(prices.size).toBe(items.length);
    await catalog.children('prices', items.slice(0, 3));
    await catalog.list('prices', items[0]);
    const priceRequests = requests.filter((r) => r.endsWith('/pricing'));
    expect(priceRequests).toHaveLength(items.length);
    expect(new Set(priceRequests).size).toBe(items.length);
  });

  it('finds records by id and by name, with the name index wording', async () => {
    const catalog = newCatalog();
    expect((await catalog.find('inventory', '1')).name).toBe('20x20 Frame Tent');
    expect(Number((await catalog.find('inventory', '20x20 frame tent')).id)).toBe(1);
    await expect(catalog.find('inventory', '999')).rejects.toThrow(NotFoundError);
    await expect(catalog.find('inventory', '0')).rejects.toThrow(UsageError);
    await expect(catalog.find('inventory', 'Trampoline')).rejects.toThrow(NotFoundError);
    await expect(catalog.find('inventory', 'Trampoline')).rejects.toThrow(/no inventory item is named "Trampoline"/);
    expect(requests).toEqual(['GET /v2/inventory']);
  });

  it('reads again after forget (a write happened)', async () => {
    const catalog = newCatalog();
    await catalog.list('statuses');
    catalog.forget('statuses');
    await catalog.names('statuses');
    expect(requests).toEqual(['GET /v2/status', 'GET /v2/status']);
  });

  it('serves the name resolver: each referenced list read once for many fields and bodies', async () => {
    const resolver = new NameResolver(newCatalog());
    const body = await resolver.resolve(resources.events, { eventStatusId: 'Confirmed', rentalBlockId: 'weekend' });
    expect(body).toMatchObject({ eventStatusId: 2, rentalBlockId: 2 });
    await resolver.resolve(resources.events, { eventStatusId: 'Quoted', rentalBlockId: 'Daily' });
    expect(requests.sort()).toEqual(['GET /v2/rentalblocks', 'GET /v2/status']);
    await expect(resolver.resolve(resources.events, { eventStatusId: 'Maybe' })).rejects.toThrow(ValidationError);
    await expect(resolver.resolve(resources.events, { eventStatusId: 'Maybe' })).rejects.toThrow(/no event status is named "Maybe"; known: Quoted \(1\)/);
  });
});

describe('the bounded pool of nested reads', () => {
  it('never has more than `concurrency` nested lists in flight, across concurrent callers', async () => {
    let inFlight = 0;
    let most = 0;
    const source = {
      list: async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight--;
        return { records: [] };
      },
    };
    const catalog = new Catalog(() => source, { concurrency: 3 });
    await Promise.all([
      catalog.children('bookings', [1, 2, 3, 4, 5, 6, 7, 8]),
      catalog.children('prices', [1, 2, 3, 4, 5, 6, 7, 8]),
      catalog.list('prices', 99),
    ]);
    expect(most).toBe(3);
  });

  it('shows each parent’s list as it arrives and stops starting new reads after a failure', async () => {
    const asked: number[] = [];
    const source = {
      list: async (at: { parentId?: number }) => {
        asked.push(at.parentId!);
        if (at.parentId === 2) throw new Error('boom');
        return { records: [{ id: at.parentId }] };
      },
    };
    const seen: number[] = [];
    const catalog = new Catalog(() => source, { concurrency: 1 });
    await expect(catalog.children('bookings', [1, 2, 3, 4], (id) => seen.push(id))).rejects.toThrow('boom');
    expect(seen).toEqual([1]);
    expect(asked).toEqual([1, 2]);
  });
});

describe('Catalog.reference: a bare number reads no list unless the list can change the answer', () => {
  it('is the id, no request, when nothing says it may be a name; `id:7` too', async () => {
    const catalog = newCatalog();
    expect(await catalog.reference('inventory', '7')).toEqual({ found: { ok: true, id: 7 }, assumed: true });
    expect(await catalog.reference('inventory', 'id:7')).toEqual({ found: { ok: true, id: 7 }, assumed: false });
    expect(requests).toEqual([]);
  });

  it('is judged by the list when the run holds it, or the names known without a request have it', async () => {
    const held = newCatalog();
    const [item] = await held.list('inventory');
    requests.length = 0;
    const name = String(item!.name);
    expect(await held.reference('inventory', String(item!.id))).toEqual({ found: { ok: true, id: Number(item!.id) }, assumed: false });
    expect(requests).toEqual([]);

    // The completion cache names "7": the list is read, and it decides.
    const known = new Catalog(() => new ResourceApi(client), { knownNames: async () => ['7', name] });
    expect((await known.reference('inventory', '7')).assumed).toBe(false);
    expect(requests).toEqual(['GET /v2/inventory']);
    requests.length = 0;
    const unknown = new Catalog(() => new ResourceApi(client), { knownNames: async () => [name] });
    expect(await unknown.reference('inventory', '7')).toEqual({ found: { ok: true, id: 7 }, assumed: true });
    expect(requests).toEqual([]);
  });
});
