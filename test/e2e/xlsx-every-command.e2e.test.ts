// `-o xlsx` for every command the registry holds: a command that prints rows writes them as a
// native spreadsheet whose cells read back as its csv does (text as text, numbers, dates), and
// one that prints anything else (a plan, a request, a sentence, text) refuses it, exit 2, before
// anything is done. Each command needs a sample invocation here: a new command without one fails
// the test, so none is left without -o xlsx looked at.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseInputText } from '../../src/bulk/input/index.js';
import { readXlsx } from '../../src/bulk/input/xlsx.js';
import { registry } from '../../src/cli/catalog.js';
import type { LeafCommand } from '../../src/cli/registry/spec.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { openSandbox } from '../sandbox/helpers.js';
import { runCli } from '../helpers/fake-context.js';
import { type Runner, cliEnv, cliFor, freshConfigDir, jsonData, ok } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof openSandbox>>;

let sandbox: Sandbox;
let rentals: Runner;
let work: string;
let files: { csv: string; plan: string; before: string; after: string };

/** The kinds -o xlsx writes (src/output/formats.ts). */
const SHEET_KINDS = new Set(['records', 'stream', 'groups', 'grid', 'calendar', 'diff', 'detail', 'picture']);

/** A command and whether it only reads (then its xlsx is compared with its csv). */
interface Sample {
  args: string[];
  reads: boolean;
}

/** Every command's sample against the seeded sandbox, by its words (`events book`). */
function samples(): Record<string, Sample> {
  const read = (...args: string[]): Sample => ({ args, reads: true });
  const write = (...args: string[]): Sample => ({ args, reads: false });
  return {
    'rental-blocks list': read('rental-blocks', 'list'),
    'rental-blocks get': read('rental-blocks', 'get', 'Weekend'),
    'inventory list': read('inventory', 'list'),
    'inventory get': read('inventory', 'get', 'id:1'),
    'inventory add': write('inventory', 'add', '--name', '007', '--quantity-available', '4'),
    'inventory update': write('inventory', 'update', 'id:2', '--quantity-available', '6'),
    'inventory delete': write('inventory', 'delete', 'id:3', '--yes'),
    'inventory export': read('inventory', 'export'),
    'inventory import': write('inventory', 'import', files.csv, '--dry-run'),
    'inventory apply': write('inventory', 'apply', files.plan),
    'categories list': read('categories', 'list'),
    'categories get': read('categories', 'get', 'Tents'),
    'categories add': write('categories', 'add', '--name', 'Heaters'),
    'categories update': write('categories', 'update', 'Chairs', '--name', 'Seating'),
    'categories delete': write('categories', 'delete', 'Lighting', '--yes'),
    'prices list': read('prices', 'list', '--inventory-id', 'id:1'),
    'prices get': read('prices', 'get', '2', '--inventory-id', 'id:1'),
    'prices add': write('prices', 'add', '--inventory-id', 'id:1', '--rental-block-id', 'Monthly', '--price', '2400'),
    'prices update': write('prices', 'update', '3', '--inventory-id', 'id:1', '--price', '1400'),
    'prices delete': write('prices', 'delete', '3', '--inventory-id', 'id:1', '--yes'),
    'prices export': read('prices', 'export'),
    'prices import': write('prices', 'import', files.csv, '--dry-run'),
    'prices apply': write('prices', 'apply', files.plan),
    'prices set': write('prices', 'set', '--inventory-id', 'id:1', '--rental-block-id', 'Daily', '--price', '455'),
    'prices adjust': write('prices', 'adjust', '--percent', '5', '--dry-run'),
    'events get': read('events', 'get', 'id:1'),
    'events add': write('events', 'add', '--event-name', 'Sheet Party', '--event-status-id', 'Quoted', '--rental-block-id', 'Daily', '--start-date', '2027-09-01', '--end-date', '2027-09-02'),
    'events update': write('events', 'update', 'id:2', '--event-city', 'Springfield'),
    'events delete': write('events', 'delete', 'id:2', '--yes'),
    'events open': write('events', 'open', 'id:1'),
    'events list': read('events', 'list'),
    'events show': read('events', 'show', 'id:1'),
    'events book': write('events', 'book', 'Sheet Party', '--item', 'White Folding Chair', '--qty', '2'),
    'events unbook': write('events', 'unbook', 'Sheet Party', '--item', 'White Folding Chair'),
    'events confirm': write('events', 'confirm', 'id:3'),
    'events cancel': write('events', 'cancel', 'id:6', '--cancel-reason', 'rain'),
    'events uncancel': write('events', 'uncancel', 'id:6'),
    'events clone': write('events', 'clone', 'id:1', '--start-date', '2028-06-11'),
    'events move': write('events', 'move', 'Sheet Party', '--by', '1d'),
    'bookings list': read('bookings', 'list', '--event-id', 'id:1'),
    'bookings get': read('bookings', 'get', '1', '--event-id', 'id:1'),
    'bookings add': write('bookings', 'add', '--event-id', 'Sheet Party', '--inventory-id', 'LED Uplight', '--quantity', '1', '--price', '25'),
    'bookings update': write('bookings', 'update', '1', '--event-id', 'id:1', '--quantity', '3'),
    'bookings delete': write('bookings', 'delete', '2', '--event-id', 'id:1', '--yes'),
    'bookings export': read('bookings', 'export', '--event-id', 'id:1'),
    'bookings import': write('bookings', 'import', '--event-id', 'id:1', files.csv, '--dry-run'),
    'bookings apply': write('bookings', 'apply', files.plan),
    'statuses list': read('statuses', 'list'),
    'statuses get': read('statuses', 'get', 'Confirmed'),
    availability: read('availability', '--from', '2026-12-09', '--to', '2026-12-12'),
    timeline: read('timeline', '--from', '2026-12-09', '--to', '2026-12-12'),
    agenda: read('agenda', '--from', '2026-12-01', '--to', '2027-01-31'),
    'load-sheet': read('load-sheet', '--from', '2026-12-01', '--to', '2027-01-31'),
    check: read('check'),
    report: read('report', 'utilization', '--from', '2026-12-01', '--to', '2026-12-31'),
    history: read('history'),
    undo: write('undo'),
    'auth login': write('auth', 'login', '--base-url', 'http://127.0.0.1:9', '--with-token'),
    'auth status': write('auth', 'status'),
    'auth logout': write('auth', 'logout'),
    'config list': read('config', 'list'),
    'config get': write('config', 'get', 'base-url'),
    'config set': write('config', 'set', 'output', 'csv'),
    'config unset': write('config', 'unset', 'output'),
    api: write('api', 'GET', '/v2/status'),
    snapshot: write('snapshot'),
    diff: read('diff', files.before, files.after),
    completion: write('completion', 'bash'),
    __complete: write('__complete', '--shell', 'zsh', 'events', 'li'),
  };
}

