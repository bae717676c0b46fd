// Every flag that takes a number, generated from the program the registry builds (placeholders
// <n>, <p>, <step>, <percent>, <seconds>, <port>): a number is written in plain digits, as a price is.
// Exponent notation (`1e2`, which made `prices adjust --percent 1e2` double every price) and hex
// (`0x10`) are refused before anything is sent: exit 2, the flag (or its field) named.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command, Option } from 'commander';
import { beforeEach, describe, expect, test } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { ExitCode } from '../../src/errors.js';
import { expectNothingSent, namesListed, useNock, withApi } from '../helpers/api.js';
import { fakeContext, runCli } from '../helpers/fake-context.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { eventAddArgs } from '../helpers/fixtures.js';

useNock();
beforeEach(() => namesListed());

function leaves(command: Command, path: string[] = []): Array<{ path: string; options: readonly Option[] }> {
  if (command.commands.length === 0) return [{ path: path.join(' '), options: command.options }];
  return command.commands.flatMap((child) => leaves(child, [...path, child.name()]));
}

const NUMERIC = /<(n|p|step|percent|seconds|port)>$/;
const program = await buildProgram({ ctx: fakeContext({ home: '/nonexistent' }).ctx, state: { exitCode: ExitCode.ok } });
const numericFlags = [{ path: '(global)', options: program.options }, ...leaves(program)].flatMap(({ path, options }) => options.filter((o) => NUMERIC.test(o.flags)).map((option) => ({ path, option })));

/** A command line that the flag's value alone makes wrong: the command's other arguments are good. */
const BASE: Record<string, (flag: string) => string[]> = {
  '(global)': () => ['inventory', 'list'],
  'inventory add': () => ['inventory', 'add', '--name', 'Tent', '--dry-run'],
  'inventory update': () => ['inventory', 'update', '1', '--dry-run'],
  'prices add': () => ['prices', 'add', '--inventory-id', '1', '--rental-block-id', '1', '--dry-run'],
  'prices update': () => ['prices', 'update', '1', '--inventory-id', '1', '--dry-run'],
  'prices set': () => ['prices', 'set', '--inventory-id', '1', '--rental-block-id', '1', '--dry-run'],
  'prices adjust': (flag) => ['prices', 'adjust', ...(flag === '--percent' || flag === '--amount' ? [] : ['--percent', '5']), '--dry-run'],
  'events list': () => ['events', 'list'],
  'events add': () => eventAddArgs('--dry-run'),
  'events update': () => ['events', 'update', '1', '--dry-run'],
  'events book': (flag) => ['events', 'book', '1', '--item', flag === '--price' ? '1=2' : '1', '--dry-run'],
  'bookings add': (flag) => ['bookings', 'add', '--event-id', '1', '--inventory-id', '1', ...(flag === '--price' ? ['--quantity', '1'] : ['--price', '5']), '--dry-run'],
  'bookings update': () => ['bookings', 'update', '1', '--event-id', '1', '--dry-run'],
  availability: () => ['availability', '--find', '--duration', '2d'],
  history: () => ['history'],
  // --print-env prints the line and exits: a sandbox that takes the value never starts serving here.
  sandbox: (flag) => ['sandbox', '--print-env', '--token', 'token-0123456789abcdef', ...(flag === '--port' ? [] : ['--port', '4999'])],
};
const dir = fileTempDir('rentals-numeric-');
const rows = join(dir, 'rows.csv');
writeFileSync(rows, 'id,price\n1,5\n');
const bulkBase = (path: string): string[] | undefined => {
  const [resource, verb] = path.split(' ');
  const parent = resource === 'bookings' ? ['--event-id', '1'] : [];
  if (verb === 'export') return [resource!, 'export', ...parent];
  if (verb === 'import') return [resource!, 'import', rows, ...parent, '--dry-run'];
  if (verb === 'apply') return [resource!, 'apply', join(dir, 'plan.json')];
  return undefined;
};
/** A flag whose value the message names by what it is, not by the flag (`--qty 2` is a quantity). */
const NAMED_AS: Record<string, string> = { '--qty': 'quantity' };

describe('a flag that takes a number', () => {
  test('the program has them: prices adjust --percent and --amount, the bulk --round and --max-change, the sandbox limits', () => {
    const named = new Set(numericFlags.map(({ path, option }) => `${path} ${option.long}`));
    for (const expected of ['prices adjust --percent', 'prices adjust --amount', 'prices adjust --round', 'prices import --max-change', 'bookings import --round', 'sandbox --token-ttl', 'sandbox --max-connections', '(global) --timeout']) {
      expect(named, expected).toContain(expected);
    }
  });

  test.each(numericFlags.flatMap(({ path, option }) => ['1e2', '0x10'].map((value) => [`${path} ${option.flags.split(' ').at(-2)} ${value}`, path, option, value] as const)))('%s: exit 2, the flag named, nothing sent', async (_name, path, option, value) => {
    const flag = option.flags.split(' ').at(-2)!;
    const base = BASE[path]?.(option.long!) ?? bulkBase(path);
    expect(base, `a command line for ${path} ${flag}`).toBeDefined();
    const result = await runCli([...base!, flag, value], withApi());
    expect(result.code, result.stderr).toBe(2);
    const names = [flag, option.long, option.attributeName(), NAMED_AS[flag]].filter((name) => name !== undefined);
    expect(result.stderr).toMatch(new RegExp(`(${names.join('|')})\\b.*must`, 'i'));
    expectNothingSent();
  });

  test.each([
    ['events list --limit', ['events', 'list', '--limit', '3000000000'], '--limit: must be a whole number from 1 to 2147483647 (got "3000000000")'],
    ['history --limit', ['history', '--limit', '100000000000000000000'], '--limit: must be a whole number from 1 to 2147483647 (got "100000000000000000000")'],
    ['events book --item NAME=QTY', ['events', 'book', '1', '--item', 'Tent=3000000000', '--dry-run'], 'quantity of "Tent": must be a whole number from 1 to 2147483647 (got "3000000000")'],
  ])('%s too large for the service: exit 2, the rule with its upper bound, nothing sent', async (_name, argv, said) => {
    const result = await runCli(argv, withApi());
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(said);
    expectNothingSent();
  });
});
