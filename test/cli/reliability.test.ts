// Reliability at the command level (issue 10): a DELETE retried after a 502 that had applied it.

import { describe, expect, test } from 'vitest';
import { api, expectNothingSent, useNock, withApi } from '../helpers/api.js';
import { runCli } from '../helpers/fake-context.js';

useNock();

describe('rentals … delete through a 502 that had deleted it', () => {
  test('exit 0, the note and the confirmation on stderr', async () => {
    const scope = api().delete('/v2/inventory/3').reply(502, 'bad gateway', { 'Retry-After': '0' }).delete('/v2/inventory/3').reply(404, { message: 'not found' });
    const result = await runCli(['inventory', 'delete', '3', '--yes', '--retries', '2'], withApi());
    expect(result.stderr).toBe(
      'note: DELETE /v2/inventory/3: an earlier attempt failed (HTTP 502) after it was sent, and the retry found it gone (404): counted as deleted\nDeleted inventory item 3.\n',
    );
    expect(result.code).toBe(0);
    expect(scope.isDone()).toBe(true);
  });
});

describe('declining a prompt (issue 20.7): the same exit code, 7, for every [y/N]', () => {
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

describe('a write whose outcome is unknown (issue 20.3): "may have been applied", exit 5, and a lookup says which', () => {
  const tent = { id: 42, name: 'Tent 20x20', quantityAvailable: 4, active: 1 };
  const MAY = 'the request was sent and may have been applied';

  test('add answered 502, the item now exists: it was applied, id 42', async () => {
    const scope = api()
      .post('/v2/inventory')
      .reply(502, 'bad gateway')
      .get('/v2/inventory')
      .reply(200, { data: [{ id: 7, name: 'Chair', quantityAvailable: 100, active: 1 }, tent] });
    const result = await runCli(['inventory', 'add', '--name', 'Tent 20x20', '--quantity-available', '4'], withApi());
    expect(result.stderr).toContain(`error: POST /v2/inventory: HTTP 502 Bad Gateway: "bad gateway"; ${MAY}`);
    expect(result.stderr).toContain('Looked up by name "Tent 20x20": it was applied: id 42.');
    expect(result.code).toBe(5);
    expect(scope.isDone()).toBe(true);
  });

  test('add answered 503, the item is not there: it was not applied', async () => {
    const scope = api().post('/v2/inventory').reply(503, { message: 'busy' }).get('/v2/inventory').reply(200, { data: [] });
    const result = await runCli(['inventory', 'add', '--name', 'Tent 20x20', '--quantity-available', '4'], withApi());
    expect(result.stderr).toContain(MAY);
    expect(result.stderr).toContain('Looked up by name "Tent 20x20": it was not applied (no inventory item has it now).');
    expect(result.code).toBe(5);
    expect(scope.isDone()).toBe(true);
  });

  test('add answered 504 by a gateway, the item is not there yet: not applied, but it may still be', async () => {
    const scope = api().post('/v2/inventory').reply(504, 'gateway timeout').get('/v2/inventory').reply(200, { data: [] });
    const result = await runCli(['inventory', 'add', '--name', 'Tent 20x20', '--quantity-available', '4'], withApi());
    expect(result.stderr).toContain(
      'Looked up by name "Tent 20x20": it was not applied (no inventory item has it now); the server did not answer in time and may still apply it: look again before repeating it.',
    );
    expect(result.code).toBe(5);
    expect(scope.isDone()).toBe(true);
  });

  test('a price (natural key: item and rental block) answered 500: looked up among the item\'s prices', async () => {
    const scope = api()
      .post('/v1/inventory/7/pricing')
      .reply(500, { message: 'oops' })
      .get('/v1/inventory/7/pricing')
      .reply(200, { data: [{ id: 31, inventoryId: 7, rentalBlockId: 2, price: '149.50' }] });
    const result = await runCli(['prices', 'add', '--inventory-id', '7', '--rental-block-id', '2', '--price', '149.5'], withApi());
    expect(result.stderr).toContain(MAY);
    expect(result.stderr).toContain('Looked up by inventoryId 7, rentalBlockId 2: it was applied: id 31.');
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
    expect(result.stderr).toContain('Looked up: it was not applied: inventory item 42 still exists.');
    expect(result.code).toBe(5);
    expect(scope.isDone()).toBe(true);
  });
});
