// Reliability at the command level: a DELETE retried after a 502 that had applied it.

import { beforeEach, describe, expect, test } from 'vitest';
import { api, expectNothingSent, namesListed, nothingRefersTo, useNock, withApi } from '../helpers/api.js';
import { runCli } from '../helpers/fake-context.js';
import type { DataPiece } from '../../src/api/data-envelope.js';
import type { ResourceApi } from '../../src/api/resource-api.js';
import { BeforeCreate, settleCreate } from '../../src/api/unknown-outcome.js';
import { OutcomeUnknownError } from '../../src/errors.js';
import { resources } from '../../src/resources/definitions.js';

useNock();
// A bare number given for a record with names reads its list: some record could be named so.
beforeEach(() => namesListed());

describe('rentals … delete through a 502 that had deleted it', () => {
  test('exit 0, the note on stderr, the change on stdout', async () => {
    nothingRefersTo('inventory', 3);
    const scope = api()
      .get('/v2/inventory/3')
      .reply(200, { data: [{ id: 3, name: 'Tent', quantityAvailable: 2, active: 1 }] })
      .delete('/v2/inventory/3')
      .reply(502, 'bad gateway', { 'Retry-After': '0' })
      .delete('/v2/inventory/3')
      .reply(404, { message: 'not found' });
    const result = await runCli(['inventory', 'delete', '3', '--yes', '--retries', '2'], withApi());
    expect(result.stderr).toMatch(/^note: DELETE \/v2\/inventory\/3: an earlier attempt failed \(HTTP 502\) after it was sent, and the retry found it gone \(404\): counted as deleted\n1 record deleted\. rentals undo [0-9a-f]{8} takes it back\.\n$/);
    expect(result.stdout).toBe('delete\tinventory\t3\tTent\t\t\t\n');
    expect(result.code).toBe(0);
    expect(scope.isDone()).toBe(true);
  });
});

describe('declining a prompt: the same exit code, 7, for every [y/N]', () => {
  test('more than 50 changes at a terminal, answered no: nothing is sent, exit 7', async () => {
    const csv = ['name,quantityAvailable', ...Array.from({ length: 51 }, (_, i) => `Chair ${i + 1},${i + 1}`)].join('\n');
    const scope = api().get('/v2/inventory').reply(200, { data: [] });
    const result = await runCli(['inventory', 'import', '-'], withApi({ tty: true, confirmAnswer: false, stdin: csv }));
    expect(result.fake.confirms).toEqual(['Apply 51 changes?']);
    expect(result.stderr).toMatch(/Nothing was sent\.\n$/);
    expect(result.stderr).not.toContain('error:');
    expect(result.code).toBe(7);
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });
});

