// A bulk dry run says what its run would do, in every format: rows that would not apply (stale
// since the report an undo reads, refused by --max-change) are printed with that action and the
// reason, the totals go to stderr whatever stdout is, and the dry run exits as its run would (6
// when some rows would not apply). A plan written with --plan holds those rows marked, and the
// confirmation before a mass change counts only what would be sent.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { type Runner, cliFor, ok } from './harness.js';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let rentals: Runner;
let dir: string;
/** The report of a +10% on the kids' chairs, whose prices then changed again: every row of its undo is stale. */
let staleReport: string;
/** The prices of the kids' chairs, as the report left them (ids and prices). */
let chairPrices: Array<{ id: number; price: number }>;

const MACHINE_FORMATS = ['tsv', 'csv', 'json', 'ndjson'] as const;
type MachineFormat = (typeof MACHINE_FORMATS)[number];

interface Shown {
  action: string;
  id: number | null;
  reason: string | null;
}

/** The rows a dry run printed, whatever the format: their action, record and reason. */
function shownRows(format: MachineFormat, stdout: string): Shown[] {
  if (format === 'json') {
    const document = JSON.parse(stdout) as { rows: Array<{ action: string; ids: { id?: number }; reason?: string }> };
    return document.rows.map((row) => ({ action: row.action, id: row.ids.id ?? null, reason: row.reason ?? null }));
  }
  if (format === 'ndjson') {
    return stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { action: string; id?: number; ids?: { id?: number }; reason?: string })
      .map((row) => ({ action: row.action, id: row.id ?? row.ids?.id ?? null, reason: row.reason ?? null }));
  }
  const lines = stdout.trimEnd().split('\n');
  const cellsOf = (line: string): string[] => (format === 'tsv' ? line.split('\t') : csvCells(line));
  const header = format === 'csv' ? cellsOf(lines.shift()!) : ['action', 'resource', 'id', 'name', 'field', 'before', 'after', 'reason'];
  expect(header).toContain('reason');
  return lines.map((line) => {
    const cells = cellsOf(line);
    const cell = (name: string): string => cells[header.indexOf(name)] ?? '';
    return { action: cell('action'), id: cell('id') === '' ? null : Number(cell('id')), reason: cell('reason') === '' ? null : cell('reason') };
  });
}

/** The cells of a CSV line whose quoted cells hold no line break. */
function csvCells(line: string): string[] {
  return [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell]) => (cell!.startsWith('"') ? cell!.slice(1, -1).replace(/""/g, '"') : cell!));
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: 'dry-run-token-0123456789', seed: true });
  dir = fileTempDir('rentals-dry-outcomes-');
  rentals = cliFor(sandbox);
  staleReport = join(dir, 'kids.ndjson');
  ok(await rentals(['prices', 'adjust', '--item', 'Kids Folding Chair', '--percent', '10', '--report', staleReport, '--yes']));
  chairPrices = readFileSync(staleReport, 'utf8')
    .trimEnd()
    .split('\n')
    .slice(1) // the first line records the run
    .map((line) => JSON.parse(line) as { ids: { id: number }; new: { price: number } })
    .map((line) => ({ id: line.ids.id, price: line.new.price }));
  // The prices change after the report: its undo would find every row stale.
  ok(await rentals(['prices', 'adjust', '--item', 'Kids Folding Chair', '--amount', '1', '--yes']));
});

afterAll(async () => {
  await sandbox.close();
});

