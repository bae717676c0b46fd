// Output at the argv → stdout/stderr/exit code level: table on a TTY, tsv when piped, csv, json,
// ndjson, --fields, colour rules, and the tolerant reading of what the server sent.

import { beforeEach, describe, expect, test } from 'vitest';
import { api, envelope, expectNothingSent, namesListed, nothingRefersTo, useNock, withApi } from '../helpers/api.js';
import { type FakeOptions, fakeContext, runCli, tempDir } from '../helpers/fake-context.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

useNock();
// A bare number given for a record with names reads its list: some record could be named so.
beforeEach(() => namesListed());

const ESC = '\u001b[';

/** Records as a server might send them: the reference's integers, booleans and numeric strings mixed. */
const items = [
  {
    id: 1,
    name: 'Tent 20x20',
    quantityAvailable: 4,
    active: 1,
    Links: [{ rel: 'self', method: 'GET', href: 'https://api.test/v2/inventory/1' }],
  },
  { id: '2', name: 'Chair, white', quantityAvailable: '0', active: '0', Links: [] },
  { id: 3, name: 'Heater\t"big"', quantityAvailable: 12, active: true, Links: [] },
  { id: 4, name: 'Old stage', quantityAvailable: 1, active: false, Links: [] },
];

const events = [
  {
    id: 12,
    eventName: 'Smith wedding',
    eventStatusId: '2',
    startDate: '2026-06-12T14:00:00.000',
    endDate: '2026-06-13T00:00:00',
    customerName: 'Ann Smith',
    eventCity: 'Springfield',
    cancelDate: null,
    amountDeposit: '150.00',
    Links: [{ rel: 'web', method: 'GET', href: 'http://web.test/event/edit/12' }],
  },
  {
    id: 13,
    eventName: 'Fair',
    eventStatusId: 1,
    startDate: '2026-07-01 09:30:00',
    endDate: '2026-07-01T18:00:00.000',
    customerName: null,
    eventCity: null,
    cancelDate: '2026-05-01T00:00:00.000',
    amountDeposit: 0,
    Links: [],
  },
];

async function list(argv: string[], options: FakeOptions = {}, body: unknown = envelope(items)) {
  const scope = api().get('/v2/inventory').reply(200, body as Record<string, unknown>);
  const result = await runCli(['inventory', 'list', ...argv], withApi(options));
  expect(scope.isDone()).toBe(true);
  return result;
}

/** At a terminal (a table) the statuses are read too, to show each event's status by name. */
async function listEvents(argv: string[], options: FakeOptions = {}) {
  const scope = api().get('/v1/events').reply(200, envelope(events));
  const table = options.tty === true && !argv.includes('-o') && !argv.includes('--json');
  const statuses = table ? api().get('/v2/status').reply(200, envelope([{ id: 1, statusType: 'Quoted', Links: [] }, { id: 2, statusType: 'Confirmed', Links: [] }])) : undefined;
  const result = await runCli(['events', 'list', ...argv], withApi(options));
  expect(scope.isDone()).toBe(true);
  if (statuses) expect(statuses.isDone()).toBe(true);
  return result;
}

