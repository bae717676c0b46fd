// The sandbox under the value rules, as properties over HTTP: anything inside the limits comes back
// exactly as sent (decimals digit for digit, text with unicode, quotes, tabs and newlines code
// point for code point); anything outside is a 400 naming the field, and the record is unchanged.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { decimalInside, decimalTooLarge, decimalTooPrecise, exactDecimal, textWith } from '../helpers/value-arbitraries.js';
import { type Caller, eventBody, inventoryBody, openSandbox } from './helpers.js';

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let call: Caller;
const RUNS = { numRuns: 60 };

beforeAll(async () => {
  sandbox = await openSandbox();
  call = sandbox.call;
  expect((await call('POST', '/v1/inventory', { body: inventoryBody('tent') })).status).toBe(201);
  expect((await call('POST', '/v1/inventory/1/pricing', { body: { inventoryId: 1, rentalBlockId: 1, price: 1 } })).status).toBe(201);
  expect((await call('POST', '/v1/events', { body: eventBody('party') })).status).toBe(201);
});
afterAll(() => sandbox.close());

/** PUT the price as raw JSON (a string, or the digits as a JSON number); the status and the price stored after. */
async function putPrice(price: string, asNumber: boolean): Promise<{ status: number; fields: string[]; stored: unknown }> {
  const body = `{"id":1,"inventoryId":1,"rentalBlockId":1,"price":${asNumber ? price : JSON.stringify(price)}}`;
  const put = await call('PUT', '/v1/inventory/1/pricing/1', { rawBody: body, headers: { 'content-type': 'application/json' } });
  const stored = (await call('GET', '/v1/inventory/1/pricing/1')).json.data[0]!.price;
  return { status: put.status, fields: put.json.error?.fields?.map((f) => f.field) ?? [], stored };
}

describe('decimals', () => {
  test('inside the limits: stored and returned with exactly the digits sent, as text or as a JSON number', async () => {
    await fc.assert(
      fc.asyncProperty(decimalInside, fc.boolean(), async (price, asNumber) => {
        const { status, stored } = await putPrice(price, asNumber);
        expect(status).toBe(200);
        expect(typeof stored).toBe('number');
        expect(exactDecimal(String(stored))).toBe(exactDecimal(price));
      }),
      RUNS,
    );
  });

  test('outside the limits: 400 naming price, and the stored price is unchanged', async () => {
    await putPrice('7.25', false);
    await fc.assert(
      fc.asyncProperty(fc.oneof(decimalTooLarge, decimalTooPrecise), fc.boolean(), async (price, asNumber) => {
        const { status, fields, stored } = await putPrice(price, asNumber);
        // As text the field's rule refuses it; as a JSON number so long that JSON.parse would round
        // it, the body is refused before any field is read (exact-numbers.ts).
        expect([status, stored]).toEqual([400, 7.25]);
        if (!asNumber) expect(fields).toEqual(['price']);
      }),
      RUNS,
    );
  });
});

describe('text', () => {
  test('any text (unicode, quotes, tabs, newlines, lone surrogates) comes back exactly as sent', async () => {
    await fc.assert(
      fc.asyncProperty(textWith({ maxLength: 300, binary: true }), async (name) => {
        const put = await call('PUT', '/v1/inventory/1', { body: { id: 1, name, quantityAvailable: 1, active: 1 } });
        expect(put.status).toBe(200);
        expect(put.json.data[0]!.name).toBe(name);
        expect((await call('GET', '/v1/inventory/1')).json.data[0]!.name).toBe(name);
      }),
      RUNS,
    );
  });

  test('eventName: up to 100 code points accepted as sent; 101 refused with 400', async () => {
    await fc.assert(
      fc.asyncProperty(textWith({ maxLength: 100 }), fc.constantFrom('x', '😀', '\t'), async (name, extra) => {
        const ok = await call('PUT', '/v1/events/1', { body: { id: 1, ...eventBody(name) } });
        expect(ok.status).toBe(200);
        expect(ok.json.data[0]!.eventName).toBe(name);
        const long = [...name, ...Array(101 - [...name].length).fill(extra)].join('');
        const refused = await call('PUT', '/v1/events/1', { body: { id: 1, ...eventBody(long) } });
        expect([refused.status, refused.json.error.fields?.[0]?.field]).toEqual([400, 'eventName']);
      }),
      { numRuns: 30 },
    );
  });
});

describe('counts', () => {
  test('0..2147483647 round-trips; beyond is a 400', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2147483647 }), fc.bigInt({ min: 2147483648n, max: 10n ** 30n }), async (n, beyond) => {
        const ok = await call('PUT', '/v1/inventory/1', { body: { id: 1, name: 'tent', quantityAvailable: n, active: 1 } });
        expect(ok.json.data[0]!.quantityAvailable).toBe(n);
        const refused = await call('PUT', '/v1/inventory/1', {
          rawBody: `{"id":1,"name":"tent","quantityAvailable":${beyond},"active":1}`,
          headers: { 'content-type': 'application/json' },
        });
        expect(refused.status).toBe(400);
        expect((await call('GET', '/v1/inventory/1')).json.data[0]!.quantityAvailable).toBe(n);
      }),
      { numRuns: 30 },
    );
  });
});
