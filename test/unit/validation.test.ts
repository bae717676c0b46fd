// Validation at every limit of the reference, on both sides of each boundary, through the CLI.
// A rejected value: exit 2, the message names the field, the rule and the value, and no request
// leaves the process (nock has no interceptor and net connect is disabled). An accepted value is
// shown by --dry-run --json in the canonical form it would be sent in.

import { beforeEach, describe, expect, test } from 'vitest';
import { kebabCase, resources } from '../../src/resources/definitions.js';
import { api, bookingRuleReads, envelope, expectNothingSent, namesListed, sampleRecord, statusesListed, useNock, withApi } from '../helpers/api.js';
import { runCli } from '../helpers/fake-context.js';
import { ACCEPTED_DATETIMES, eventAddArgs as eventAdd } from '../helpers/fixtures.js';

useNock();
// An event write checks its status id against the service's statuses first; a bare number given
// for a record with names (an id argument or flag) reads that list (it may be some record's name).
beforeEach(() => {
  statusesListed();
  namesListed();
});

const MAX = '2147483647';
const OVER = '2147483648';
const ID_RULE = 'must be an integer id from 1 to 2147483647';
const COUNT_RULE = 'must be an integer from 0 to 2147483647';

const inventoryAdd = (qty: string) => ['inventory', 'add', '--name', 'Tent', '--quantity-available', qty];
const bookingAdd = (qty: string) => ['bookings', 'add', '--event-id', '7', '--inventory-id', '9', '--price', '1', '--quantity', qty];
const priceAdd = (price: string) => ['prices', 'add', '--inventory-id', '7', '--rental-block-id', '2', '--price', price];
const priceBlock = (id: string) => ['prices', 'add', '--inventory-id', '7', '--rental-block-id', id, '--price', '1'];

/** Runs argv and asserts exit 2, the field/rule/value message, and that nothing was sent. */
async function expectRejected(argv: string[], field: string, rule: string, value?: string): Promise<void> {
  const result = await runCli(argv, withApi());
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  const shown = value === undefined ? '' : ` (got ${JSON.stringify(value).length > 60 ? JSON.stringify(value).slice(0, 57) : JSON.stringify(value)}`;
  expect(result.stderr).toContain(`${field}: ${rule}${shown}`);
  expect(result.stderr).toMatch(/\nNothing was sent\.\n$/);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expectNothingSent();
}

/** A dry run of `prices add` reads the item's prices (none here): a second price for a block is refused alike. */
function itemPricesRead(): void {
  api().get('/v1/inventory/7/pricing').reply(200, envelope([]));
}

/** Runs argv with --dry-run --json and returns the body that would have been sent. */
async function dryRunBody(argv: string[]): Promise<Record<string, unknown>> {
  const result = await runCli([...argv, '--dry-run', '--json'], withApi());
  // Beside the JSON, for a person: what the dry run would do, and that nothing was sent.
  expect(result.stderr).toMatch(/^Dry run: 1 record to (create|change); nothing was sent\.\n$/);
  expect(result.code).toBe(0);
  expectNothingSent();
  return (JSON.parse(result.stdout) as { data: Array<{ body: Record<string, unknown> }> }).data[0]!.body;
}