describe('piped (not a TTY): tsv, no header, no colour', () => {
  test('one line per record, default columns, values normalised', async () => {
    const result = await list([]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('1\tTent 20x20\t4\ttrue\n2\tChair, white\t0\tfalse\n3\tHeater\\t"big"\t12\ttrue\n4\tOld stage\t1\tfalse\n');
  });

  test('datetimes with and without .000 or with a space are read alike; numeric strings become numbers', async () => {
    const result = await listEvents([]);
    expect(result.stdout).toBe(
      '12\tSmith wedding\t2\t2026-06-12T14:00:00\t2026-06-13T00:00:00\tAnn Smith\tSpringfield\t\n' +
        '13\tFair\t1\t2026-07-01T09:30:00\t2026-07-01T18:00:00\t\t\t2026-05-01T00:00:00\n',
    );
  });

  test('-o tsv on a TTY is still tsv without colour', async () => {
    const result = await list(['-o', 'tsv'], { tty: true });
    expect(result.stdout.split('\n')[0]).toBe('1\tTent 20x20\t4\ttrue');
    expect(result.stdout).not.toContain(ESC);
  });

  test('an empty list prints nothing (and no header)', async () => {
    const result = await list([], {}, envelope([]));
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
  });
});

describe('on a TTY: a table with the useful columns', () => {
  test('header row, yes/no for flags, no Links column', async () => {
    const result = await list([], { tty: true, env: { NO_COLOR: '1' } });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[1]).toMatch(/^│ ID │ Item +│ Owned │ Active │$/);
    expect(lines[2]).toMatch(/^│ +1 │ Tent 20x20 +│ +4 │ yes +│$/);
    expect(lines[3]).toMatch(/^│ +2 │ Chair, white +│ +0 │ no +│$/);
    expect(result.stdout).not.toContain('Links');
    expect(result.stdout).not.toContain('https://api.test');
  });

  test('datetimes are shown without seconds noise, dates without midnight', async () => {
    const result = await listEvents([], { tty: true, env: { NO_COLOR: '1' } });
    const row12 = result.stdout.split('\n').find((l) => l.includes('Smith wedding'))!;
    expect(row12).toMatch(/│ Confirmed │ 2026-06-12 14:00 +│ 2026-06-13 +│ Ann Smith/);
    expect(result.stdout).toMatch(/│ ID │ Event +│ Status +│ Start +│ End +│ Customer +│ Venue city +│ Cancelled +│/);
    const row13 = result.stdout.split('\n').find((l) => l.includes('Fair'))!;
    expect(row13).toMatch(/│ 2026-07-01 09:30 +│ 2026-07-01 18:00 +│ +│ +│ 2026-05-01 +│$/);
  });

  test('an empty list says so on stderr', async () => {
    const result = await list([], { tty: true }, envelope([]));
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('No records.\n');
  });
});

describe('colour', () => {
  test('on by default on a TTY', async () => {
    const result = await list([], { tty: true });
    expect(result.stdout).toContain(`${ESC}1m${ESC}36mID`);
    expect(result.stdout).toContain(`${ESC}32myes`);
  });

  test.each<[string, string[], FakeOptions]>([
    ['NO_COLOR', [], { tty: true, env: { NO_COLOR: '1' } }],
    ['--no-color', ['--no-color'], { tty: true }],
    ['FORCE_COLOR=0', [], { tty: true, env: { FORCE_COLOR: '0' } }],
    ['not a TTY (-o table)', ['-o', 'table'], {}],
  ])('off with %s', async (_name, argv, options) => {
    const result = await list(argv, options);
    expect(result.stdout).toContain('│ ID ');
    expect(result.stdout).not.toContain(ESC);
  });

  test('FORCE_COLOR turns it on when not a TTY', async () => {
    const result = await list(['-o', 'table'], { env: { FORCE_COLOR: '1' } });
    expect(result.stdout).toContain(`${ESC}32myes`);
  });

  test('NO_COLOR wins over FORCE_COLOR', async () => {
    const result = await list(['-o', 'table'], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } });
    expect(result.stdout).not.toContain(ESC);
  });
});

