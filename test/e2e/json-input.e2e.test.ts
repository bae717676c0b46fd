// What a shell script pipes back into import: jq's pretty-printed output, the tool's own --json
// document, and files in encodings other than UTF-8 (Excel's Windows-1252 CSV, its UTF-16 text).

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { hasJq } from '../helpers/jq.js';
import { runProgram } from '../helpers/programs.js';
import { type Runner, cliFor, freshConfigDir } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
let rentals: Runner;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: 'json-input-token-0123456789', log: () => undefined, seed: true });
  rentals = cliFor(sandbox, freshConfigDir());
  dir = fileTempDir('rentals-json-input-');
});

afterAll(async () => {
  await sandbox.close();
});

const jqMissing = !hasJq();
if (jqMissing) console.warn('SKIPPED: the jq pipeline test needs jq on PATH (apt-get install jq)');

/** The action of each row a dry run plans (piped: tab-separated rows, the action first). */
function actions(stdout: string): string[] {
  return stdout.split('\n').filter((line) => line !== '').map((line) => line.split('\t')[0]!);
}

describe('JSON piped back in', () => {
  test.skipIf(jqMissing)("jq's pretty-printed output (no -c) is read as whole records", async () => {
    const exported = await rentals(['prices', 'export', '-o', 'ndjson']);
    expect(exported.code, exported.stderr).toBe(0);
    const weekly = exported.stdout.split('\n').filter((line) => line.includes('"Weekly"'));
    expect(weekly.length).toBeGreaterThan(0);
    const jq = await runProgram('jq', ['select(.pricingType=="Weekly") | .price *= 1.1'], { input: exported.stdout });
    expect(jq.status, jq.stderr).toBe(0);
    const pretty = jq.stdout;
    expect(pretty.split('\n').length).toBeGreaterThan(weekly.length * 3); // pretty-printed: many lines a record
    const result = await rentals(['prices', 'import', '-', '--round', '0.01', '--dry-run'], { input: pretty });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/not valid JSON/);
    const planned = actions(result.stdout);
    expect(planned).toHaveLength(weekly.length);
    expect(planned.every((action) => action === 'update')).toBe(true);
  });

  test('inventory list --json | inventory import - --dry-run: every record, all unchanged', async () => {
    const listed = await rentals(['inventory', 'list', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const count = (JSON.parse(listed.stdout) as { data: unknown[] }).data.length;
    const result = await rentals(['inventory', 'import', '-', '--dry-run', '-o', 'json'], { input: listed.stdout });
    expect(result.code, result.stderr).toBe(0);
    const { rows } = JSON.parse(result.stdout) as { rows: Array<{ line: number; action: string }> };
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row.action))).toEqual(new Set(['unchanged']));
    expect(rows[0]!.line).toBe(3); // where the first record's "{" is, under `{ "data": [`
  });

  test("a one-line array's broken element is named by its line and index", async () => {
    const result = await rentals(['inventory', 'import', '-', '--dry-run'], { input: '[{"id":1,"quantityAvailable":3},{"id":2,"quantityAvailable":},{"id":3,"quantityAvailable":-1}]\n' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/\(stdin\):1 \[1\]: is not valid JSON/);
    expect(result.stderr).toMatch(/\(stdin\):1 \[2\] quantityAvailable: /);
    expect(result.stderr).not.toMatch(/\[0\]/);
  });
});

