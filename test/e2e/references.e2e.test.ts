// Ids and names never confused, and names found however they are typed: a bare number is the id
// at the cost of no list read (one request for `inventory get 7`), unless the run knows it may be a
// name (the completion cache, fresh): then one that is both an id and another record's name is
// refused with both ways to ask (`id:7`, `name:007`);
// a name with the csv formula guard's `'` is found; tsv carries names as they are; a name typed
// with another dash, quote or accent style, or case, finds the record, the exact name first.

import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { type Runner, cliFor, freshConfigDir, jsonData, ok } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
let dir: string;
let rentals: Runner;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: 'references-token-0123456789', seed: true });
  dir = freshConfigDir();
  rentals = cliFor(sandbox, dir);
});

afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

async function addItem(name: string): Promise<number> {
  return jsonData(ok(await rentals(['inventory', 'add', `--name=${name}`, '--quantity-available', '2', '--json'])))[0]!.id as number;
}

describe('a number that is an id and a name', () => {
  it('costs one request: no list is read to learn whether it is also a name', async () => {
    const seen: string[] = [];
    const proxy = await startFaultProxy({ target: sandbox.url, force: (request) => void seen.push(`${request.method} ${request.path}`) });
    try {
      const through = (args: string[]) => rentals(args, { env: { RENTALS_BASE_URL: proxy.url } });
      expect(jsonData(ok(await through(['inventory', 'get', '7', '--json'])))[0]!.id).toBe(7);
      expect(seen).toEqual(['GET /v2/inventory/7']);
      seen.length = 0;
      ok(await through(['inventory', 'update', '7', '--quantity-available', '40', '--json']));
      expect(seen.filter((request) => request === 'GET /v2/inventory' || request.startsWith('GET /v2/inventory?'))).toEqual([]);
      seen.length = 0;
      const price = jsonData(ok(await through(['prices', 'list', '--inventory-id', '7', '--json'])))[0]!;
      seen.length = 0;
      ok(await through(['prices', 'update', String(price.id), '--inventory-id', '7', '--price', '12.5']));
      expect(seen.some((request) => /^GET \/v\d\/inventory$/.test(request))).toBe(false);
    } finally {
      await proxy.close();
    }
  });

  it('is refused where the run knows it is ambiguous (the completion cache), naming id: and name:, which each find their record', async () => {
    const named = await addItem('007');
    const item7 = jsonData(ok(await rentals(['inventory', 'get', 'id:7', '--json'])))[0]!;
    expect(item7.id).toBe(7);
    // Unknown to the run, a bare number is the id.
    expect(jsonData(ok(await rentals(['inventory', 'get', '007', '--json'])))[0]!.id).toBe(7);
    // A TAB fills the completion cache: from then on, the run knows "007" is also a name.
    ok(await rentals(['__complete', '--shell', 'bash', '--', 'inventory', 'get', '']));

    const bare = await rentals(['inventory', 'get', '007']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain(`"007" is both the id of inventory item 7 (${JSON.stringify(item7.name)}) and the name of inventory item ${named}: write id:7 for the first or name:007 for the other`);
    expect(bare.stdout).toBe('');

    expect(jsonData(ok(await rentals(['inventory', 'get', 'name:007', '--json'])))[0]!.id).toBe(named);
    const flag = await rentals(['prices', 'list', '--inventory-id', '007']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('write id:7 for the first or name:007 for the other');
    ok(await rentals(['prices', 'list', '--inventory-id', 'name:007']));
    const booked = await rentals(['events', 'book', '1', '--item', '007=1', '--dry-run']);
    expect(booked.code).toBe(2);
    expect(booked.stderr).toContain('name:007');
  });

  it('is the id when no other record is named so, and the name when no record has it as an id', async () => {
    expect(jsonData(ok(await rentals(['inventory', 'get', '3', '--json'])))[0]!.id).toBe(3);
    const far = await addItem('0999999');
    expect(jsonData(ok(await rentals(['inventory', 'get', '0999999', '--json'])))[0]!.id).toBe(far);
    const wrong = await rentals(['inventory', 'get', 'id:seven']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/must be an integer id from 1 to 2147483647/);
  });
});

describe('names as spreadsheets and scripts carry them', () => {
  it('tsv prints names as they are, csv with the formula guard, and lookups take either', async () => {
    const names = ['=Uplight Bar', '+Fog Machine', '-5 Heater', '@Home Kit'];
    const ids = [];
    for (const name of names) ids.push(await addItem(name));
    const tsv = ok(await rentals(['inventory', 'list', '-o', 'tsv', '--fields', 'id,name'])).stdout;
    const rows = new Map(tsv.trim().split('\n').map((line) => line.split('\t') as [string, string]));
    expect(ids.map((id) => rows.get(String(id)))).toEqual(names);
    const csv = ok(await rentals(['inventory', 'list', '-o', 'csv', '--fields', 'id,name'])).stdout;
    for (const name of names) expect(csv).toContain(`,'${name}`);
    for (const [i, name] of names.entries()) {
      for (const written of [name, `'${name}`]) {
        const found = await rentals(['inventory', 'get', '--json', '--', written]);
        expect(found.code, `${written}: ${found.stderr}`).toBe(0);
        expect(jsonData(found)[0]!.id).toBe(ids[i]);
      }
    }
  });
});

describe('names typed in another dash, quote or accent style, or case', () => {
  it('find the record; the exact name wins; two names equal under folding are ambiguous', async () => {
    // The seeded sandbox's own event, its name written with an en dash.
    const wedding = jsonData(ok(await rentals(['events', 'list', '--json']))).find((event) => event.eventName === 'Harper–Nguyen Wedding')!.id;
    const shown = await rentals(['events', 'show', 'harper-nguyen wedding', '-o', 'json']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.stringify(JSON.parse(shown.stdout))).toContain(`"id":${wedding}`);
    expect(jsonData(ok(await rentals(['events', 'get', 'HARPER—NGUYEN WEDDING', '--json'])))[0]!.id).toBe(wedding);

    const cafe = await addItem('Café “Crème” Stand');
    expect(jsonData(ok(await rentals(['inventory', 'get', 'cafe "creme" stand', '--json'])))[0]!.id).toBe(cafe);
    // rentals refuses a second item of a name it could not tell apart; another tool writes one.
    expect((await rentals(['inventory', 'add', '--name=Cafe "Creme" Stand', '--quantity-available', '2'])).code).toBe(1);
    const body = JSON.stringify({ name: 'Cafe "Creme" Stand', quantityAvailable: 2, active: 1 });
    const plain = jsonData(ok(await rentals(['api', 'POST', '/v2/inventory', '--data', body])))[0]!.id as number;
    expect(jsonData(ok(await rentals(['inventory', 'get', 'Cafe "Creme" Stand', '--json'])))[0]!.id).toBe(plain);
    expect(jsonData(ok(await rentals(['inventory', 'get', 'Café “Crème” Stand', '--json'])))[0]!.id).toBe(cafe);
    const both = await rentals(['inventory', 'get', 'CAFÉ "CRÈME" STAND']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain(`2 inventory items match "CAFÉ \\"CRÈME\\" STAND" when case, accents, dashes and quotes are ignored: "Café “Crème” Stand" (id ${cafe}), "Cafe \\"Creme\\" Stand" (id ${plain})`);
  });
});