describe('ids (path arguments): integers 1..2147483647', () => {
  test.each(['0', '-1', OVER, '1.5', ''])('get %j → exit 2, nothing sent', async (id) => {
    await expectRejected(['inventory', 'get', id], 'id', ID_RULE, id);
  });

  // Items have names, so `inventory get abc` looks "abc" up (see the names tests); prices have none.
  test.each(['abc', '1e3'])('get %j of a resource without names → exit 2, nothing sent', async (id) => {
    await expectRejected(['prices', 'get', id, '--inventory-id', '7'], 'id', ID_RULE, id);
  });

  test.each(['update', 'delete'])('%s with a bad id → exit 2, nothing sent', async (verb) => {
    const extra = verb === 'update' ? ['--name', 'x'] : ['--yes'];
    await expectRejected(['inventory', verb, OVER, ...extra], 'id', ID_RULE, OVER);
    await expectRejected(['events', 'open', '0'], 'id', ID_RULE, '0');
  });

  test.each(['1', MAX])('get %s is sent', async (id) => {
    const scope = api()
      .get(`/v2/inventory/${id}`)
      .reply(200, envelope([sampleRecord(resources.inventory, Number(id))]));
    const result = await runCli(['inventory', 'get', id], withApi());
    expect(result.code).toBe(0);
    expect(result.stdout.split('\t')[0]).toBe(id);
    expect(scope.isDone()).toBe(true);
  });

  test.each(['0', '-1', OVER, '1.5'])('a parent id %j → exit 2, nothing sent', async (id) => {
    await expectRejected(['prices', 'list', '--inventory-id', id], 'inventoryId', ID_RULE, id);
    await expectRejected(['bookings', 'get', '3', '--event-id', id], 'eventId', ID_RULE, id);
  });

  test.each(['0', '-1', OVER, '1.5'])('an id field %j → exit 2, nothing sent', async (id) => {
    await expectRejected(priceBlock(id), 'rentalBlockId', ID_RULE, id);
  });

  test.each([
    ['1', 1],
    [MAX, 2147483647],
  ])('an id field %s is sent as the number %d', async (id, sent) => {
    itemPricesRead();
    expect((await dryRunBody(priceBlock(id))).rentalBlockId).toBe(sent);
  });
});

describe('quantity and quantityAvailable: integers 0..2147483647', () => {
  test.each(['-1', OVER, '1.5', 'abc', '3 units'])('quantityAvailable %j → exit 2', async (qty) => {
    await expectRejected(inventoryAdd(qty), 'quantityAvailable', COUNT_RULE, qty);
  });

  test.each(['-1', OVER, '1.5'])('quantity %j → exit 2', async (qty) => {
    await expectRejected(bookingAdd(qty), 'quantity', COUNT_RULE, qty);
  });

  test.each([
    ['0', 0],
    [MAX, 2147483647],
  ])('%s is accepted and sent as a number', async (qty, sent) => {
    expect((await dryRunBody(inventoryAdd(qty))).quantityAvailable).toBe(sent);
    // A booking's dry run reads what the booking rules need (nothing is written); the value passes
    // the validator, and more than the 100 owned is then the booking rules' refusal (exit 1), not exit 2.
    bookingRuleReads({ eventId: 7 });
    if (sent === 0) expect((await dryRunBody(bookingAdd(qty))).quantity).toBe(sent);
    else {
      const result = await runCli([...bookingAdd(qty), '--dry-run'], withApi());
      expect(result.stderr).toContain('not enough units for event 7');
      expect(result.code).toBe(1);
    }
  });

  test('the --qty alias follows the same rule', async () => {
    await expectRejected(['inventory', 'add', '--name', 'Tent', '--qty', '-1'], 'quantityAvailable', COUNT_RULE, '-1');
  });
});

describe('prices and amounts: decimals ≥ 0 without commas or currency symbols', () => {
  test.each([
    ['1,200', 'must be a plain decimal without commas (write 1200.50, not 1,200.50)'],
    ['$12', 'must be a plain decimal without currency symbols (write 12, not $12)'],
    ['-1', 'must be ≥ 0'],
    ['12.5.0', 'must be a decimal number such as 12 or 12.50'],
    ['twelve', 'must be a decimal number such as 12 or 12.50'],
  ])('price %j → exit 2 (%s)', async (price, rule) => {
    await expectRejected(priceAdd(price), 'price', rule, price);
  });

  test.each([
    ['12.50', 12.5],
    ['0', 0],
    ['1200', 1200],
  ])('price %j is sent as %d', async (price, sent) => {
    itemPricesRead();
    expect((await dryRunBody(priceAdd(price))).price).toBe(sent);
  });

  test.each(['amount-deposit', 'amount-delivery', 'amount-labor', 'amount-misc', 'amount-discount', 'amount-sales-tax'])(
    '--%s rejects 1,200 and $12, accepts 12.50',
    async (flag) => {
      const field = flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      await expectRejected(eventAdd(`--${flag}`, '1,200'), field, 'must be a plain decimal without commas (write 1200.50, not 1,200.50)', '1,200');
      await expectRejected(eventAdd(`--${flag}`, '$12'), field, 'must be a plain decimal without currency symbols (write 12, not $12)', '$12');
      expect((await dryRunBody(eventAdd(`--${flag}`, '12.50')))[field]).toBe(12.5);
    },
  );
});

