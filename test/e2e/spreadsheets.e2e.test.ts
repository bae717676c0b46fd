// A price list through a spreadsheet and back, as a shop does it: files as Excel or LibreOffice
// write them after a round trip (a German locale's separators, a decimal comma, names a sheet
// rewrote), imported into a seeded sandbox and checked against what the server holds after.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { openSandbox } from '../sandbox/helpers.js';
import { type Runner, cliFor, freshConfigDir, ok } from './harness.js';
import { type OpenSandbox, pricesOnServer } from './server-state.js';

let sandbox: OpenSandbox;
let rentals: Runner;
let work: string;

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  work = fileTempDir('rentals-sheets-');
  rentals = cliFor(sandbox, freshConfigDir());
});

afterAll(async () => {
  await sandbox.close();
});

function file(name: string, text: string): string {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
}

interface ExportedPrice {
  inventoryId: number;
  inventoryName: string;
  rentalBlockId: number;
  pricingType: string;
  price: number;
  id: number;
}

async function exported(): Promise<ExportedPrice[]> {
  return JSON.parse(ok(await rentals(['prices', 'export', '-o', 'json'])).stdout) as ExportedPrice[];
}

/** The export as csv with some rows' price cells replaced (by price id). */
function csvWith(rows: ExportedPrice[], prices: ReadonlyMap<number, string>): string {
  const lines = rows.map((r) => [r.inventoryId, JSON.stringify(r.inventoryName), r.rentalBlockId, r.pricingType, prices.get(r.id) ?? String(r.price), r.id].join(','));
  return `inventoryId,inventoryName,rentalBlockId,pricingType,price,id\n${lines.join('\n')}\n`;
}