/** Every command of the registry with its words; those without a session (help, the sandbox) take no -o. */
async function commands(): Promise<Array<[string, LeafCommand]>> {
  const all: Array<[string, LeafCommand]> = [];
  for (const node of (await registry.loadAll()).values()) {
    if (node.kind === 'command') all.push([node.name, node]);
    else for (const command of node.commands()) all.push([`${node.name} ${command.name}`, command]);
  }
  return all.filter(([, command]) => command.view !== undefined);
}

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  work = fileTempDir('rentals-xlsx-');
  rentals = cliFor(sandbox, freshConfigDir());
  files = { csv: join(work, 'rows.csv'), plan: join(work, 'plan.json'), before: join(work, 'before.json'), after: join(work, 'after.json') };
  ok(await rentals(['snapshot', '--out', files.before]));
  ok(await rentals(['events', 'update', 'id:4', '--event-city', 'Elgin']));
  ok(await rentals(['snapshot', '--out', files.after]));
});

afterAll(async () => {
  await sandbox.close();
});

/** Rows as text by column, empty cells left out: what csv and xlsx must agree on. */
function cells(rows: ReadonlyArray<{ values: Record<string, unknown> }>): Array<Record<string, unknown>> {
  return rows.map(({ values }) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')));
}

describe('-o xlsx for every command', async () => {
  const all = await commands();

  test('every command has a sample here', () => {
    const known = Object.keys(samples());
    expect(all.map(([words]) => words).filter((words) => !known.includes(words))).toEqual([]);
  });

  test.each(all.map(([words, command]) => [words, command] as const))('%s', async (words, command) => {
    const sample = samples()[words]!;
    const out = join(work, `${words.replace(/\W+/g, '-')}.xlsx`);
    const result = await rentals([...sample.args, '-o', 'xlsx', '--out', out], { input: '' });
    const declared = typeof command.view === 'string' ? command.view : undefined;
    if (declared !== undefined && !SHEET_KINDS.has(declared) || result.stderr.includes('-o xlsx writes rows as a spreadsheet')) {
      expect(declared === undefined || !SHEET_KINDS.has(declared), `${words} declares ${declared}`).toBe(true);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(/-o xlsx writes rows as a spreadsheet; this command prints (a plan|a request|text)/);
      expect(existsSync(out)).toBe(false);
      return;
    }
    expect([0, 1], `${words}: ${result.stderr}`).toContain(result.code);
    expect(result.stdout).toBe('');
    const sheet = readXlsx(readFileSync(out));
    expect(sheet.issues).toEqual([]);
    expect(sheet.columns!.length).toBeGreaterThan(0);
    if (!sample.reads) {
      expect(sheet.rows.length, words).toBeGreaterThan(0);
      return;
    }
    const csv = parseInputText((await rentals([...sample.args, '-o', 'csv'])).stdout, { file: 'out.csv', format: 'csv' });
    expect(sheet.columns).toEqual(csv.columns);
    expect(cells(sheet.rows)).toEqual(cells(csv.rows));
  });
});

describe('-o xlsx at a terminal, and typed cells', () => {
  test('a terminal gets no binary: exit 2 naming --out; --out FILE writes it', async () => {
    const shown = await runCli(['prices', 'export', '-o', 'xlsx'], { env: cliEnv(sandbox, freshConfigDir()), stdoutIsTTY: true });
    expect(shown.code).toBe(2);
    expect(shown.stderr).toContain('-o xlsx writes a binary file, not shown at a terminal: give --out FILE');
    expect(shown.stdout).toBe('');
  });

  test('--out: the format from the extension; a command that fails leaves no file behind', async () => {
    const csv = join(work, 'events.csv');
    ok(await rentals(['events', 'list', '--out', csv]));
    expect(readFileSync(csv, 'utf8').split('\n')[0]).toBe('id,eventName,eventStatusId,startDate,endDate,customerName,eventCity,cancelDate');
    const missing = join(work, 'missing.xlsx');
    const failed = await rentals(['events', 'get', 'id:999999', '--out', missing]);
    expect(failed.code).toBe(4);
    expect(existsSync(missing)).toBe(false);
    expect(readdirSync(work).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  test('names stay text (007), ids and prices are numbers with the money format, datetimes are dates', async () => {
    if (!jsonData(ok(await rentals(['inventory', 'list', '--json']))).some((item) => item.name === '007')) {
      ok(await rentals(['inventory', 'add', '--name', '007', '--quantity-available', '1']));
    }
    const out = join(work, 'typed.xlsx');
    ok(await rentals(['inventory', 'list', '--out', out]));
    const sheet = readFileSync(out);
    const { ZipArchive } = await import('../../src/common/zip-read.js');
    const xml = new ZipArchive(sheet).read('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(xml).toMatch(/<c r="B\d+" s="2" t="inlineStr"><is><t xml:space="preserve">007<\/t><\/is><\/c>/);
    expect(xml).toMatch(/<c r="A2"><v>1<\/v><\/c>/);
    const prices = join(work, 'prices.xlsx');
    ok(await rentals(['prices', 'export', '--out', prices]));
    const book = new ZipArchive(readFileSync(prices));
    expect(book.read('xl/worksheets/sheet1.xml')!.toString('utf8')).toMatch(/<c r="E2" s="3"><v>\d+(\.\d+)?<\/v><\/c>/);
    expect(book.read('xl/styles.xml')!.toString('utf8')).toContain('<numFmt numFmtId="164" formatCode="#,##0.00##"/>');
    const events = join(work, 'events.xlsx');
    ok(await rentals(['events', 'list', '--out', events]));
    const eventsXml = new ZipArchive(readFileSync(events)).read('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(eventsXml).toMatch(/<c r="D2" s="4"><v>\d+\.\d+<\/v><\/c>/);
    expect(jsonData(ok(await rentals(['events', 'get', 'id:1', '--json'])))[0]!.startDate).toBe(
      readXlsx(readFileSync(events)).rows.find((r) => r.values.id === '1')!.values.startDate,
    );
  });
});