describe('an undo whose records changed since the report', () => {
  test.each(MACHINE_FORMATS)('--dry-run -o %s: every row shown stale with why, the totals on stderr, exit 6', async (format) => {
    const dry = await rentals(['prices', 'import', '--undo', staleReport, '--dry-run', '-o', format]);
    expect(dry.code, dry.stderr).toBe(6);
    const rows = shownRows(format, dry.stdout);
    expect(rows.map((row) => row.id).sort()).toEqual(chairPrices.map((p) => p.id).sort());
    for (const row of rows) {
      expect(row.action).toBe('stale');
      expect(row.reason).toMatch(/changed since the report: price is now [0-9.]+, the report has/);
    }
    const count = chairPrices.length;
    expect(dry.stderr).toContain(`${count} rows: 0 create, 0 update, 0 unchanged, 0 invalid, 0 refused, ${count} stale`);
    expect(dry.stderr).toContain('Dry run: nothing was sent.');
    // The run it stands for ends the same way.
    const run = await rentals(['prices', 'import', '--undo', staleReport, '--report', join(dir, `undo-${format}.ndjson`), '-o', format]);
    expect(run.code, run.stderr).toBe(6);
    expect(run.stderr).toContain(`${count} stale`);
  });

  test('--plan: the plan holds the stale rows marked, with why; apply of it sends none of them and exits 6', async () => {
    const plan = join(dir, 'undo-plan.json');
    ok(await rentals(['prices', 'import', '--undo', staleReport, '--plan', plan]));
    const document = JSON.parse(readFileSync(plan, 'utf8')) as { rows: Array<{ action: string; reason?: string }>; totals: Record<string, number> };
    expect(document.rows.map((row) => row.action)).toEqual(chairPrices.map(() => 'stale'));
    for (const row of document.rows) expect(row.reason).toMatch(/changed since the report/);
    expect(document.totals).toMatchObject({ update: 0, stale: chairPrices.length });
    const applied = await rentals(['prices', 'apply', plan, '-o', 'json']);
    expect(applied.code, applied.stderr).toBe(6);
    expect(applied.stderr).toContain(`${chairPrices.length} stale`);
    expect((JSON.parse(applied.stdout) as { changes: unknown[] }).changes).toEqual([]);
  });
});

describe('rows refused by --max-change', () => {
  test.each(MACHINE_FORMATS)('--dry-run -o %s: the refused row shown refused with why, beside the update; exit 6', async (format) => {
    const [small, large] = chairPrices.map((p) => ({ id: p.id, price: p.price + 1 }));
    // The first moves by less than 100%, the second by far more.
    const csv = `id,price\n${small!.id},${(small!.price + 0.5).toFixed(2)}\n${large!.id},${(large!.price * 5).toFixed(2)}\n`;
    const dry = await rentals(['prices', 'import', '-', '--max-change', '100', '--dry-run', '-o', format], { input: csv });
    expect(dry.code, dry.stderr).toBe(6);
    const rows = shownRows(format, dry.stdout);
    expect(rows.filter((row) => row.action === 'update').map((row) => row.id)).toEqual([small!.id]);
    const refused = rows.filter((row) => row.action === 'refused');
    expect(refused.map((row) => row.id)).toEqual([large!.id]);
    expect(refused[0]!.reason).toMatch(/max-change/);
    expect(dry.stderr).toContain('2 rows: 0 create, 1 update, 0 unchanged, 0 invalid, 1 refused');
    expect(dry.stderr).toContain('Dry run: nothing was sent.');
  });

  test('a dry run where every row would apply exits 0', async () => {
    const [first] = chairPrices;
    const dry = await rentals(['prices', 'import', '-', '--max-change', '100', '--dry-run', '-o', 'tsv'], { input: `id,price\n${first!.id},${(first!.price + 1.05).toFixed(2)}\n` });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^update\tprices\t/);
    expect(dry.stderr).toContain('1 row: 0 create, 1 update, 0 unchanged, 0 invalid, 0 refused');
  });
});