describe('string lengths: every limited event field, at the limit and one over', () => {
  const limited = resources.events.fields.filter((f) => f.kind === 'string' && f.max !== undefined);

  test('the limits are those of the reference', () => {
    expect(Object.fromEntries(limited.map((f) => [f.name, f.max]))).toEqual({
      eventName: 100,
      eventAddress1: 255,
      eventAddress2: 255,
      eventCity: 255,
      eventState: 50,
      eventPostalCode: 50,
      eventContacts: 4000,
      eventSpecialRequirements: 4000,
      customerName: 255,
      customerAddress1: 255,
      customerAddress2: 255,
      customerCity: 255,
      customerState: 50,
      customerPostalCode: 50,
      customerContacts: 4000,
      cancelReason: 4000,
      internalNotes: 4000,
    });
  });

  test.each(limited.map((f) => [f.name, f.max!] as const))('%s: %i characters pass, one more is refused', async (name, max) => {
    const flag = `--${kebabCase(name)}`;
    const atLimit = 'é'.repeat(max);
    expect((await dryRunBody(eventAdd(flag, atLimit)))[name]).toBe(atLimit);
    const over = 'x'.repeat(max + 1);
    await expectRejected(eventAdd(flag, over), name, `must be at most ${max} characters (has ${max + 1})`, over);
  });
});

describe('datetimes', () => {
  test.each(ACCEPTED_DATETIMES)('%j is sent as %j', async (given, sent) => {
    const body = await dryRunBody(eventAdd('--cancel-date', given, '--start-date', given));
    expect(body.cancelDate).toBe(sent);
    expect(body.startDate).toBe(sent);
  });

  test.each([
    ['2026-02-30', '2026-02 has no day 30'],
    ['2026-06-12 25:00', 'the time is out of range'],
    ['2026-06-12T14:61', 'the time is out of range'],
    ['2026-13-01', 'month 13 does not exist'],
  ])('%j → exit 2', async (given, detail) => {
    const rule = `must be a date or datetime: YYYY-MM-DD, YYYY-MM-DD HH:MM[:SS] or YYYY-MM-DDTHH:MM:SS${detail ? `; ${detail}` : ''}`;
    await expectRejected(eventAdd('--cancel-date', given), 'cancelDate', rule, given);
    await expectRejected(eventAdd('--pickup-date', given), 'pickupDate', rule, given);
  });

  // Relative dates (tomorrow, fri, +3d) are taken: test/cli/relative-dates.test.ts. A value in no
  // form is refused with every form the flag takes, those included.
  test.each(['12/06/2026', 'next week'])('%j → exit 2, the flag named with every form it takes', async (given) => {
    for (const flag of ['--cancel-date', '--pickup-date']) {
      const result = await runCli(eventAdd(flag, given), withApi());
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`${flag}: ${JSON.stringify(given)} must be YYYY-MM-DD, "YYYY-MM-DD HH:MM[:SS]", today, tomorrow, yesterday, a weekday (fri), +3d`);
      expectNothingSent();
    }
  });
});

