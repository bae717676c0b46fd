// A pager for output at a terminal (RENTALS_PAGER, then PAGER, default less -FRX; --no-pager;
// never when piped; colours kept; quitting it early is no error), and --jq on JSON output.
// The pager here is a shell command that writes what it is given to a file.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEFAULT_PAGER, pagerCommand, spawnPager } from '../../src/cli/pager.js';
import { resources } from '../../src/resources/definitions.js';
import { api, envelope, sampleRecord, useNock, withApi } from '../helpers/api.js';
import { type FakeOptions, fakeContext, runCli, tempDir } from '../helpers/fake-context.js';

useNock();

const ESC = '\u001b';

function inventory(count = 3) {
  return envelope(Array.from({ length: count }, (_, i) => sampleRecord(resources.inventory, i + 1, { name: `Tent ${i + 1}` })));
}

/** A fake terminal whose pager is real: `cat > file`. */
function paged(options: FakeOptions, pager = (file: string) => `cat > '${file}'`) {
  const file = join(tempDir(), 'paged.txt');
  const fake = fakeContext(withApi({ tty: true, ...options, env: { RENTALS_PAGER: pager(file), ...options.env } }));
  fake.ctx.startPager = spawnPager;
  return { fake, file };
}

describe('pager', () => {
  test('at a terminal the output goes through RENTALS_PAGER, colours kept', async () => {
    api().get('/v2/inventory').reply(200, inventory());
    const { fake, file } = paged({});
    const result = await runCli(['inventory', 'list'], fake);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    const shown = readFileSync(file, 'utf8');
    expect(shown).toContain('Tent 3');
    expect(shown).toContain(`${ESC}[`);
  });

  test('--no-pager, or a stdout that is no terminal: straight to stdout', async () => {
    api().get('/v2/inventory').times(2).reply(200, inventory());
    const off = paged({});
    const result = await runCli(['inventory', 'list', '--no-pager'], off.fake);
    expect(result.stdout).toContain('Tent 3');
    expect(existsSync(off.file)).toBe(false);
    const piped = paged({ tty: false });
    expect((await runCli(['inventory', 'list'], piped.fake)).stdout).toContain('Tent 3');
    expect(existsSync(piped.file)).toBe(false);
  });

  test.each([['--help'], ['help', 'events', 'list'], ['events', 'list', '--help']])('help (%s) at a terminal goes through the pager, wrapped to its width', async (...argv) => {
    const { fake, file } = paged({ columns: 60 });
    const result = await runCli(argv, fake);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    const shown = readFileSync(file, 'utf8');
    expect(shown).toContain('Usage: rentals');
    // Examples stay whole (they paste as they are); every other line fits.
    for (const line of shown.split('\n').filter((l) => !/^\s*\$ /.test(l))) expect([...line].length, line).toBeLessThanOrEqual(60);
    const off = paged({ columns: 60 });
    expect((await runCli([...argv, '--no-pager'], off.fake)).stdout).toContain('Usage: rentals');
    expect(existsSync(off.file)).toBe(false);
  });

  test.each([80, 120])('the root --help at %i columns keeps every description of a command in its own column', async (columns) => {
    const { fake, file } = paged({ columns });
    expect((await runCli(['--help'], fake)).code).toBe(0);
    const shown = readFileSync(file, 'utf8');
    const commands = shown.slice(shown.indexOf('Commands:'), shown.indexOf('Options:')).split('\n').slice(1).filter((l) => l.trim() !== '');
    // A command's line: two spaces, the term, padding to one column, the description; a continuation: only that column.
    const column = /^( {2}\S.*?\s{2,})\S/.exec(commands[0]!)![1]!.length;
    for (const line of commands) {
      if (/^ {2}\S/.test(line)) expect(line.slice(column - 2, column), line).toBe('  ');
      else expect(line.slice(0, column), line).toBe(' '.repeat(column));
    }
  });

  test('help piped is not paged', async () => {
    const piped = paged({ tty: false });
    const result = await runCli(['--help'], piped.fake);
    expect(existsSync(piped.file)).toBe(false);
    expect(result.stdout).toContain('Commands:');
  });

  test('the user quitting the pager before the end is no error', async () => {
    api().get('/v2/inventory').reply(200, inventory(20_000));
    const { fake } = paged({}, () => 'exit 0');
    const result = await runCli(['inventory', 'list'], fake);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  test('RENTALS_PAGER, then PAGER, then less -FRX; empty or cat: none', () => {
    expect(pagerCommand({ RENTALS_PAGER: 'most', PAGER: 'more' })).toBe('most');
    expect(pagerCommand({ PAGER: 'more' })).toBe('more');
    expect(pagerCommand({})).toBe(DEFAULT_PAGER);
    expect(DEFAULT_PAGER).toBe('less -FRX');
    expect(pagerCommand({ RENTALS_PAGER: '', PAGER: 'more' })).toBeUndefined();
    expect(pagerCommand({ PAGER: 'cat' })).toBeUndefined();
  });
});

describe('--jq', () => {
  test('strings raw one per line, other values compact JSON, on the {data:[...]} body', async () => {
    api().get('/v2/inventory').times(2).reply(200, inventory());
    const names = await runCli(['inventory', 'list', '--jq', '.data[].name'], withApi());
    expect(names.code).toBe(0);
    expect(names.stdout).toBe('Tent 1\nTent 2\nTent 3\n');
    const objects = await runCli(['inventory', 'list', '--jq', '.data[] | {id, name}'], withApi({ tty: true }));
    expect(objects.stdout).toBe('{"id":1,"name":"Tent 1"}\n{"id":2,"name":"Tent 2"}\n{"id":3,"name":"Tent 3"}\n');
  });

  test("a bad expression is exit 2 with jq's message, before any request; so is --jq with a format that is not JSON", async () => {
    const bad = await runCli(['inventory', 'list', '--jq', '.data['], withApi());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('syntax error');
    const csv = await runCli(['inventory', 'list', '--jq', '.', '-o', 'csv'], withApi());
    expect(csv.code).toBe(2);
    expect(csv.stderr).toContain('--jq filters JSON');
  });

  test('raw strings reaching a terminal have their control characters escaped', async () => {
    api().get('/v2/inventory').reply(200, envelope([sampleRecord(resources.inventory, 1, { name: `x${ESC}[2Jy` })]));
    const result = await runCli(['inventory', 'list', '--jq', '.data[].name'], withApi({ tty: true }));
    expect(result.stdout).toBe('x\\x1b[2Jy\n');
  });

  test('at a terminal a string with a tab prints a tab, as jq -r does (escape sequences stay escaped)', async () => {
    api().get('/v2/inventory').reply(200, envelope([sampleRecord(resources.inventory, 7, { name: `Tent${ESC}[31m` })]));
    const result = await runCli(['inventory', 'list', '--jq', '.data[] | "\\(.id)\\t\\(.name)"'], withApi({ tty: true }));
    expect(result.stdout).toBe('7\tTent\\x1b[31m\n');
  });
});