describe('the confirmation before a mass change', () => {
  test('counts the changes that would be sent, not the rows that would not apply', async () => {
    const report = join(dir, 'all.ndjson');
    ok(await rentals(['prices', 'adjust', '--percent', '10', '--report', report, '--yes']));
    const lines = readFileSync(report, 'utf8').trimEnd().split('\n').slice(1); // after the line that records the run
    expect(lines.length).toBeGreaterThan(51);
    // The kids' chairs change again: their rows of the undo would be stale.
    ok(await rentals(['prices', 'adjust', '--item', 'Kids Folding Chair', '--amount', '1', '--yes']));
    const asked = await rentals(['prices', 'import', '--undo', report]);
    expect(asked.code, asked.stderr).toBe(2);
    const sent = lines.length - chairPrices.length;
    expect(asked.stderr).toContain(`: ${sent} changes to send`);
    expect(asked.stderr).toContain(`${chairPrices.length} stale`);
  });
});

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('what a bulk run wrote, -o json: the history entry it went into', () => {
  test('prices adjust, import and apply name their entry, as every write does', async () => {
    const adjusted = JSON.parse(ok(await rentals(['prices', 'adjust', '--item', 'Stage Stairs', '--amount', '1', '--yes', '-o', 'json'])).stdout) as Record<string, unknown>;
    const newest = async (): Promise<string> => (JSON.parse(ok(await rentals(['history', '--limit', '1', '-o', 'json'])).stdout) as { data: Array<{ id: string }> }).data[0]!.id;
    expect(adjusted.entry).toBe(await newest());
    expect(Object.keys(adjusted)).toEqual(['summary', 'report', 'changes', 'entry']);

    const [first] = chairPrices;
    const imported = JSON.parse(ok(await rentals(['prices', 'import', file('one.csv', `id,price\n${first!.id},${(first!.price + 3).toFixed(2)}\n`), '--max-change', '1000', '-o', 'json'])).stdout) as Record<string, unknown>;
    expect(imported.entry).toBe(await newest());

    // A run that changed nothing made no entry.
    const again = JSON.parse(ok(await rentals(['prices', 'import', file('one.csv', `id,price\n${first!.id},${(first!.price + 3).toFixed(2)}\n`), '--max-change', '1000', '-o', 'json'])).stdout) as Record<string, unknown>;
    expect(again.entry).toBeNull();
  });
});

describe('a dry run and its run print the same columns: the rows that did not apply listed in both, with their reason', () => {
  /** The bulk runs, each with rows that apply and a row refused by --max-change. */
  const RUNS: Record<string, () => Promise<{ args: string[]; input?: string }>> = {
    // +20 on the chandelier's prices: its Daily price moves by more than 14%, the others by less.
    'prices adjust': async () => ({ args: ['prices', 'adjust', '--item', 'Crystal Chandelier', '--amount', '20', '--max-change', '14'] }),
    // One price of the stairs by 1, another five times over.
    'prices import': async () => {
      const prices = JSON.parse(ok(await rentals(['prices', 'list', '--inventory-id', 'Stage Stairs', '-o', 'json'])).stdout).data as Array<{ id: number; price: number }>;
      const [near, far] = prices;
      return { args: ['prices', 'import', '-', '--max-change', '100'], input: `id,price\n${near!.id},${near!.price + 1}\n${far!.id},${far!.price * 5}\n` };
    },
  };
  const cases = Object.keys(RUNS).flatMap((name) => (['csv', 'tsv', 'json'] as const).map((format) => [name, format] as const));

  test.each(cases)('%s -o %s', async (name, format) => {
    const { args, input } = await RUNS[name]!();
    const dry = await rentals([...args, '--dry-run', '-o', format], { input });
    expect(dry.code, dry.stderr).toBe(6);
    const run = await rentals([...args, '-o', format], { input });
    expect(run.code, run.stderr).toBe(6);
    if (format === 'json') {
      // The plan file and the run's document differ (docs/scripting.md); their changes are the one model, the same.
      const changes = (stdout: string): unknown[] => (JSON.parse(stdout) as { changes: unknown[] }).changes;
      expect(changes(run.stdout)).toEqual(changes(dry.stdout));
      expect(changes(run.stdout).length).toBeGreaterThan(0);
      return;
    }
    const header = (stdout: string): string[] => (format === 'csv' ? csvCells(stdout.split('\n')[0]!) : stdout.split('\n')[0]!.split('\t').map((_, i) => String(i)));
    expect(header(run.stdout)).toEqual(header(dry.stdout));
    const rows = shownRows(format, run.stdout);
    expect(rows).toEqual(shownRows(format, dry.stdout));
    expect(rows.map((row) => row.action)).toContain('update');
    expect(rows.filter((row) => row.action === 'refused').map((row) => row.reason)).toEqual([expect.stringMatching(/max-change/)]);
  });
});