describe('csv, json, ndjson, --fields', () => {
  test('-o csv: a header row and RFC 4180 quoting', async () => {
    const result = await list(['-o', 'csv']);
    expect(result.stdout).toBe(
      'id,name,quantityAvailable,active\n1,Tent 20x20,4,true\n2,"Chair, white",0,false\n3,"Heater\t""big""",12,true\n4,Old stage,1,false\n',
    );
  });

  test('--json prints the body exactly as sent, Links and raw values included', async () => {
    const body = envelope(items);
    const result = await list(['--json'], { tty: true }, body);
    expect(JSON.parse(result.stdout)).toEqual(body);
    expect(result.stdout).toContain('"quantityAvailable": "0"');
    expect(result.stdout).toContain('"href": "https://api.test/v2/inventory/1"');
    const again = await list(['-o', 'json'], {}, body);
    expect(again.stdout).toBe(result.stdout);
  });

  test('--json ignores --fields: the body is the body', async () => {
    const result = await list(['--json', '--fields', 'id'], {});
    expect(JSON.parse(result.stdout)).toEqual(envelope(items));
  });

  test('ndjson: one normalised record per line, Links kept', async () => {
    const result = await list(['-o', 'ndjson']);
    const lines = result.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toEqual({ id: 2, name: 'Chair, white', quantityAvailable: 0, active: false, Links: [] });
    expect(lines[0]!.Links).toEqual(items[0]!.Links);
  });

  test('--fields picks and orders columns in tsv, csv, table and ndjson', async () => {
    expect((await list(['--fields', 'name,id'])).stdout.split('\n')[0]).toBe('Tent 20x20\t1');
    expect((await list(['-o', 'csv', '--fields', 'active,name'])).stdout.split('\n').slice(0, 2)).toEqual(['active,name', 'true,Tent 20x20']);
    expect(JSON.parse((await list(['-o', 'ndjson', '--fields', 'id,active'])).stdout.split('\n')[0]!)).toEqual({ id: 1, active: true });
    const table = (await list(['--fields', 'name'], { tty: true, env: { NO_COLOR: '1' } })).stdout;
    expect(table).toContain('│ name ');
    expect(table).not.toContain('quantityAvailable');
  });

  test('--fields may name fields outside the default columns', async () => {
    const result = await listEvents(['--fields', 'id,amountDeposit']);
    expect(result.stdout).toBe('12\t150\n13\t0\n');
  });

  test('--fields with an unknown field is a usage error that lists the known ones', async () => {
    const result = await list(['--fields', 'id,colour']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('error: --fields: unknown field "colour" (known: id, name, quantityAvailable, active, Links)\n');
  });

  test('an unknown output format is a usage error before any request, naming the formats this command prints', async () => {
    const result = await runCli(['inventory', 'list', '-o', 'xml'], withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --output: unknown output format "xml" (use table, json, ndjson, csv, tsv, xlsx)\n');
    expectNothingSent();
    const events = await runCli(['events', 'list', '-o', 'yaml'], withApi());
    expect(events.code).toBe(2);
    expect(events.stderr).toBe('error: --output: unknown output format "yaml" (use table, json, ndjson, csv, tsv, xlsx)\n');
    const status = await runCli(['auth', 'status', '-o', 'yaml'], withApi());
    expect(status.code).toBe(2);
    expect(status.stderr).toBe('error: --output: unknown output format "yaml" (use table, json, ndjson)\n');
    const script = await runCli(['completion', 'bash', '-o', 'yaml'], withApi());
    expect(script.code).toBe(2);
    expect(script.stderr).toBe('error: --output: unknown output format "yaml"; this command prints text that is the same whatever -o says: it takes no -o\n');
    expectNothingSent();
  });

  test('RENTALS_OUTPUT sets the default format; -o overrides it', async () => {
    expect((await list([], { env: { RENTALS_OUTPUT: 'csv' } })).stdout.split('\n')[0]).toBe('id,name,quantityAvailable,active');
    expect((await list(['-o', 'tsv'], { env: { RENTALS_OUTPUT: 'csv' } })).stdout.split('\n')[0]).toBe('1\tTent 20x20\t4\ttrue');
  });

  test('a single record (get) prints one row', async () => {
    const scope = api().get('/v2/inventory/2').reply(200, envelope([items[1]!]));
    const result = await runCli(['inventory', 'get', '2', '-o', 'csv'], withApi());
    expect(result.stdout).toBe('id,name,quantityAvailable,active\n2,"Chair, white",0,false\n');
    expect(scope.isDone()).toBe(true);
  });
});

describe('global flags before the command word', () => {
  test.each([
    [['-o', 'csv', 'inventory', 'list']],
    [['--output', 'csv', '--no-color', 'inventory', 'ls']],
    [['--fields', 'id,name,quantityAvailable,active', '-o', 'csv', 'items', 'list']],
    [['--timeout=5', '--retries', '0', '-o', 'csv', 'inventory', 'list']],
  ])('%j', async (argv) => {
    const scope = api().get('/v2/inventory').reply(200, envelope(items));
    const result = await runCli(argv, withApi());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('id,name,quantityAvailable,active');
    expect(scope.isDone()).toBe(true);
  });
});

describe('--quiet', () => {
  test('silences notices, never data', async () => {
    const result = await list(['--quiet'], { tty: true }, envelope([]));
    expect(result.stderr).toBe('');
    nothingRefersTo('inventory', 4);
    const deleted = api().get('/v2/inventory/4').reply(200, envelope([{ id: 4, name: 'Lamp', quantityAvailable: 1, active: 1 }])).delete('/v2/inventory/4').reply(200, { id: 4 });
    const quiet = await runCli(['inventory', 'delete', '4', '--yes', '-q'], withApi());
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(deleted.isDone()).toBe(true);
  });
});

describe('-o ics: only where the command prints a calendar', () => {
  test.each([
    [['inventory', 'list', '-o', 'ics']],
    [['inventory', 'add', '--name', 'Tent', '--quantity-available', '2', '-o', 'ics']],
    [['inventory', 'delete', '4', '--yes', '-o', 'ics']],
  ])('%j is a usage error before any request', async (argv) => {
    const result = await runCli(argv, withApi());
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: -o ics is only for calendar output \(an iCalendar document\); this command prints/);
    expectNothingSent();
  });

  test('as a default (RENTALS_OUTPUT) ics would break every other command: warned and ignored', async () => {
    const result = await list([], { env: { RENTALS_OUTPUT: 'ics' } });
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('1\tTent 20x20\t4\ttrue');
    expect(result.stderr).toContain('output must be one of table, json, ndjson, csv, tsv (got "ics"); using the default');
  });
});

describe('narrow terminals', () => {
  test('a 60-column terminal: the table fits, datetimes keep their time, hidden columns are named', async () => {
    const result = await listEvents([], { tty: true, columns: 60, env: { NO_COLOR: '1' } });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(60);
    expect(result.stdout).toContain('│ 2026-06-12 14:00 │');
    expect(result.stderr).toBe('note: endDate, customerName, eventCity, cancelDate not shown to fit 60 columns; see them with --fields id,endDate,customerName,eventCity,cancelDate or -o json\n');
  });

  test('--fields picks what fits', async () => {
    const result = await listEvents(['--fields', 'eventName,startDate,endDate'], { tty: true, columns: 60, env: { NO_COLOR: '1' } });
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n')[2]).toBe('│ Smith wedding │ 2026-06-12 14:00 │ 2026-06-13       │');
  });
});

test('-o ics on commands that print no view is a usage error too', async () => {
  const result = await runCli(['config', 'list', '-o', 'ics'], withApi());
  expect(result.code).toBe(2);
  expect(result.stderr).toBe('error: -o ics is only for calendar output (an iCalendar document); this command prints a record list: use table, json, ndjson, csv, tsv, xlsx\n');
  const status = await runCli(['auth', 'status', '-o', 'ics'], withApi());
  expect(status.code).toBe(2);
  expect(status.stderr).toBe('error: -o ics is only for calendar output (an iCalendar document); this command prints no calendar: use table, json, ndjson\n');
});

test('a refused -o names every format the command prints, as its help lists them (availability: xlsx too)', async () => {
  const help = await runCli(['availability', '--help'], withApi());
  const listed = /-o, --output <format>\s+([a-z|]+)/.exec(help.stdout)?.[1]?.split('|');
  expect(listed).toEqual(['table', 'json', 'ndjson', 'csv', 'tsv', 'xlsx']);
  for (const format of ['html', 'pdf']) {
    const result = await runCli(['availability', '-o', format], withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^error: -o ${format} is for the commands that have a page .*: use ${listed!.join(', ')}\\n$`));
  }
});

describe('--out names a format by its extension, or -o does', () => {
  test.each(['quote.docx', 'quote.pfd', 'quote'])('--out %s with no -o: exit 2 naming the extensions, nothing written or sent', async (name) => {
    const file = join(tempDir(), name);
    const result = await runCli(['inventory', 'list', '--out', file], withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: --out: .* names no format; give -o \(table, json, .*\) or a file name ending \.xlsx, \.csv, .*\.pdf\n$/);
    expect(existsSync(file)).toBe(false);
    expectNothingSent();
  });

  test('a .txt file or one with no extension takes the text of a command that prints text: a completion script, a status, a setting', async () => {
    const dir = tempDir();
    for (const name of ['c.txt', 'completions']) {
      const result = await runCli(['completion', 'bash', '--out', join(dir, name)], withApi());
      expect(result.code, result.stderr).toBe(0);
      expect(readFileSync(join(dir, name), 'utf8')).toContain('rentals __complete');
    }
    for (const name of ['st.txt', 'status']) {
      const result = await runCli(['auth', 'status', '--out', join(dir, name)], withApi());
      expect(result.code, result.stderr).toBe(0);
      expect(readFileSync(join(dir, name), 'utf8')).toContain('api.test');
    }
    const profile = fakeContext(withApi());
    expect((await runCli(['config', 'set', 'paper', 'a4'], profile)).code).toBe(0);
    const setting = await runCli(['config', 'get', 'paper', '--out', join(dir, 'paper.txt')], profile);
    expect(setting.code, setting.stderr).toBe(0);
    expect(readFileSync(join(dir, 'paper.txt'), 'utf8')).toBe('a4\n');
    expectNothingSent();
  });

  test('a .txt file takes the rows of a command that prints rows as tsv', async () => {
    const file = join(tempDir(), 'items.txt');
    expect((await list(['--out', file])).code).toBe(0);
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe('1\tTent 20x20\t4\ttrue');
  });

  test('an extension naming a format the command does not print is refused as the extension, not as an -o never typed', async () => {
    const file = join(tempDir(), 'st.csv');
    const result = await runCli(['auth', 'status', '--out', file], withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: --out .*st\.csv \(csv\): this command prints text .*: use table, json, ndjson\n$/);
    expect(existsSync(file)).toBe(false);
  });

  test('an explicit -o stays checked against a command that prints text, whatever the file', async () => {
    const result = await runCli(['auth', 'status', '--out', join(tempDir(), 'st.txt'), '-o', 'tsv'], withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: -o tsv: /);
  });

  test('-o, --json or the output setting names the format of any file name', async () => {
    const dir = tempDir();
    api().get('/v2/inventory').query(true).times(3).reply(200, envelope(items));
    expect((await runCli(['inventory', 'list', '--out', join(dir, 'a.docx'), '-o', 'csv'], withApi())).code).toBe(0);
    expect((await runCli(['inventory', 'list', '--out', join(dir, 'b'), '--json'], withApi())).code).toBe(0);
    expect((await runCli(['inventory', 'list', '--out', join(dir, 'c.out')], withApi({ env: { RENTALS_OUTPUT: 'ndjson' } }))).code).toBe(0);
  });
});

test('-o and --json naming two formats is a usage error; the same one is not', async () => {
  const result = await runCli(['inventory', 'list', '-o', 'csv', '--json'], withApi());
  expect(result.code).toBe(2);
  expect(result.stderr).toBe('error: --json is -o json: it cannot go with -o csv\n');
  expectNothingSent();
  api().get('/v2/inventory').query(true).reply(200, envelope(items));
  expect((await runCli(['inventory', 'list', '-o', 'json', '--json'], withApi())).code).toBe(0);
});