describe('a write whose outcome is unknown: "may have been applied", exit 5, and a lookup says which', () => {
  const tent = { id: 42, name: 'Tent 20x20', quantityAvailable: 4, active: 1 };
  const MAY = 'the request was sent and may have been applied';

  const CHAIR = { id: 7, name: 'Chair', quantityAvailable: 100, active: 1 };
  /** The unproven verdict: no claim either way, and the command that shows it. */
  const unproven = (check: string) => `so it seems not applied, but it may have been applied: check with \`${check}\` before repeating it.`;

  /** `inventory add` of the tent answered 502: the list read before the POST, and the one read after it. */
  const addLost = (before: object[], after: object[]) => {
    const scope = api().get('/v2/inventory').reply(200, { data: before }).post('/v2/inventory').reply(502, 'bad gateway').get('/v2/inventory').reply(200, { data: after });
    return { scope, run: () => runCli(['inventory', 'add', '--name', 'Tent 20x20', '--quantity-available', '4'], withApi()) };
  };

  test('add answered 502, a new item holds every value sent: it was applied, id 42', async () => {
    const { scope, run } = addLost([CHAIR], [CHAIR, tent]);
    const result = await run();
    expect(result.stderr).toContain(`error: POST /v2/inventory: HTTP 502 Bad Gateway: "bad gateway"; ${MAY}`);
    expect(result.stderr).toContain('Looked up: it was applied: inventory item 42 is new and holds every value sent.');
    expect(result.code).toBe(5);
    expect(scope.isDone()).toBe(true);
  });

  test('add of a name an item has: refused on the list read before the POST, so no twin can be taken for its result', async () => {
    const twin = { id: 22, name: 'Twin Tent', quantityAvailable: 4, active: 1 };
    const scope = api().get('/v2/inventory').reply(200, { data: [CHAIR, twin] });
    const result = await runCli(['inventory', 'add', '--name', 'Twin Tent', '--quantity-available', '4'], withApi());
    expect(result.stderr).toContain('inventory item 22 is already named "Twin Tent"');
    expect(result.code).toBe(1);
    expect(scope.isDone()).toBe(true);
  });

  test('add answered 502, an item that existed was changed to the very values sent meanwhile: never "applied"', async () => {
    const renamed = { ...CHAIR, name: 'Tent 20x20', quantityAvailable: 4 };
    const { scope, run } = addLost([CHAIR], [renamed]);
    const result = await run();
    expect(result.stderr).not.toContain('it was applied');
    expect(result.stderr).toContain(`Looked up: no inventory item made since holds every value sent, ${unproven('rentals inventory list')}`);
    expect(result.code).toBe(5);
    expect(scope.isDone()).toBe(true);
  });

  test('add, what exists could not be read: its name cannot be judged, so nothing is sent', async () => {
    const scope = api().get('/v2/inventory').reply(500, { message: 'listing down' });
    const result = await runCli(['inventory', 'add', '--name', 'Tent 20x20', '--quantity-available', '4', '--retries', '0'], withApi());
    expect(result.stderr).toContain('GET /v2/inventory: HTTP 500');
    expect(result.code).not.toBe(0);
    expect(scope.isDone()).toBe(true);
  });

  test('a create answered 502, what existed before could not be read: may have been applied, never "applied"', async () => {
    const at = { def: resources.inventory, version: 'v2' } as const;
    const records = async function* (): AsyncGenerator<DataPiece> {
      yield { kind: 'records', records: [CHAIR, tent] };
    };
    const unreadable = { stream: () => ({ [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('listing down')) }) }) } as unknown as ResourceApi;
    const before = await BeforeCreate.note(unreadable, at);
    const settled = await settleCreate({ stream: records } as unknown as ResourceApi, at, { name: 'Tent 20x20', quantityAvailable: 4 }, before, new OutcomeUnknownError('POST /v2/inventory: HTTP 502', 502));
    expect((settled as Error).message).toContain('What existed before could not be read, so no inventory item can be shown to be its result: it may have been applied; check with `rentals inventory list` before repeating it.');
  });

  test('add answered 503, no new item: may have been applied, with the command that shows it', async () => {
    const scope = api().get('/v2/inventory').reply(200, { data: [] }).post('/v2/inventory').reply(503, { message: 'busy' }).get('/v2/inventory').reply(200, { data: [] });
    const result = await runCli(['inventory', 'add', '--name', 'Tent 20x20', '--quantity-available', '4'], withApi());
    expect(result.stderr).toContain(MAY);
    expect(result.stderr).toContain(`Looked up: no inventory item made since holds every value sent, ${unproven('rentals inventory list')}`);
    expect(result.code).toBe(5);
    expect(scope.isDone()).toBe(true);
  });

  test('add answered 504 by a gateway, the item is not there yet: it may still be applied', async () => {
    const scope = api().get('/v2/inventory').reply(200, { data: [] }).post('/v2/inventory').reply(504, 'gateway timeout').get('/v2/inventory').reply(200, { data: [] });
    const result = await runCli(['inventory', 'add', '--name', 'Tent 20x20', '--quantity-available', '4'], withApi());
    expect(result.stderr).toContain(
      'Looked up: no inventory item made since holds every value sent, so it seems not applied (the server did not answer in time and may still apply it), but it may have been applied: check with `rentals inventory list` before repeating it.',
    );
    expect(result.code).toBe(5);
    expect(scope.isDone()).toBe(true);
  });

  test('a price answered 500: a new price of the item holds every value sent', async () => {
    const scope = api()
      .get('/v1/inventory/7/pricing')
      .reply(200, { data: [] })
      .post('/v1/inventory/7/pricing')
      .reply(500, { message: 'oops' })
      .get('/v1/inventory/7/pricing')
      .reply(200, { data: [{ id: 31, inventoryId: 7, rentalBlockId: 2, price: '149.50' }] });
    const result = await runCli(['prices', 'add', '--inventory-id', '7', '--rental-block-id', '2', '--price', '149.5'], withApi());
    expect(result.stderr).toContain(MAY);
    expect(result.stderr).toContain('Looked up: it was applied: inventory price 31 is new and holds every value sent.');
    expect(result.code).toBe(5);
    expect(scope.isDone()).toBe(true);
  });

  test('update answered 500 (not retried), the record has the new values: it was applied', async () => {
    const scope = api()
      .get('/v2/inventory/42')
      .reply(200, { data: [tent] })
      .put('/v2/inventory/42')
      .reply(500, { message: 'oops' })
      .get('/v2/inventory/42')
      .reply(200, { data: [{ ...tent, quantityAvailable: 6 }] });
    const result = await runCli(['inventory', 'update', '42', '--quantity-available', '6'], withApi());
    expect(result.stderr).toContain(`error: PUT /v2/inventory/42: HTTP 500 Internal Server Error: oops; ${MAY}`);
    expect(result.stderr).toContain('Looked up: it was applied: inventory item 42 has the values sent.');
    expect(result.code).toBe(5);
    expect(scope.isDone()).toBe(true);
  });

  test('delete answered 502 on every attempt, the record still exists: it was not applied', async () => {
    nothingRefersTo('inventory', 42);
    const scope = api()
      .get('/v2/inventory/42')
      .reply(200, { data: [tent] })
      .delete('/v2/inventory/42')
      .times(2)
      .reply(502, 'bad gateway', { 'Retry-After': '0' })
      .get('/v2/inventory/42')
      .reply(200, { data: [tent] });
    const result = await runCli(['inventory', 'delete', '42', '--yes', '--retries', '1'], withApi());
    expect(result.stderr).toContain(MAY);
    expect(result.stderr).toContain(`Looked up: inventory item 42 still exists, ${unproven('rentals inventory get 42')}`);
    expect(result.code).toBe(5);
    expect(scope.isDone()).toBe(true);
  });
});

describe('the waits between attempts of a command', () => {
  test('a read retried after 503s waits the backoff, then the Retry-After the server asked for', async () => {
    const scope = api()
      .get('/v2/inventory')
      .reply(503, 'busy')
      .get('/v2/inventory')
      .reply(503, 'busy', { 'Retry-After': '7' })
      .get('/v2/inventory')
      .reply(200, { data: [] });
    const result = await runCli(['inventory', 'list', '--json', '--retries', '2'], withApi());
    expect(result.code, result.stderr).toBe(0);
    // The first wait is the backoff of attempt 1 (100-200 ms, with jitter); the second is Retry-After's 7 s.
    expect(result.fake.waits).toHaveLength(2);
    expect(result.fake.waits[0]).toBeGreaterThanOrEqual(100);
    expect(result.fake.waits[0]).toBeLessThanOrEqual(200);
    expect(result.fake.waits[1]).toBe(7_000);
    expect(scope.isDone()).toBe(true);
  });
});
