// Every error status the sandbox documents, with its error body.

import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../../src/sandbox/server.js';
import { type Caller, TOKEN, bearer, eventBody, inventoryBody, openSandbox } from './helpers.js';

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let call: Caller;

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  call = sandbox.call;
});
afterAll(() => sandbox.close());

function expectError(response: { status: number; json: { error: { status: number; code: string } } }, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.json.error.status).toBe(status);
  expect(response.json.error.code).toBe(code);
}

describe('404 and 405', () => {
  it.each([
    ['GET', '/v3/inventory'],
    ['GET', '/v2/events'],
    ['GET', '/v2/inventory/1/pricing'],
    ['GET', '/v1/inventorycategory'],
    ['GET', '/v1/status'],
    ['GET', '/v1/inventory/'],
    ['GET', '/'],
    ['POST', '/v1/nothing'],
  ] as const)('%s %s is not an endpoint', async (method, path) => {
    const response = await call(method, path);
    expectError(response, 404, 'not_found');
    expect(response.json.error.message).toContain(path);
  });

  it.each([
    ['POST', '/v1/rentalblocks', 'GET'],
    ['DELETE', '/v2/rentalblocks/1', 'GET'],
    ['PUT', '/v2/status/1', 'GET'],
    ['PATCH', '/v1/inventory/1', 'GET, PUT, DELETE'],
    ['PUT', '/v1/events', 'GET, POST'],
    ['POST', '/authorize', 'GET'],
  ] as const)('%s %s is 405 with Allow: %s', async (method, path, allow) => {
    const response = await call(method, path);
    expectError(response, 405, 'method_not_allowed');
    expect(response.headers.allow).toBe(allow);
  });

  it.each([
    ['/v1/inventory/999', 'no inventory item 999'],
    ['/v1/events/999', 'no event 999'],
    ['/v2/inventorycategory/999', 'no inventory category 999'],
    ['/v2/rentalblocks/999', 'no rental block 999'],
    ['/v2/status/999', 'no event status 999'],
    ['/v1/inventory/999/pricing', 'no inventory item 999'],
    ['/v2/events/999/inventory', 'no event 999'],
    ['/v2/events/999/inventory/1', 'no event 999'],
    ['/v2/events/2/inventory/1', 'no booking 1 in event 2'],
    ['/v1/inventory/2/pricing/1', 'no inventory price 1 in inventory item 2'],
  ])('GET %s: 404 %s', async (path, message) => {
    const response = await call('GET', path);
    expectError(response, 404, 'not_found');
    expect(response.json.error.message).toBe(message);
  });

  it('PUT and DELETE of a missing record are 404', async () => {
    expectError(await call('PUT', '/v1/inventory/999', { body: { id: 999, ...inventoryBody('x') } }), 404, 'not_found');
    expectError(await call('DELETE', '/v1/inventory/999'), 404, 'not_found');
    expectError(await call('POST', '/v1/events/999/inventory', { body: { eventId: 999, inventoryId: 1, quantity: 1, price: 1 } }), 404, 'not_found');
  });
});

describe('400 invalid_id', () => {
  it.each(['0', '-1', 'abc', '1.5', '2147483648', '99999999999', '1e3', '%20'])('id %s', async (id) => {
    const response = await call('GET', `/v1/inventory/${id}`);
    expectError(response, 400, 'invalid_id');
    expect(response.json.error.fields).toEqual([{ field: 'id', message: 'must be an integer from 1 to 2147483647' }]);
  });

  it('names the parent id when that is the bad one', async () => {
    const response = await call('GET', '/v1/events/x/inventory');
    expectError(response, 400, 'invalid_id');
    expect(response.json.error.fields![0]!.field).toBe('eventId');
  });

  it('reads a percent-encoded id as the digits it encodes, never refusing what its message shows as valid', async () => {
    const response = await call('GET', '/v1/inventory/%31');
    expect([response.status, response.json.data?.[0]?.id]).toEqual([200, 1]);
    const refused = await call('GET', '/v1/inventory/%31%2E5');
    expect(refused.json.error.message).toBe('the id in the path must be an integer from 1 to 2147483647 (got "1.5")');
  });

  it('accepts the largest id (and answers 404)', async () => {
    expectError(await call('GET', '/v1/inventory/2147483647'), 404, 'not_found');
  });
});