describe('booleans', () => {
  test.each([
    ['true', 1],
    ['yes', 1],
    ['1', 1],
    ['false', 0],
    ['no', 0],
    ['0', 0],
  ])('--active %s is sent as %d', async (given, sent) => {
    expect((await dryRunBody([...inventoryAdd('1'), '--active', given])).active).toBe(sent);
  });

  test('--active alone is true, --inactive is false; a new item is active by default', async () => {
    expect((await dryRunBody([...inventoryAdd('1'), '--active'])).active).toBe(1);
    expect((await dryRunBody([...inventoryAdd('1'), '--inactive'])).active).toBe(0);
    expect((await dryRunBody(inventoryAdd('1'))).active).toBe(1);
    expect((await dryRunBody(['categories', 'add', '--name', 'Tents'])).inactive).toBe(0);
  });

  test('a word that is not a boolean → exit 2', async () => {
    await expectRejected([...inventoryAdd('1'), '--active', 'maybe'], 'active', 'must be true or false (also 1/0, yes/no)', 'maybe');
  });

  test('--active and --inactive together disagree → exit 2', async () => {
    const result = await runCli([...inventoryAdd('1'), '--active', '--inactive'], withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --active and --inactive disagree; give active once\n');
    expectNothingSent();
  });
});

describe('required fields', () => {
  test.each([
    [['inventory', 'add', '--quantity-available', '1'], 'name'],
    [['inventory', 'add', '--name', 'Tent'], 'quantityAvailable'],
    [['categories', 'add'], 'name'],
    [['prices', 'add', '--inventory-id', '7', '--price', '1'], 'rentalBlockId'],
    [['prices', 'add', '--inventory-id', '7', '--rental-block-id', '2'], 'price'],
    [['bookings', 'add', '--event-id', '7', '--inventory-id', '9', '--price', '1'], 'quantity'],
    [['bookings', 'add', '--event-id', '7', '--quantity', '1', '--price', '1'], 'inventoryId'],
    [eventAdd().filter((a, i, all) => a !== '--event-name' && all[i - 1] !== '--event-name'), 'eventName'],
    [eventAdd().filter((a, i, all) => a !== '--rental-block-id' && all[i - 1] !== '--rental-block-id'), 'rentalBlockId'],
    [eventAdd().filter((a, i, all) => a !== '--event-status-id' && all[i - 1] !== '--event-status-id'), 'eventStatusId'],
    [eventAdd().filter((a, i, all) => a !== '--start-date' && all[i - 1] !== '--start-date'), 'startDate'],
  ])('%j without %s → exit 2, named by its flag', async (argv, field) => {
    await expectRejected(argv, `--${kebabCase(field)}`, 'is required');
  });

  test('an empty required string is refused', async () => {
    await expectRejected(['inventory', 'add', '--name', '', '--quantity-available', '1'], 'name', 'must not be empty', '');
  });

  test('every missing field is listed at once, by its flag; the dates that default to others are not', async () => {
    const result = await runCli(['events', 'add', '--event-name', 'x'], withApi());
    expect(result.code).toBe(2);
    for (const flag of ['--event-status-id', '--rental-block-id', '--start-date', '--end-date']) {
      expect(result.stderr).toContain(`  - ${flag}: is required`);
    }
    expect(result.stderr).not.toMatch(/dropoff|teardown|pickup/);
    expectNothingSent();
  });
});

describe('nothing is sent before the values given are valid', () => {
  test('update checks the changed values before reading the record', async () => {
    await expectRejected(['inventory', 'update', '3', '--quantity-available', '-1'], 'quantityAvailable', COUNT_RULE, '-1');
    await expectRejected(['events', 'update', '3', '--event-name', 'x'.repeat(101)], 'eventName', 'must be at most 100 characters (has 101)', 'x'.repeat(101));
  });

  test('a name to resolve is not looked up when another value is already invalid', async () => {
    await expectRejected(
      ['prices', 'add', '--inventory-id', 'Tent', '--rental-block-id', 'Weekend', '--price', '$12'],
      'price',
      'must be a plain decimal without currency symbols (write 12, not $12)',
      '$12',
    );
  });

  test('--file values follow the same rules, and unknown fields are refused', async () => {
    const file = '{"name": "Tent", "quantityAvailable": -1, "colour": "red"}';
    const result = await runCli(['inventory', 'add', '--file', '-'], withApi({ stdin: file }));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('quantityAvailable: must be an integer from 0 to 2147483647 (got -1)');
    expectNothingSent();
    const unknown = await runCli(['inventory', 'add', '--file', '-'], withApi({ stdin: '{"name": "Tent", "quantityAvailable": 1, "colour": "red"}' }));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('colour: is not a field of this resource');
    expectNothingSent();
  });
});
