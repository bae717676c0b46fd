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
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { openSandbox } from '../sandbox/helpers.js';
import { runCli } from '../helpers/fake-context.js';
import { type SampleFiles, commands, sampleFiles, samples, withoutSample } from './command-samples.js';
import { type Runner, cliEnv, cliFor, freshConfigDir, jsonData, ok } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof openSandbox>>;

let sandbox: Sandbox;
let rentals: Runner;
let work: string;
let files: SampleFiles;

/** The kinds -o xlsx writes (src/output/formats.ts). */
const SHEET_KINDS = new Set(['records', 'stream', 'groups', 'grid', 'calendar', 'diff', 'detail', 'picture']);

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  work = fileTempDir('rentals-xlsx-');
  rentals = cliFor(sandbox, freshConfigDir());
  files = await sampleFiles(rentals, work);
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
    expect(withoutSample(all, files)).toEqual([]);
  });

  test.each(all.map(([words, command]) => [words, command] as const))('%s', async (words, command) => {
    const sample = samples(files)[words]!;
    const out = join(work, `${words.replace(/\W+/g, '-')}.xlsx`);
    const result = await rentals([...sample.args, '-o', 'xlsx', '--out', out], { input: '' });
    const declared = typeof command.view === 'string' ? command.view : undefined;
    if (!command.formats!.includes('xlsx')) {
      expect(declared === undefined || !SHEET_KINDS.has(declared), `${words} declares ${declared}`).toBe(true);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(/-o xlsx writes rows as a spreadsheet; this command prints (a plan|a request|text)|-o xlsx: this command prints text that is the same whatever -o says; it takes no -o/);
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
