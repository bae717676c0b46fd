// The spreadsheet round trip as a shop owner does it, through a real LibreOffice (headless,
// driven over UNO): export the price list, open it, type two new prices, save, import. In an
// English and a German locale, as csv (--for-spreadsheet --locale) and as xlsx: exactly the two
// edited rows change, nothing else is planned. And what the plain csv meets in a German
// LibreOffice (33.333 read as 33333) is refused by the guard, nothing written; the names it
// rewrites (007 as 7) are not renames. Skipped loudly without LibreOffice, unless
// RENTALS_SPREADSHEET_TESTS=required (.ci/run), which makes that a failure.

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { LibreOffice, SPREADSHEET_TESTS_REQUIRED, libreOfficeMissing } from '../helpers/libreoffice.js';
import { openSandbox } from '../sandbox/helpers.js';
import { type Runner, cliFor, freshConfigDir, ok } from './harness.js';
import { type OpenSandbox, type PriceRecord, pricesOnServer } from './server-state.js';

const missing = libreOfficeMissing();
if (missing && !SPREADSHEET_TESTS_REQUIRED) console.warn(`\n!!! ${missing}: the LibreOffice round-trip tests (test/e2e/libreoffice.e2e.test.ts) are SKIPPED !!!\n`);

const CSV = 'Text - txt - csv (StarCalc)';
const XLSX = 'Calc MS Excel 2007 XML';
/** LibreOffice's csv options: separator, text delimiter ("), charset (empty: as the file says, its byte order mark), first line, column formats, language (empty: the locale), quoted as text, detect special numbers. */
const csvOpen = (separator: string) => `${separator.charCodeAt(0)},34,,1,,,false,true`;
/** Saving: the same separator, UTF-8, cell contents as shown. */
const csvSave = (separator: string) => `${separator.charCodeAt(0)},34,76,1,,0,false,true,true`;

interface Case {
  locale: 'en-US' | 'de-DE';
  format: 'csv' | 'xlsx';
}

const CASES: Case[] = [
  { locale: 'en-US', format: 'csv' },
  { locale: 'de-DE', format: 'csv' },
  { locale: 'en-US', format: 'xlsx' },
  { locale: 'de-DE', format: 'xlsx' },
];

