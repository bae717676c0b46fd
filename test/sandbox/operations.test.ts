// Every operation of the reference (39), the two status operations and /authorize, against a real
// sandbox on 127.0.0.1. Table-driven from the resource descriptions, then concrete records.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiVersion,
  type ResourceDef,
  type ResourceName,
  type Verb,
  collectionUrlPath,
  recordUrlPath,
  resourceList,
} from '../../src/resources/definitions.js';
import { resourceRoutes } from '../../src/sandbox/router.js';
import { type ApiRecord, type Caller, eventBody, inventoryBody, openSandbox } from './helpers.js';

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let call: Caller;

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true, webUrl: 'https://app.example.test' });
  call = sandbox.call;
});
afterAll(() => sandbox.close());

/** A valid create body per writable resource (seeded parents: item 1, event 1). */
const createBody: Partial<Record<ResourceName, (n: number) => Record<string, unknown>>> = {
  inventory: (n) => inventoryBody(`Table test ${n}`, n),
  categories: (n) => ({ name: `Category ${n}`, inactive: 0 }),
  prices: (n) => ({ inventoryId: 1, rentalBlockId: 2, price: n + 0.5 }),
  events: (n) => eventBody(`Event ${n}`),
  bookings: (n) => ({ eventId: 1, inventoryId: 3, quantity: n, price: '12.50' }),
};
const PARENT_ID: Partial<Record<ResourceName, number>> = { prices: 1, bookings: 1 };

describe('the route table', () => {
  it('has the 39 operations of the reference plus the 2 status operations', () => {
    const routes = resourceRoutes(resourceList);
    expect(routes.filter((r) => r.target.kind === 'resource' && r.target.def.name !== 'statuses')).toHaveLength(39);
    expect(routes).toHaveLength(41);
  });
});

const cases: { def: ResourceDef; version: ApiVersion; verb: Verb }[] = resourceList.flatMap((def) =>
  def.versions.flatMap((version) => def.verbs.map((verb) => ({ def, version, verb }))),
);

describe.each(cases)('$verb $def.name ($version)', ({ def, version, verb }) => {
  const parentId = PARENT_ID[def.name];
  const collection = collectionUrlPath(def, version, parentId);
  let counter = 0;

  async function created(): Promise<ApiRecord> {
    const response = await call('POST', collection, { body: createBody[def.name]!(++counter) });
    expect(response.status).toBe(201);
    return response.json.data[0]!;
  }

  function expectLinks(record: ApiRecord): void {
    expect(record.Links.map((l) => l.rel)).toEqual(def.links);
    for (const link of record.Links.filter((l) => l.rel !== 'web')) {
      expect(link.href.startsWith(`${sandbox.url}/${version}/`)).toBe(true);
    }
  }

  it('answers as the reference says', async () => {
    if (verb === 'list') {
      const response = await call('GET', collection);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.json.data.length).toBeGreaterThan(0);
      response.json.data.forEach(expectLinks);
    } else if (verb === 'get') {
      const response = await call('GET', recordUrlPath(def, version, 1, parentId));
      expect(response.status).toBe(200);
      expect(response.json.data).toHaveLength(1);
      expect(response.json.data[0]!.id).toBe(1);
      expectLinks(response.json.data[0]!);
    } else if (verb === 'add') {
      const body = createBody[def.name]!(99);
      const response = await call('POST', collection, { body });
      expect(response.status).toBe(201);
      expect(response.json.data).toHaveLength(1);
      const record = response.json.data[0]!;
      expect(record.id).toBeGreaterThan(0);
      expectLinks(record);
      const again = await call('GET', recordUrlPath(def, version, record.id, parentId));
      expect(again.json.data[0]).toEqual(record);
    } else if (verb === 'update') {
      const record = await created();
      const { Links: _links, ...fields } = record;
      const body = { ...fields, ...createBody[def.name]!(42) };
      const response = await call('PUT', recordUrlPath(def, version, record.id, parentId), { body });
      expect(response.status).toBe(200);
      expect(response.json.data).toHaveLength(1);
      expect(response.json.data[0]!.id).toBe(record.id);
      expectLinks(response.json.data[0]!);
      const again = await call('GET', recordUrlPath(def, version, record.id, parentId));
      expect(again.json.data[0]).toEqual(response.json.data[0]);
    } else {
      const record = await created();
      const response = await call('DELETE', recordUrlPath(def, version, record.id, parentId));
      expect(response.status).toBe(200);
      expect(response.json).toEqual({ id: record.id });
      const again = await call('GET', recordUrlPath(def, version, record.id, parentId));
      expect(again.status).toBe(404);
    }
  });
});

