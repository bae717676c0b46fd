// The value rules end to end: rentals (in-process) against a sandbox. Values beyond the limits
// are refused with exit 2 and the server's state is unchanged; values inside come back exactly as
// given (decimals digit for digit; text with unicode, quotes, tabs and newlines).

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { decimalInside, exactDecimal, textWith } from '../helpers/value-arbitraries.js';
import { openSandbox } from '../sandbox/helpers.js';
import { type RunResult, cliFor, jsonData } from './harness.js';

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let rentals: ReturnType<typeof cliFor>;

beforeAll(async () => {
  sandbox = await openSandbox();
  rentals = cliFor(sandbox);
  expect((await sandbox.call('POST', '/v2/inventory', { body: { name: 'Tent', quantityAvailable: 4, active: 1 } })).status).toBe(201);
  expect((await sandbox.call('POST', '/v1/inventory/1/pricing', { body: { inventoryId: 1, rentalBlockId: 1, price: 150 } })).status).toBe(201);
});
afterAll(() => sandbox?.close());

const storedPrice = async () => (await sandbox.call('GET', '/v1/inventory/1/pricing/1')).json.data[0]!.price;

function ok(result: RunResult): RunResult {
  expect(result.code, result.stderr).toBe(0);
  return result;
}

describe('beyond the limits: exit 2, nothing changed on the server', () => {
  const huge = `1${'0'.repeat(400)}`;

  test.each([
    ['prices set', ['prices', 'set', '--inventory-id', '1', '--rental-block-id', '1', '--price', huge]],
    ['prices update', ['prices', 'update', '1', '--inventory-id', '1', '--price', huge]],
    ['prices add', ['prices', 'add', '--inventory-id', '1', '--rental-block-id', '2', '--price', '99999999999999999999.99']],
  ])('%s', async (_name, args) => {
    const result = await rentals(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/price: must be less than 100000000000/);
    expect(await storedPrice()).toBe(150);
    expect((await sandbox.call('GET', '/v1/inventory/1/pricing')).json.data).toHaveLength(1);
  });

  test('prices import: the row is invalid, no write is sent', async () => {
    const result = await rentals(['prices', 'import', '-', '--format', 'csv'], { input: `id,price\n1,${huge}\n` });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('must be less than 100000000000');
    expect(await storedPrice()).toBe(150);
  });

  test('prices import: float noise beyond 4 places is flagged with --round suggested; with --round it is sent rounded', async () => {
    const noisy = await rentals(['prices', 'import', '-', '--format', 'csv'], { input: 'id,price\n1,132.00000000000003\n' });
    expect(noisy.code).toBe(2);
    expect(noisy.stderr).toContain('must have at most 4 decimal places: it looks like floating-point noise; --round 0.01 would send 132.00');
    ok(await rentals(['prices', 'import', '-', '--format', 'csv', '--round', '0.01'], { input: 'id,price\n1,132.00000000000003\n' }));
    expect(await storedPrice()).toBe(132);
  });
});

describe('inside the limits: back exactly as given', () => {
  test('prices set, then get: the same digits', async () => {
    await fc.assert(
      fc.asyncProperty(decimalInside, async (price) => {
        ok(await rentals(['prices', 'set', '--inventory-id', '1', '--rental-block-id', '1', '--price', price]));
        const [record] = jsonData(ok(await rentals(['prices', 'get', '1', '--inventory-id', '1', '--json'])));
        expect(exactDecimal(String(record!.price))).toBe(exactDecimal(price));
      }),
      { numRuns: 6 },
    );
  });

  test('inventory update --name, then get: the same text', async () => {
    await fc.assert(
      fc.asyncProperty(textWith({ maxLength: 40 }).filter((s) => !s.includes('\0') && !s.startsWith('-')), async (name) => {
        ok(await rentals(['inventory', 'update', '1', '--name', name]));
        const [record] = jsonData(ok(await rentals(['inventory', 'get', '1', '--json'])));
        expect(record!.name).toBe(name);
      }),
      { numRuns: 6 },
    );
  });
});
