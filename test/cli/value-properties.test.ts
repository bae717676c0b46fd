// The value rules at the CLI, as properties: a value outside the limits is refused before anything
// is sent (exit 2, the field and the rule named); a value inside is sent with exactly its digits or
// characters. The same rule (schemas/values.ts) serves `prices add`, `prices set`, bookings and event
// amounts (`prices import` and the round trip through a real sandbox: test/e2e/values.e2e.test.ts).

import fc from 'fast-check';
import { beforeEach, describe, expect, test } from 'vitest';
import { resources } from '../../src/resources/definitions.js';
import { api, envelope, expectNothingSent, sampleRecord, namesListed, useNock, withApi } from '../helpers/api.js';
import { runCli } from '../helpers/fake-context.js';
import { eventAddArgs } from '../helpers/fixtures.js';
import { decimalInside, decimalTooLarge, decimalTooPrecise, exactDecimal, textWith } from '../helpers/value-arbitraries.js';

useNock();
// A bare number given for a record with names reads its list: some record could be named so.
beforeEach(() => namesListed());

const outside = fc.oneof(decimalTooLarge, decimalTooPrecise, fc.constantFrom(`1${'0'.repeat(400)}`, '99999999999999999999.99', '1e400', 'NaN', '-0.5'));
const RUNS = { numRuns: 25 };

describe('refused before sending: exit 2, the field named, nothing sent', () => {
  test.each([
    ['prices add', (p: string) => ['prices', 'add', '--inventory-id', '1', '--rental-block-id', '1', '--price', p]],
    ['prices set', (p: string) => ['prices', 'set', '--inventory-id', '1', '--rental-block-id', '1', '--price', p]],
    ['bookings add', (p: string) => ['bookings', 'add', '--event-id', '1', '--inventory-id', '1', '--quantity', '1', '--price', p]],
    ['events add --amount-deposit', (p: string) => eventAddArgs('--amount-deposit', p)],
  ])('%s', async (_name, args) => {
    await fc.assert(
      fc.asyncProperty(outside, async (price) => {
        const result = await runCli(args(price), withApi());
        expect(result.code).toBe(2);
        expect(result.stderr).toMatch(/(price|amountDeposit): must /);
        expect(result.stdout).toBe('');
        expectNothingSent();
      }),
      RUNS,
    );
  });
});

describe('sent as given when inside the limits', () => {
  test('prices add: the body carries the price with exactly its digits', async () => {
    await fc.assert(
      fc.asyncProperty(decimalInside, async (price) => {
        let sent: unknown;
        const scope = api()
          .get('/v1/inventory/1/pricing') // the item's prices: none for the block, and what exists before the POST
          .reply(200, envelope([]))
          .post('/v1/inventory/1/pricing', (body: Record<string, unknown>) => ((sent = body.price), true))
          .reply(201, envelope([sampleRecord(resources.prices, 5)]))
          .get('/v1/inventory/1/pricing') // read back (data/price-writer.ts)
          .reply(200, envelope([sampleRecord(resources.prices, 5, { inventoryId: 1, rentalBlockId: 1 })]));
        const result = await runCli(['prices', 'add', '--inventory-id', '1', '--rental-block-id', '1', '--price', price, '--fields', 'id'], withApi());
        expect(result.code).toBe(0);
        expect(scope.isDone()).toBe(true);
        expect(typeof sent).toBe('number');
        expect(exactDecimal(String(sent))).toBe(exactDecimal(price));
      }),
      RUNS,
    );
  });

  test('inventory add --name: any text (unicode, quotes, tabs, newlines) is sent as given', async () => {
    await fc.assert(
      fc.asyncProperty(textWith({ maxLength: 60 }), async (name) => {
        let sent: unknown;
        const scope = api()
          .get('/v2/inventory') // what exists before the POST: its names judged, and api/unknown-outcome.ts
          .reply(200, envelope([]))
          .post('/v2/inventory', (body: Record<string, unknown>) => ((sent = body.name), true))
          .reply(201, envelope([sampleRecord(resources.inventory, 5)]))
          .get('/v2/inventory') // read back: no other item of the name added at the same moment (data/unique-names.ts)
          .reply(200, envelope([sampleRecord(resources.inventory, 5)]));
        const result = await runCli(['inventory', 'add', '--name', name, '--quantity-available', '1', '--fields', 'id'], withApi());
        expect(result.code).toBe(0);
        expect(scope.isDone()).toBe(true);
        expect(sent).toBe(name);
      }),
      RUNS,
    );
  });
});