describe('JSON input cut short, with --skip-invalid', () => {
  /** Three prices of the seed, each given a new price: the middle line cut short. */
  async function allPrices(): Promise<Array<{ id: number; price: number }>> {
    const exported = await rentals(['prices', 'export', '-o', 'ndjson']);
    expect(exported.code, exported.stderr).toBe(0);
    return exported.stdout.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as { id: number; price: number });
  }

  async function threePrices(): Promise<Array<{ id: number; price: number }>> {
    return (await allPrices()).slice(0, 3).map(({ id, price }) => ({ id, price: price + 1 }));
  }

  async function priceOf(id: number): Promise<number | undefined> {
    return (await allPrices()).find((price) => price.id === id)?.price;
  }

  test('an NDJSON line cut short is one invalid row: the rows after it apply, it is reported, exit 6', async () => {
    const [a, b, c] = await threePrices();
    const before = await priceOf(b!.id);
    const input = `{"id":${a!.id},"price":${a!.price}}\n{"id":${b!.id},"price":${b!.price}\n{"id":${c!.id},"price":${c!.price}}\n`;
    const dry = await rentals(['prices', 'import', '-', '--skip-invalid', '--dry-run', '-o', 'json'], { input });
    expect(dry.code, dry.stderr).toBe(6);
    expect((JSON.parse(dry.stdout) as { rows: unknown[] }).rows).toHaveLength(3);
    const report = join(dir, 'cut-line.ndjson');
    const result = await rentals(['prices', 'import', '-', '--skip-invalid', '--report', report, '-o', 'json'], { input });
    expect(result.code, result.stderr).toBe(6);
    expect(result.stderr).toMatch(/\(stdin\):2: is not valid JSON/);
    expect(JSON.parse(result.stdout)).toMatchObject({ summary: { total: 3, invalid: 1, complete: false } });
    const lines = readFileSync(report, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as { line?: number; outcome?: string });
    expect(lines.filter((line) => line.line !== undefined).map((line) => [line.line, line.outcome])).toEqual([
      [1, 'updated'],
      [2, 'invalid'],
      [3, 'updated'],
    ]);
    expect(await priceOf(a!.id)).toBe(a!.price);
    expect(await priceOf(b!.id)).toBe(before);
    expect(await priceOf(c!.id)).toBe(c!.price);
  });

  test('a pretty-printed document cut short is refused whole, --skip-invalid or not: exit 2, its place named, nothing sent', async () => {
    const [a, b] = await threePrices();
    const before = [await priceOf(a!.id), await priceOf(b!.id)];
    const input = `{\n  "id": ${a!.id},\n  "price": ${a!.price}\n}\n{\n  "id": ${b!.id},\n  "price": ${b!.price}`;
    for (const dryRun of [['--dry-run'], []]) {
      const result = await rentals(['prices', 'import', '-', '--skip-invalid', ...dryRun], { input });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(/\(stdin\):5: the input ends inside the JSON value that starts here/);
    }
    expect([await priceOf(a!.id), await priceOf(b!.id)]).toEqual(before);
  });

  test('two arrays on one line are refused whole (their rows would share a place in the report): exit 2, nothing created', async () => {
    const input = '[{"name":"Two arrays A","quantityAvailable":1}] [{"name":"Two arrays B","quantityAvailable":2}]\n';
    const result = await rentals(['inventory', 'import', '-', '--skip-invalid', '--yes'], { input });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/\(stdin\):1: holds an array beside other rows/);
    const listed = await rentals(['inventory', 'list', '-o', 'json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).not.toContain('Two arrays');
  });
});

describe('encodings', () => {
  test('a Windows-1252 CSV is refused before anything is sent, with the place and the iconv fix', async () => {
    const created = await rentals(['inventory', 'add', '--name', 'Café Crème', '--quantity-available', '3', '-o', 'json']);
    expect(created.code, created.stderr).toBe(0);
    const id = (JSON.parse(created.stdout) as { data: Array<{ id: number }> }).data[0]!.id;
    const path = join(dir, 'inv1252.csv');
    writeFileSync(path, Buffer.from(`id,name,quantityAvailable\n${id},Caf\xe9 Cr\xe8me,5\n`, 'latin1'));
    for (const dryRun of [['--dry-run'], []]) {
      const result = await rentals(['inventory', 'import', path, ...dryRun]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`${path}:2: is not UTF-8 text: byte 0xE9`);
      expect(result.stderr).toContain(`iconv -f WINDOWS-1252 -t UTF-8 ${path} > ${join(dir, 'inv1252.utf8.csv')}`);
    }
    const after = await rentals(['inventory', 'get', String(id), '-o', 'json']);
    expect(JSON.parse(after.stdout)).toMatchObject({ data: [{ name: 'Café Crème', quantityAvailable: 3 }] });
  });

  test('a UTF-16 LE file with its byte order mark (Excel\'s "Unicode text", tab-separated) is read', async () => {
    const created = await rentals(['inventory', 'add', '--name', 'Crème Brûlée Stand', '--quantity-available', '2', '-o', 'json']);
    const id = (JSON.parse(created.stdout) as { data: Array<{ id: number }> }).data[0]!.id;
    const path = join(dir, 'unicode.txt');
    writeFileSync(path, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`id\tname\tquantityAvailable\r\n${id}\tCrème Brûlée Stand\t4\r\n`, 'utf16le')]));
    const result = await rentals(['inventory', 'import', path, '--dry-run']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^update\tinventory\t${id}\tCrème Brûlée Stand\t.*\\b2\\b.*\\b4\\b`, 'm'));
  });
});