describe('a price moved by a factor of 10 or more', () => {
  test('refuses the whole import, naming the separator mix-up; nothing is written; --allow-large-changes lets it through', async () => {
    const rows = await exported();
    const [misread, edited] = [rows[0]!, rows[1]!];
    ok(await rentals(['prices', 'set', '--inventory-id', `id:${misread.inventoryId}`, '--rental-block-id', `id:${misread.rentalBlockId}`, '--price', '33.333']));
    // What a German-locale spreadsheet saves for 33.333 (the dot read as a thousands separator), beside one real edit.
    const path = file('prices-de.csv', csvWith(rows, new Map([[misread.id, '33333'], [edited.id, String(edited.price + 10)]])));
    const before = await pricesOnServer(sandbox);

    const dry = await rentals(['prices', 'import', path, '--dry-run', '-o', 'table']);
    expect(dry.code).toBe(2);
    expect(dry.stdout).toContain('33.333 → 33333.00');
    expect(dry.stderr).toContain('1 row changes a price by a factor of 10 or more, the mark of a separator or unit mix-up such as a decimal point or comma read as a thousands separator (33.333 as 33333');
    expect(dry.stderr).toMatch(/prices-de\.csv:2 .*: price 33\.333 → 33333\.00 \(×1000\)/);
    expect(dry.stderr).toContain('Nothing was sent.');
    expect(dry.stderr).toContain('--allow-large-changes');

    for (const args of [[], ['--yes'], ['--skip-invalid', '--yes']]) {
      const run = await rentals(['prices', 'import', path, ...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('Nothing was sent.');
    }
    expect(await pricesOnServer(sandbox)).toEqual(before);

    ok(await rentals(['prices', 'import', path, '--allow-large-changes', '--yes']));
    const after = await pricesOnServer(sandbox);
    expect(after.get(`${misread.inventoryId}/${misread.rentalBlockId}`)!.price).toBe(33333);
    expect(after.get(`${edited.inventoryId}/${edited.rentalBlockId}`)!.price).toBe(edited.price + 10);
  });

  test('down by ten is refused too; a --max-change of the user judges instead', async () => {
    const rows = await exported();
    const row = rows[2]!;
    const path = file('prices-cents.csv', csvWith(rows, new Map([[row.id, String(row.price / 100)]])));
    const refused = await rentals(['prices', 'import', path, '--yes']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('÷100');
    expect(refused.stderr).toContain('a thousands separator read as a decimal point');
    ok(await rentals(['prices', 'import', path, '--max-change', '100', '--yes']));
    expect((await pricesOnServer(sandbox)).get(`${row.inventoryId}/${row.rentalBlockId}`)!.price).toBe(row.price / 100);
  });
});

describe('csv for a spreadsheet in its locale', () => {
  test('--for-spreadsheet --locale de: a byte order mark, ; between fields, decimal commas; it imports back unchanged, and with an edit', async () => {
    ok(await rentals(['prices', 'set', '--inventory-id', 'id:1', '--rental-block-id', 'id:1', '--price', '33.333']));
    const sheet = ok(await rentals(['prices', 'export', '--for-spreadsheet', '--locale', 'de'])).stdout;
    expect(sheet.startsWith('\ufeffinventoryId;inventoryName;rentalBlockId;pricingType;price;id\n')).toBe(true);
    const line = sheet.split('\n').find((l) => l.startsWith('1;') && l.includes(';33,333;'));
    expect(line, sheet.slice(0, 300)).toBeDefined();
    const path = file('prices-de.csv', sheet);
    const same = ok(await rentals(['prices', 'import', path, '--dry-run', '-o', 'table']));
    expect(same.stdout).toMatch(/0 create, 0 update, \d+ unchanged, 0 invalid, 0 refused/);
    // 155,25 typed in the German sheet.
    const edited = sheet.replace(line!, line!.replace(';33,333;', ';155,25;'));
    const plan = ok(await rentals(['prices', 'import', file('prices-de-edited.csv', edited), '--dry-run', '-o', 'table']));
    expect(plan.stdout).toContain('33.333 → 155.25');
    expect(plan.stdout).toMatch(/0 create, 1 update, \d+ unchanged/);
  });

  test('--for-spreadsheet alone: the English form with a byte order mark; an unknown locale is a usage error', async () => {
    const sheet = ok(await rentals(['prices', 'export', '--for-spreadsheet'])).stdout;
    expect(sheet.startsWith('\ufeffinventoryId,inventoryName,rentalBlockId,pricingType,price,id\n')).toBe(true);
    const bad = await rentals(['prices', 'export', '--locale', 'not a locale!']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--locale: "not a locale!" is not a locale');
  });

  test('155,25 in a comma-separated file is refused as a decimal comma, and --locale de reads it', async () => {
    const [row] = await exported();
    const text = `inventoryId,rentalBlockId,price\n${row!.inventoryId},${row!.rentalBlockId},"155,25"\n`;
    const path = file('prices-comma.csv', text);
    const refused = await rentals(['prices', 'import', path, '--dry-run', '-o', 'table']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('price: has a decimal comma: 155,25 is 155.25 as a spreadsheet in a German, French or other decimal-comma locale writes it; say so with --locale (e.g. --locale de), or write 155.25');
    const read = ok(await rentals(['prices', 'import', path, '--dry-run', '--locale', 'de', '-o', 'table']));
    expect(read.stdout).toContain('→ 155.25');
  });
});

describe('names a spreadsheet rewrote', () => {
  test('are reported as such and left as they are, not planned as renames; --renames writes them', async () => {
    const rewritten: Array<[string, string]> = [
      ['007', '7'],
      ['0123456789012345678', '1.23456789012346E+17'],
      ['1e5', '1.00E+05'],
      ['50%', '50.00%'],
      ['Café Crème', 'CafÃ© CrÃ¨me'],
      ['2026-03-05', '05.03.2026'],
    ];
    const ids = new Map<string, number>();
    for (const [name] of rewritten) {
      ids.set(name, JSON.parse(ok(await rentals(['inventory', 'add', `--name=${name}`, '--quantity-available', '3', '--json'])).stdout).data[0].id);
    }
    // The inventory export as the spreadsheet saved it: every name above rewritten, one real rename and one quantity edited.
    const rows = JSON.parse(ok(await rentals(['inventory', 'export', '-o', 'json'])).stdout) as Array<{ id: number; name: string; quantityAvailable: number; active: number }>;
    const renamed = rows.find((r) => r.name === 'LED Uplight')!;
    const lines = rows.map((r) => {
      const name = rewritten.find(([was]) => was === r.name)?.[1] ?? (r.id === renamed.id ? 'LED Uplight (RGB)' : r.name);
      const quantity = r.name === '007' ? 5 : r.quantityAvailable;
      return [r.id, JSON.stringify(name), quantity, r.active].join(',');
    });
    const path = file('inventory-sheet.csv', `id,name,quantityAvailable,active\n${lines.join('\n')}\n`);

    const plan = ok(await rentals(['inventory', 'import', path, '--dry-run', '-o', 'json']));
    const planned = JSON.parse(plan.stdout) as { rows: Array<{ action: string; ids: { id: number }; new: Record<string, unknown> | null }> };
    const changes = planned.rows.filter((r) => r.action !== 'unchanged');
    expect(new Map(changes.map((r) => [r.ids.id, r.new]))).toEqual(
      new Map<number, unknown>([
        [ids.get('007')!, { quantityAvailable: 5 }],
        [renamed.id, { name: 'LED Uplight (RGB)' }],
      ]),
    );
    expect(plan.stderr).toContain('Not renamed: these names differ from the service\'s only as a spreadsheet rewrites text (pass --renames');
    for (const line of [
      '"7" is "007" as a spreadsheet rewrote it (its leading zeros dropped)',
      '"1.23456789012346E+17" is "0123456789012345678" as a spreadsheet rewrote it (written in scientific notation)',
      '"1.00E+05" is "1e5" as a spreadsheet rewrote it',
      '"50.00%" is "50%" as a spreadsheet rewrote it (a percent reformatted)',
      '"CafÃ© CrÃ¨me" is "Café Crème" as a spreadsheet rewrote it (its UTF-8 read as Windows-1252)',
      '"05.03.2026" is "2026-03-05" as a spreadsheet rewrote it (read as a date',
    ]) {
      expect(plan.stderr).toContain(line);
    }

    const renames = JSON.parse(ok(await rentals(['inventory', 'import', path, '--dry-run', '-o', 'json', '--renames'])).stdout) as typeof planned;
    // The rewritten names, the one real rename (007's row also changes its quantity).
    expect(renames.rows.filter((r) => r.action === 'update')).toHaveLength(rewritten.length + 1);
  });
});