describe('concrete records', () => {
  const links = (path: string, collection: string) => [
    { rel: 'self', method: 'GET', href: `${sandbox.url}${path}` },
    { rel: 'edit', method: 'PUT', href: `${sandbox.url}${path}` },
    { rel: 'delete', method: 'DELETE', href: `${sandbox.url}${path}` },
    { rel: 'add', method: 'POST', href: `${sandbox.url}${collection}` },
  ];

  it('rental block (v2 hrefs on a v2 request)', async () => {
    const response = await call('GET', '/v2/rentalblocks/4');
    expect(response.json).toEqual({
      data: [
        {
          id: 4,
          pricingType: 'Monthly',
          active: 0,
          Links: [{ rel: 'self', method: 'GET', href: `${sandbox.url}/v2/rentalblocks/4` }],
        },
      ],
    });
  });

  it('event status', async () => {
    const response = await call('GET', '/v2/status');
    expect(response.json.data.map((s) => [s.id, s.statusType])).toEqual([
      [1, 'Quoted'],
      [2, 'Confirmed'],
      [3, 'Completed'],
      [4, 'Cancelled'],
    ]);
    expect(response.json.data[1]!.Links).toEqual([{ rel: 'self', method: 'GET', href: `${sandbox.url}/v2/status/2` }]);
  });

  it('inventory item, with hrefs carrying the version of the request', async () => {
    const v1 = await call('GET', '/v1/inventory/2');
    expect(v1.json.data).toEqual([
      { id: 2, name: '20x40 Frame Tent', quantityAvailable: 2, active: 1, Links: links('/v1/inventory/2', '/v1/inventory') },
    ]);
    const v2 = await call('GET', '/v2/inventory/2');
    expect(v2.json.data[0]!.Links).toEqual(links('/v2/inventory/2', '/v2/inventory'));
  });

  it('inventory category', async () => {
    const response = await call('GET', '/v2/inventorycategory/3');
    expect(response.json.data).toEqual([
      { id: 3, name: 'Chairs', inactive: 0, Links: links('/v2/inventorycategory/3', '/v2/inventorycategory') },
    ]);
  });

  it('inventory price', async () => {
    const response = await call('GET', '/v1/inventory/2/pricing/5');
    expect(response.json.data).toEqual([
      {
        id: 5,
        inventoryId: 2,
        rentalBlockId: 2,
        price: 1275,
        Links: links('/v1/inventory/2/pricing/5', '/v1/inventory/2/pricing'),
      },
    ]);
  });

  it('event: every field, nulls for the empty ones, and the web link', async () => {
    const response = await call('GET', '/v1/events/5');
    expect(response.json.data).toEqual([
      {
        id: 5,
        eventStatusId: 4,
        rentalBlockId: 1,
        startDate: '2025-07-11T16:00:00',
        endDate: '2025-07-11T23:00:00',
        dropoffDate: '2025-07-10T09:00:00',
        teardownDate: '2025-07-12T00:00:00',
        pickupDate: '2025-07-12T10:00:00',
        eventName: 'Oak Park Charity Gala',
        eventAddress1: 'Scoville Park',
        eventAddress2: null,
        eventCity: 'Oak Park',
        eventState: 'IL',
        eventPostalCode: '60301',
        eventContacts: 'Evelyn Brooks (708) 555-0104',
        eventSpecialRequirements: null,
        customerName: 'Oak Park Community Foundation',
        customerAddress1: '1 Lake St',
        customerAddress2: null,
        customerCity: 'Oak Park',
        customerState: 'IL',
        customerPostalCode: '60301',
        customerContacts: 'Evelyn Brooks (708) 555-0104',
        amountDeposit: 0,
        amountDelivery: 0,
        amountLabor: 0,
        amountMisc: 0,
        amountDiscount: 0,
        amountSalesTax: 0,
        cancelDate: '2025-05-27T11:00:00',
        cancelReason: 'Sponsor withdrew; gala postponed to next year. Deposit refunded.',
        internalNotes: null,
        Links: [
          ...links('/v1/events/5', '/v1/events'),
          { rel: 'web', method: 'GET', href: 'https://app.example.test/event/edit/5' },
        ],
      },
    ]);
  });

  it('booking (event inventory), under v1 and v2', async () => {
    for (const version of ['v1', 'v2']) {
      const response = await call('GET', `/${version}/events/1/inventory/2`);
      expect(response.json.data).toEqual([
        {
          id: 2,
          eventId: 1,
          inventoryId: 5,
          quantity: 18,
          price: 12,
          Links: links(`/${version}/events/1/inventory/2`, `/${version}/events/1/inventory`),
        },
      ]);
    }
  });

  it('a created event comes back with canonical datetimes and nulls', async () => {
    const response = await call('POST', '/v1/events', { body: { ...eventBody('Canonical'), amountDeposit: '250.75' } });
    expect(response.status).toBe(201);
    const event = response.json.data[0]!;
    expect(event).toMatchObject({
      eventName: 'Canonical',
      dropoffDate: '2025-07-04T08:00:00',
      teardownDate: '2025-07-04T23:00:00',
      pickupDate: '2025-07-05T00:00:00',
      amountDeposit: 250.75,
      customerName: null,
      cancelDate: null,
    });
  });

  it('hrefs never follow the Host header of the request: they use the listening address', async () => {
    const response = await call('GET', '/v1/events/1', { headers: { host: 'evil.example' } });
    const hrefs = response.json.data[0]!.Links.filter((link) => link.rel !== 'web').map((link) => link.href);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href.startsWith(`${sandbox.url}/v1/events`)).toBe(true);
  });

  it('hrefs (and web links without --web-url) use the configured public URL', async () => {
    const behindProxy = await openSandbox({ seed: true, publicUrl: 'https://sandbox.example.test/rentals/' });
    try {
      const response = await behindProxy.call('GET', '/v1/events/1', { headers: { host: 'evil.example' } });
      expect(response.json.data[0]!.Links.map((link) => link.href)).toEqual([
        'https://sandbox.example.test/rentals/v1/events/1',
        'https://sandbox.example.test/rentals/v1/events/1',
        'https://sandbox.example.test/rentals/v1/events/1',
        'https://sandbox.example.test/rentals/v1/events',
        'https://sandbox.example.test/rentals/event/edit/1',
      ]);
    } finally {
      await behindProxy.close();
    }
  });
});