describe.skipIf(missing !== undefined && !SPREADSHEET_TESTS_REQUIRED)('the price list through LibreOffice and back', () => {
  let sandbox: OpenSandbox;
  let rentals: Runner;
  let office: LibreOffice;
  let work: string;
  /** For the closing table: locale × format → rows planned, rows changed. */
  const table: string[] = [];

  beforeAll(async () => {
    if (missing) throw new Error(`RENTALS_SPREADSHEET_TESTS=required: ${missing}`);
    work = fileTempDir('rentals-libreoffice-');
    sandbox = await openSandbox({ seed: true });
    rentals = cliFor(sandbox, freshConfigDir());
    // A price with the most decimals a price may have, where a locale's separators bite.
    ok(await rentals(['prices', 'set', '--inventory-id', 'id:1', '--rental-block-id', 'id:1', '--price', '33.333']));
    office = await LibreOffice.start(work);
  }, 120_000);

  afterAll(async () => {
    await office?.close();
    await sandbox?.close();
    if (table.length > 0) console.log(`LibreOffice round trip (locale × format: rows planned, rows changed):\n${table.join('\n')}`);
  }, 60_000);

  const key = (p: Pick<PriceRecord, 'inventoryId' | 'rentalBlockId'>) => `${p.inventoryId}/${p.rentalBlockId}`;

  test.each(CASES.map((c) => [c.locale, c.format, c] as const))('%s, %s: export, two prices typed, saved, imported: exactly those two change', async (locale, format) => {
    const name = `${locale}-${format}`;
    const exported = join(work, `${name}.${format}`);
    const saved = join(work, `${name}-saved.${format}`);
    const language = locale.slice(0, 2);
    ok(await rentals(['prices', 'export', '--out', exported, ...(format === 'csv' ? ['--for-spreadsheet', '--locale', language] : [])]));
    const before = await pricesOnServer(sandbox);
    const records = [...before.values()].sort((a, b) => a.id - b.id);
    const edited = [records[4]!, records[9]!];
    // Two new prices as a person types them: 10% more, and 2.25 more.
    const typed = [Math.round(edited[0]!.price * 110) / 100, edited[1]!.price + 2.25];
    const separator = language === 'de' ? ';' : ',';
    await office.locale(locale);
    await office.edit({
      open: exported,
      filter: format === 'csv' ? CSV : XLSX,
      options: format === 'csv' ? csvOpen(separator) : undefined,
      edits: edited.map((record, i) => ({ match: { column: 'id', equals: String(record.id) }, set: { column: 'price', value: typed[i]! } })),
      save: saved,
      saveFilter: format === 'csv' ? CSV : XLSX,
      saveOptions: format === 'csv' ? csvSave(separator) : undefined,
    });

    const dry = ok(await rentals(['prices', 'import', saved, '--dry-run', '-o', 'json']));
    const plan = JSON.parse(dry.stdout) as { totals: Record<string, number>; rows: Array<{ action: string; ids: { id: number }; old: { price: number }; new: { price: number } }> };
    const changed = plan.rows.filter((row) => row.action !== 'unchanged');
    expect(changed.map((row) => [row.ids.id, row.old.price, row.new.price])).toEqual(edited.map((record, i) => [record.id, record.price, typed[i]]));
    expect(plan.totals).toEqual({ create: 0, update: 2, delete: 0, unchanged: before.size - 2, invalid: 0, refused: 0, unread: 0, stale: 0 });

    ok(await rentals(['prices', 'import', saved, '--yes']));
    const after = await pricesOnServer(sandbox);
    const differences = [...after.values()].filter((price) => price.price !== before.get(key(price))!.price);
    expect(differences.map((price) => [price.id, price.price])).toEqual(edited.map((record, i) => [record.id, typed[i]]));
    table.push(`  ${locale} × ${format}: ${plan.rows.length} rows planned, ${differences.length} changed`);
  });

  test('a plain csv (no --for-spreadsheet) in a German LibreOffice: 33.333 read as 33333 is refused whole, nothing written', async () => {
    const exported = join(work, 'plain.csv');
    const saved = join(work, 'plain-de-saved.csv');
    ok(await rentals(['prices', 'export', '--out', exported]));
    const before = await pricesOnServer(sandbox);
    const record = [...before.values()].find((price) => price.price === 33.333)!;
    await office.locale('de-DE');
    // A German user who sees the commas and picks them as the separator.
    await office.edit({ open: exported, filter: CSV, options: csvOpen(','), save: saved, saveFilter: CSV, saveOptions: csvSave(',') });
    const refused = await rentals(['prices', 'import', saved, '--yes']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`price 33.333 → 33333.00 (×1000)`);
    expect(refused.stderr).toContain('a decimal point or comma read as a thousands separator');
    expect(refused.stderr).toContain('Nothing was sent.');
    expect((await pricesOnServer(sandbox)).get(key(record))!.price).toBe(33.333);
  });

  test('names an English LibreOffice rewrote on opening a plain csv are not planned as renames', async () => {
    for (const name of ['007', '1e5', 'Café Crème']) ok(await rentals(['inventory', 'add', `--name=${name}`, '--quantity-available', '2']));
    const exported = join(work, 'inventory.csv');
    const saved = join(work, 'inventory-saved.csv');
    ok(await rentals(['inventory', 'export', '--out', exported]));
    await office.locale('en-US');
    await office.edit({ open: exported, filter: CSV, options: csvOpen(','), save: saved, saveFilter: CSV, saveOptions: csvSave(',') });
    const dry = ok(await rentals(['inventory', 'import', saved, '--dry-run', '-o', 'json']));
    const plan = JSON.parse(dry.stdout) as { totals: Record<string, number> };
    expect(plan.totals).toMatchObject({ create: 0, update: 0, invalid: 0 });
    expect(dry.stderr).toContain('"7" is "007" as a spreadsheet rewrote it (its leading zeros dropped)');
  });
});
