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
import { ZipArchive } from '../../src/common/zip-read.js';
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
/** The seeded events' first and last day: the calendar views over them print rows. */
let seeded: { from: string; to: string };

/** The kinds -o xlsx writes (src/output/formats.ts). */
const SHEET_KINDS = new Set(['records', 'stream', 'groups', 'grid', 'calendar', 'diff', 'detail', 'picture']);

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  work = fileTempDir('rentals-xlsx-');
  rentals = cliFor(sandbox, freshConfigDir());
  files = await sampleFiles(rentals, work);
  const days = jsonData(ok(await rentals(['events', 'list', '--json']))).map((e) => String(e.startDate).slice(0, 10)).sort();
  seeded = { from: days[0]!, to: days.at(-1)! };
});

afterAll(async () => {
  await sandbox.close();
});

/**
 * Rows as text by column, empty cells left out: what csv and xlsx must agree on. A day or time
 * written for people (`2026-12-05 09:00`, `09:00`) is a date or time cell, read back as the API
 * writes it (`2026-12-05T09:00:00`, `09:00:00`): both sides as the API writes it.
 */
function cells(rows: ReadonlyArray<{ values: Record<string, unknown> }>): Array<Record<string, unknown>> {
  return rows.map(({ values }) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '').map(([key, value]) => [key, asApiWrites(value)])));
}

function asApiWrites(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T00:00:00`;
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(value)) return `${value.replace(' ', 'T')}:00`;
  return /^\d{2}:\d{2}$/.test(value) ? `${value}:00` : value;
}

/** A sheet's cells as written (`t`, `s`, `v`), by row and then by the header's column names. */
function sheetCells(file: string): Array<Record<string, { t?: string; s?: string; v?: string }>> & { columns: string[] } {
  const xml = new ZipArchive(readFileSync(file)).read('xl/worksheets/sheet1.xml')!.toString('utf8');
  const rows = [...xml.matchAll(/<row r="(\d+)">(.*?)<\/row>/g)].map(([, , inner]) =>
    Object.fromEntries(
      [...inner!.matchAll(/<c r="([A-Z]+)\d+"([^>]*)>(.*?)<\/c>/g)].map(([, column, attributes, body]) => [
        column!,
        { t: /t="(\w+)"/.exec(attributes!)?.[1], s: /s="(\d+)"/.exec(attributes!)?.[1], v: /<v>(.*?)<\/v>/.exec(body!)?.[1] ?? /<t[^>]*>(.*?)<\/t>/.exec(body!)?.[1] },
      ]),
    ),
  );
  const header = rows.shift() ?? {};
  const named = rows.map((row) => Object.fromEntries(Object.entries(row).map(([column, cell]) => [header[column]!.v!, cell])));
  return Object.assign(named, { columns: Object.values(header).map((cell) => cell.v!) });
}

/** The cell style of dates, date-times and times (src/output/xlsx-parts.ts). */
const DATE_STYLES = ['4', '5', '6'];
/** A datetime as the API writes it or as a view writes it for people, a day, a clock time. */
const DATETIME_TEXT = /^(\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?)?|\d{2}:\d{2})$/;

/** Where a cell is not of the type of the value ndjson (and so json) gives: a number a number cell, true/false a boolean, a datetime a date. */
function mistyped(value: unknown, cell: { t?: string; s?: string; v?: string } | undefined): string | undefined {
  const shown = `${JSON.stringify(value)} is ${JSON.stringify(cell ?? 'no cell')}`;
  if (value === null || value === undefined || value === '') return cell === undefined ? undefined : shown;
  if (typeof value === 'number') return cell?.t === undefined && Number(cell?.v) === value ? undefined : shown;
  if (typeof value === 'boolean') return cell?.t === 'b' && cell.v === (value ? '1' : '0') ? undefined : shown;
  if (typeof value !== 'string') return cell?.t === 'inlineStr' ? undefined : shown;
  if (DATETIME_TEXT.test(value)) return cell?.t === undefined && DATE_STYLES.includes(cell?.s ?? '') ? undefined : shown;
  // An id written as text (a report's key by item) may be a number.
  if (/^[1-9]\d*$/.test(value) && cell?.t === undefined && cell?.v === value) return undefined;
  return cell?.t === 'inlineStr' ? undefined : shown;
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

describe('-o xlsx types each cell as -o json (and ndjson) types its value', async () => {
  const sheets = (await commands()).filter(([words, command]) => command.formats!.includes('xlsx') && command.formats!.includes('ndjson') && samples({ csv: '', plan: '', before: '', after: '' })[words]?.reads === true);
  const argsOf = (words: string) => (['agenda', 'load-sheet'].includes(words) ? [words, '--from', seeded.from, '--to', seeded.to] : samples(files)[words]!.args);

  test.each(sheets.map(([words]) => [words] as const))('%s', async (words) => {
    const out = join(work, `typed-${words.replace(/\W+/g, '-')}.xlsx`);
    const written = await rentals([...argsOf(words), '--out', out], { input: '' });
    expect([0, 1], written.stderr).toContain(written.code);
    const lines = (await rentals([...argsOf(words), '-o', 'ndjson'], { input: '' })).stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
    const rows = sheetCells(out);
    // One record's fields (a detail): its ndjson is the record, not the sheet's rows.
    if (lines.length !== rows.length) return;
    const wrong = rows.flatMap((row, i) => rows.columns.flatMap((column) => {
      const problem = mistyped(lines[i]![column], row[column]);
      return problem === undefined ? [] : [`row ${i + 2} ${column}: ${problem}`];
    }));
    expect(wrong, words).toEqual([]);
  });

  test('the calendar views: days and times are dates, totals money; a report by item: ids numbers, amounts money', async () => {
    const agenda = join(work, 'agenda.xlsx');
    ok(await rentals(['agenda', '--from', seeded.from, '--to', seeded.to, '--out', agenda]));
    const row = sheetCells(agenda)[0]!;
    expect(row).toMatchObject({ date: { s: '5' }, start: { s: '4' }, total: { s: '3' }, continuing: { t: 'b' } });
    const loadSheet = join(work, 'load-sheet.xlsx');
    ok(await rentals(['load-sheet', '--from', seeded.from, '--to', seeded.to, '--out', loadSheet]));
    expect(sheetCells(loadSheet)[0]).toMatchObject({ date: { s: '5' }, time: { s: '6' }, quote: { t: 'b' } });
    const report = join(work, 'revenue.xlsx');
    ok(await rentals(['report', 'revenue', '--from', seeded.from, '--to', seeded.to, '--by', 'item', '--out', report]));
    const revenue = sheetCells(report);
    expect(revenue.length).toBeGreaterThan(0);
    for (const line of revenue) {
      expect(line.key).toMatchObject({ t: undefined, v: expect.stringMatching(/^\d+$/) });
      expect(line.amount).toMatchObject({ t: undefined, s: '3' });
    }
  });
});
