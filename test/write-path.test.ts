// The contract of the one write path: the API's create, update and delete of every writable
// resource (events, bookings, inventory, prices, categories) are called only from their writers in
// src/data (data/writers.ts), which judge every change by the resource's rules first. Proved twice:
// by the source (only the writers hold the grant the API asks for; no other module sends a write,
// but `rentals api`, the raw escape hatch) and by behaviour (the API refuses a write without it,
// before any request; with it, the request goes).

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ApiClient } from '../src/api/client.js';
import { ResourceApi } from '../src/api/resource-api.js';
import { writeGrant } from '../src/api/write-grant.js';
import { resources } from '../src/resources/definitions.js';
import { validateWrite } from '../src/schemas/resource.js';
import { openSandbox } from './sandbox/helpers.js';

const SRC = resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

const sources = sourceFiles(SRC).map((file) => ({ file: relative(SRC, file), text: readFileSync(file, 'utf8') }));

/** The files that import the grant itself (not only its type). */
function grantHolders(files: ReadonlyArray<{ file: string; text: string }>): string[] {
  return files.filter((s) => /from '[./]*\/?(api\/)?write-grant\.js'/.test(s.text) && !/import type/.test(s.text.match(/.*write-grant\.js'.*/)![0])).map((s) => s.file);
}

describe('only the writers write, every writable resource', () => {
  test('the grant is imported by the API and the writers of src/data, nowhere else', () => {
    expect(grantHolders(sources).sort()).toEqual(['api/resource-api.ts', 'data/booking-writer.ts', 'data/record-writer.ts', 'data/row-writes.ts']);
  });

  test('every writer the tool builds is in src/data, one per writable resource', async () => {
    const { WRITABLE } = await import('../src/data/planned-write.js');
    const writable = Object.values(resources).filter((def) => def.verbs.includes('add')).map((def) => def.name);
    expect([...WRITABLE].sort()).toEqual(writable.sort());
    const writers = sources.find((s) => s.file === 'data/writers.ts')!.text;
    for (const name of WRITABLE) expect(writers).toMatch(new RegExp(`\\b${name}: new \\w+Writer\\(`));
  });

  test('the requests that write (POST, PUT, DELETE, PATCH) are sent by the API alone; `rentals api`, the raw escape hatch, sends its own and says so', () => {
    const senders = sources.filter((s) => /\.request\((?!'GET')/.test(s.text) && !s.file.startsWith('sandbox/') && !s.file.startsWith('api/')).map((s) => s.file);
    expect(senders).toEqual(['app/raw-call.ts']);
    expect(sources.find((s) => s.file === 'cli/commands/api.ts')!.text).toContain('None of the tool\'s own rules apply here');
  });

  test('the grant-bearing row writes of the bulk engine are used only where the plan is judged first (and by prices set, whose only rules are its values\')', () => {
    const users = sources.filter((s) => /(?<!function )rowWrites\(/.test(s.text)).map((s) => s.file);
    expect(users.sort()).toEqual(['app/bulk/set-price.ts', 'bulk/apply.ts']);
    const apply = sources.find((s) => s.file === 'bulk/apply.ts')!.text;
    expect(apply.indexOf('await judgePlan(')).toBeGreaterThan(-1);
    expect(apply.indexOf('await judgePlan(')).toBeLessThan(apply.indexOf('rowWrites('));
  });

  test('no use case nor writer chooses a write path by a string of the resource table: the writer is chosen by the resource, typed', () => {
    const branches = sources.filter((s) => (s.file.startsWith('app/') || s.file.startsWith('data/')) && /writeRules\s*[!=]==?\s*'/.test(s.text)).map((s) => s.file);
    expect(branches).toEqual([]);
    expect('if (def.writeRules === \'events\')').toMatch(/writeRules\s*[!=]==?\s*'/);
  });

  test('the scan can fail: a file that imports the grant, or sends a write, is seen', () => {
    const sneaky = { file: 'cli/sneaky.ts', text: "import { writeGrant } from '../api/write-grant.js';\nclient.request('PUT', path);\n" };
    expect(grantHolders([...sources, sneaky])).toContain('cli/sneaky.ts');
    expect([...sources, sneaky].filter((s) => /\.request\((?!'GET')/.test(s.text) && !s.file.startsWith('api/')).map((s) => s.file)).toContain('cli/sneaky.ts');
  });
});

describe('the API refuses a write of any resource without the grant', () => {
  test('no request is sent without it; with it the write goes', async () => {
    const sandbox = await openSandbox();
    const client = new ApiClient({ baseUrl: sandbox.url, auth: { getToken: async () => sandbox.token }, env: {}, retries: 0 });
    const api = new ResourceApi(client);
    try {
      const events = { def: resources.events, version: 'v1' as const };
      const body = validateWrite(resources.events, { eventStatusId: 2, rentalBlockId: 1, eventName: 'Grant', startDate: '2030-01-01T09:00:00', endDate: '2030-01-01T18:00:00', dropoffDate: '2030-01-01T09:00:00', teardownDate: '2030-01-01T18:00:00', pickupDate: '2030-01-01T18:00:00' }, 'create');
      await expect(api.create(events, body)).rejects.toThrow(/outside their writer/);
      expect((await api.list(events)).records).toHaveLength(0);
      const created = (await api.create(events, body, { grant: writeGrant })).records[0]!;
      const bookings = { def: resources.bookings, version: 'v2' as const, parentId: Number(created.id) };
      await expect(api.remove(bookings, 1)).rejects.toThrow(/outside their writer/);
      await expect(api.remove(events, Number(created.id))).rejects.toThrow(/outside their writer/);
      const inventory = { def: resources.inventory, version: 'v2' as const };
      const item = validateWrite(resources.inventory, { name: 'Granted only', quantityAvailable: 1, active: 1 }, 'create');
      await expect(api.create(inventory, item)).rejects.toThrow(/outside their writer/);
      const category = validateWrite(resources.categories, { name: 'Granted only', inactive: 0 }, 'create');
      await expect(api.create({ def: resources.categories, version: 'v2' }, category)).rejects.toThrow(/outside their writer/);
      const itemId = Number((await api.create(inventory, item, { grant: writeGrant })).records[0]!.id);
      const price = validateWrite(resources.prices, { inventoryId: itemId, rentalBlockId: 1, price: 5 }, 'create');
      await expect(api.create({ def: resources.prices, version: 'v1', parentId: itemId }, price)).rejects.toThrow(/outside their writer/);
      await expect(api.update(inventory, itemId, validateWrite(resources.inventory, { id: itemId, name: 'Renamed', quantityAvailable: 1, active: 1 }, 'update'))).rejects.toThrow(/outside their writer/);
      expect((await api.get(inventory, itemId)).records[0]).toMatchObject({ name: 'Granted only' });
    } finally {
      client.close();
      await sandbox.close();
    }
  });
});