describe('bodies', () => {
  it('400 invalid_json for malformed JSON and for an empty body', async () => {
    const headers = { 'content-type': 'application/json' };
    const broken = await call('POST', '/v1/inventory', { rawBody: '{"name": "x",', headers });
    expectError(broken, 400, 'invalid_json');
    expect(broken.json.error.message).toMatch(/^the body is not valid JSON/);
    expectError(await call('POST', '/v1/inventory', { rawBody: '', headers }), 400, 'invalid_json');
  });

  it('400 (never 500) for JSON nested 100,000 deep, in a field or as the whole body', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const headers = { 'content-type': 'application/json' };
    const inField = await call('POST', '/v1/inventory', { rawBody: `{"name":${deep},"quantityAvailable":1,"active":1}`, headers });
    expectError(inField, 400, 'validation_failed');
    expect(inField.json.error.fields).toContainEqual({ field: 'name', message: expect.any(String) });
    expectError(await call('PUT', '/v1/inventory/1', { rawBody: `{"id":1,"name":"x","quantityAvailable":${deep},"active":1}`, headers }), 400, 'validation_failed');
    expectError(await call('POST', '/v1/inventory', { rawBody: deep, headers }), 400, 'validation_failed');
  });

  it('415 for a write without application/json; charset parameters are fine', async () => {
    const plain = await call('POST', '/v1/inventory', { rawBody: JSON.stringify(inventoryBody('x')), headers: { 'content-type': 'text/plain' } });
    expectError(plain, 415, 'unsupported_media_type');
    expectError(await call('PUT', '/v1/inventory/1', { rawBody: '{}' }), 415, 'unsupported_media_type');
    const ok = await call('POST', '/v1/inventory', {
      rawBody: JSON.stringify(inventoryBody('charset')),
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    });
    expect(ok.status).toBe(201);
  });

  it('413 for a body over 1 MiB (declared or streamed)', async () => {
    const big = JSON.stringify({ ...inventoryBody('big'), padding: 'x'.repeat(1024 * 1024) });
    expectError(await call('POST', '/v1/inventory', { rawBody: big, headers: { 'content-type': 'application/json' } }), 413, 'payload_too_large');
    const streamed = await request(`${sandbox.url}/v1/inventory`, {
      method: 'POST',
      headers: { authorization: bearer(TOKEN), 'content-type': 'application/json' },
      body: Readable.from(Array.from({ length: 20 }, () => Buffer.alloc(128 * 1024, 32))),
    }).then(
      async (r) => ({ status: r.statusCode, json: (await r.body.json()) as { error: { code: string } } }),
      (error: Error) => ({ status: 0, error }),
    );
    // The server may close the connection before the client has sent everything; if undici sees the answer, it is 413.
    if (streamed.status !== 0) expect(streamed).toMatchObject({ status: 413, json: { error: { code: 'payload_too_large' } } });
    const after = await call('GET', '/v1/inventory/1');
    expect(after.status).toBe(200);
  });

  it('400 validation_failed lists every broken field', async () => {
    const response = await call('POST', '/v1/inventory', { body: { name: '', quantityAvailable: -1, active: 'maybe' } });
    expectError(response, 400, 'validation_failed');
    expect(response.json.error.message).toBe('invalid inventory item');
    expect(response.json.error.fields).toEqual([
      { field: 'name', message: 'must not be empty' },
      { field: 'quantityAvailable', message: 'must be an integer from 0 to 2147483647' },
      { field: 'active', message: 'must be true or false (also 1/0, yes/no)' },
    ]);
  });

  it('400 for missing required fields and for limits of the reference', async () => {
    const missing = await call('POST', '/v1/events', { body: { eventName: 'x' } });
    expectError(missing, 400, 'validation_failed');
    expect(missing.json.error.fields!.map((f) => f.field)).toEqual([
      'eventStatusId',
      'rentalBlockId',
      'startDate',
      'endDate',
      'dropoffDate',
      'teardownDate',
      'pickupDate',
    ]);
    const long = await call('POST', '/v1/events', { body: { ...eventBody('x'.repeat(101)), eventState: 'y'.repeat(51), amountLabor: '1,200.00' } });
    expect(long.json.error.fields!.map((f) => f.field)).toEqual(['eventName', 'eventState', 'amountLabor']);
    const price = await call('POST', '/v1/inventory/1/pricing', { body: { inventoryId: 1, rentalBlockId: 1, price: '$12' } });
    expect(price.json.error.fields).toEqual([
      { field: 'price', message: 'must be a plain decimal without currency symbols (write 12, not $12)' },
    ]);
    const booking = await call('POST', '/v2/events/1/inventory', { body: { eventId: 1, inventoryId: 1, quantity: 2147483648, price: 1 } });
    expect(booking.json.error.fields!.map((f) => f.field)).toEqual(['quantity']);
  });

  it('a body must be an object (or a list of one)', async () => {
    expectError(await call('POST', '/v1/inventory', { body: [1, 2] }), 400, 'validation_failed');
    expectError(await call('POST', '/v1/inventory', { body: 'text' }), 400, 'validation_failed');
    const listOfOne = await call('POST', '/v1/inventory', { body: [inventoryBody('from a list')] });
    expect(listOfOne.status).toBe(201);
    expect(listOfOne.json.data[0]!.name).toBe('from a list');
  });

  it('ignores unknown fields and Links; accepts numeric strings and true/false', async () => {
    const response = await call('POST', '/v2/events/1/inventory', {
      body: { eventId: '1', inventoryId: '4', quantity: '3', price: '9.5', colour: 'red', Links: [{ rel: 'self' }] },
    });
    expect(response.status).toBe(201);
    const { Links: _links, ...record } = response.json.data[0]!;
    expect(record).toEqual({ id: record.id, eventId: 1, inventoryId: 4, quantity: 3, price: 9.5 });
    const item = await call('POST', '/v1/inventory', { body: { name: 'flags', quantityAvailable: 0, active: false } });
    expect(item.json.data[0]!.active).toBe(0);
  });

  it('a PUT body id must equal the path id', async () => {
    const response = await call('PUT', '/v1/inventory/1', { body: { id: 2, ...inventoryBody('x') } });
    expectError(response, 400, 'validation_failed');
    expect(response.json.error.fields).toEqual([{ field: 'id', message: 'must be 1, the id in the path' }]);
    const missing = await call('PUT', '/v1/inventory/1', { body: inventoryBody('x') });
    expect(missing.json.error.fields).toEqual([{ field: 'id', message: 'is required' }]);
  });

  it("a booking's eventId and a price's inventoryId must equal the path's", async () => {
    const booking = await call('POST', '/v1/events/1/inventory', { body: { eventId: 2, inventoryId: 1, quantity: 1, price: 1 } });
    expect(booking.json.error.fields).toEqual([{ field: 'eventId', message: 'must be 1, the event id in the path' }]);
    const price = await call('POST', '/v1/inventory/1/pricing', { body: { inventoryId: 2, rentalBlockId: 1, price: 1 } });
    expect(price.json.error.fields).toEqual([{ field: 'inventoryId', message: 'must be 1, the inventory item id in the path' }]);
  });

  it('references must exist', async () => {
    const price = await call('POST', '/v1/inventory/1/pricing', { body: { inventoryId: 1, rentalBlockId: 99, price: 1 } });
    expectError(price, 400, 'validation_failed');
    expect(price.json.error.fields).toEqual([{ field: 'rentalBlockId', message: 'no rental block 99' }]);
    const event = await call('POST', '/v1/events', { body: { ...eventBody('x'), eventStatusId: 9, rentalBlockId: 8 } });
    expect(event.json.error.fields).toEqual([
      { field: 'eventStatusId', message: 'no event status 9' },
      { field: 'rentalBlockId', message: 'no rental block 8' },
    ]);
    const booking = await call('PUT', '/v1/events/1/inventory/1', { body: { id: 1, eventId: 1, inventoryId: 777, quantity: 1, price: 1 } });
    expect(booking.json.error.fields).toEqual([{ field: 'inventoryId', message: 'no inventory item 777' }]);
  });
});

describe('409 conflict: no cascading deletes', () => {
  it('an inventory item with prices or bookings cannot be deleted until they are', async () => {
    const item = (await call('POST', '/v1/inventory', { body: inventoryBody('referenced') })).json.data[0]!;
    const price = (await call('POST', `/v1/inventory/${item.id}/pricing`, { body: { inventoryId: item.id, rentalBlockId: 1, price: 5 } })).json.data[0]!;
    const booking = (await call('POST', '/v1/events/2/inventory', { body: { eventId: 2, inventoryId: item.id, quantity: 1, price: 5 } })).json.data[0]!;
    const refused = await call('DELETE', `/v2/inventory/${item.id}`);
    expectError(refused, 409, 'conflict');
    expect(refused.json.error.message).toBe(
      `inventory item ${item.id} is still referenced by 1 inventory price (id ${price.id}) and 1 booking (id ${booking.id}); delete those first`,
    );
    expect((await call('DELETE', `/v1/inventory/${item.id}/pricing/${price.id}`)).status).toBe(200);
    expectError(await call('DELETE', `/v2/inventory/${item.id}`), 409, 'conflict');
    expect((await call('DELETE', `/v1/events/2/inventory/${booking.id}`)).status).toBe(200);
    expect((await call('DELETE', `/v2/inventory/${item.id}`)).json).toEqual({ id: item.id });
  });

  it('an event with bookings cannot be deleted', async () => {
    const refused = await call('DELETE', '/v1/events/3');
    expectError(refused, 409, 'conflict');
    expect(refused.json.error.message).toMatch(/^event 3 is still referenced by 4 bookings \(ids \d+, \d+, \d+, \d+\); delete those first$/);
    expect((await call('GET', '/v1/events/3')).status).toBe(200);
  });
});

describe('500', () => {
  it('never shows a stack trace', async () => {
    const logged: string[] = [];
    const server = await serve(
      () => {
        throw new Error('secret detail');
      },
      '127.0.0.1',
      0,
      (line) => logged.push(line),
    );
    try {
      const response = await request(`http://127.0.0.1:${server.port}/v1/inventory`);
      const text = await response.body.text();
      expect(response.statusCode).toBe(500);
      expect(JSON.parse(text)).toEqual({
        error: { status: 500, code: 'internal_error', message: 'internal error; the sandbox log has the details' },
      });
      expect(text).not.toContain('secret');
      expect(logged.join('\n')).toContain('secret detail');
    } finally {
      await server.close();
    }
  });
});
