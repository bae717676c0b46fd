// --data-file: journal + snapshot, restart, torn and corrupt files, modes, compaction, locking.

import { appendFile, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { type ApiBody, type Caller, TOKEN, call, eventBody, inventoryBody, openSandbox, tempDir } from './helpers.js';

let dir: string;
let cleanup: () => Promise<void>;
let file: string;

beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
  file = join(dir, 'rentals.json');
});
afterEach(() => cleanup());

async function withSandbox<T>(run: (call: Caller) => Promise<T>, options = {}): Promise<T> {
  const sandbox = await openSandbox({ data: file, ...options });
  try {
    return await run(sandbox.call);
  } finally {
    await sandbox.close();
  }
}

const journal = () => `${file}.journal`;
const bytesOf = async (path: string) => readFile(path);
/** Records without their Links (hrefs carry the port, which changes across restarts). */
const recordsOf = (body: ApiBody) => body.data.map(({ Links: _links, ...record }) => record);

describe('restart', () => {
  it('keeps every record and keeps ids growing past deleted ones', async () => {
    const before = await withSandbox(async (call) => {
      const a = (await call('POST', '/v1/inventory', { body: inventoryBody('tent', 3) })).json.data[0]!;
      const b = (await call('POST', '/v2/inventory', { body: inventoryBody('chair', 40) })).json.data[0]!;
      await call('PUT', `/v1/inventory/${a.id}`, { body: { id: a.id, ...inventoryBody('big tent', 4) } });
      await call('POST', `/v1/inventory/${a.id}/pricing`, { body: { inventoryId: a.id, rentalBlockId: 1, price: 99.99 } });
      const event = (await call('POST', '/v1/events', { body: eventBody('party') })).json.data[0]!;
      await call('POST', `/v1/events/${event.id}/inventory`, { body: { eventId: event.id, inventoryId: a.id, quantity: 2, price: 99.99 } });
      await call('POST', '/v2/inventorycategory', { body: { name: 'Tents', inactive: 0 } });
      await call('DELETE', `/v1/inventory/${b.id}`);
      return Promise.all(
        ['/v1/inventory', '/v1/events', `/v1/events/${event.id}/inventory`, `/v1/inventory/${a.id}/pricing`, '/v2/inventorycategory'].map(
          async (path) => recordsOf((await call('GET', path)).json),
        ),
      );
    });
    await withSandbox(async (call) => {
      const after = await Promise.all(
        ['/v1/inventory', '/v1/events', '/v1/events/1/inventory', '/v1/inventory/1/pricing', '/v2/inventorycategory'].map(
          async (path) => recordsOf((await call('GET', path)).json),
        ),
      );
      expect(after).toEqual(before);
      expect(after[0]!.map((r) => r.name)).toEqual(['big tent']);
      const next = await call('POST', '/v1/inventory', { body: inventoryBody('after restart') });
      expect(next.json.data[0]!.id).toBe(3);
    });
  });

  it('creates the data files with mode 0600, and the journal is checksummed lines', async () => {
    await withSandbox(async (call) => {
      await call('POST', '/v1/inventory', { body: inventoryBody('x') });
      for (const path of [file, journal(), `${file}.lock`]) expect((await stat(path)).mode & 0o777).toBe(0o600);
    });
    const lines = (await readFile(journal(), 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^[0-9a-f]{16} \{"op":"put","resource":"inventory","record":\{"id":1,.*"seq":1\}$/);
    expect(await readdir(dir)).toEqual(['rentals.json', 'rentals.json.journal']);
  });

  it('folds the journal into the snapshot at startup', async () => {
    await withSandbox((call) => call('POST', '/v1/inventory', { body: inventoryBody('x') }));
    expect((await stat(journal())).size).toBeGreaterThan(0);
    await withSandbox(async () => {
      expect((await stat(journal())).size).toBe(0);
      const snapshot = JSON.parse(await readFile(file, 'utf8'));
      expect(snapshot).toMatchObject({ format: 'rentals-sandbox', version: 2, seq: 1, nextIds: { inventory: 2 } });
      expect(snapshot.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(snapshot.records.inventory).toEqual([{ id: 1, name: 'x', quantityAvailable: 1, active: 1 }]);
    });
  });
});

describe('the write path', () => {
  it('appends to the journal and leaves the snapshot alone below the threshold', async () => {
    await withSandbox(async (call) => {
      for (let i = 0; i < 200; i++) await call('POST', '/v1/inventory', { body: inventoryBody(`item ${i}`) });
      const snapshotBefore = await stat(file);
      const journalBefore = (await stat(journal())).size;
      for (let i = 0; i < 50; i++) await call('PUT', '/v1/inventory/1', { body: { id: 1, ...inventoryBody(`renamed ${i}`) } });
      const snapshotAfter = await stat(file);
      expect(snapshotAfter.mtimeMs).toBe(snapshotBefore.mtimeMs);
      expect(snapshotAfter.size).toBe(snapshotBefore.size);
      const perWrite = ((await stat(journal())).size - journalBefore) / 50;
      expect(perWrite).toBeLessThan(200);
    });
  });

  it('takes a new snapshot when the journal passes the threshold, without losing a write', async () => {
    await withSandbox(
      async (call) => {
        const writes = Array.from({ length: 300 }, (_, i) => call('POST', '/v1/inventory', { body: inventoryBody(`item ${i}`) }));
        expect((await Promise.all(writes)).every((r) => r.status === 201)).toBe(true);
        for (let i = 0; i < 100; i++) await call('PUT', '/v1/inventory/7', { body: { id: 7, ...inventoryBody(`v${i}`) } });
        // The snapshot is written after the write that passed the threshold was answered: wait for it (bounded), not a fixed time.
        for (let i = 0; i < 200 && (await stat(journal())).size >= 8 * 1024 + 2048; i++) await new Promise((resolve) => setTimeout(resolve, 25));
        const snapshot = JSON.parse(await readFile(file, 'utf8'));
        expect(snapshot.seq).toBeGreaterThan(0);
        expect((await stat(journal())).size).toBeLessThan(8 * 1024 + 2048);
      },
      { compactAfterBytes: 8 * 1024 },
    );
    await withSandbox(async (call) => {
      const items = (await call('GET', '/v1/inventory')).json.data;
      expect(items).toHaveLength(300);
      expect(items[6]!.name).toBe('v99');
    });
  });
});

describe('damaged files', () => {
  async function threeEntries(): Promise<void> {
    await withSandbox(async (call) => {
      for (const name of ['a', 'b', 'c']) await call('POST', '/v1/inventory', { body: inventoryBody(name) });
    });
  }

  it('drops a torn last entry (never acknowledged) and starts', async () => {
    await threeEntries();
    await appendFile(journal(), '0123456789abcdef {"op":"put","resource":"inventory","rec');
    await withSandbox(async (call) => {
      expect((await call('GET', '/v1/inventory')).json.data.map((r) => r.name)).toEqual(['a', 'b', 'c']);
      expect((await call('POST', '/v1/inventory', { body: inventoryBody('d') })).json.data[0]!.id).toBe(4);
    });
  });

  it('refuses a journal corrupt before its last entry, naming file and line, touching nothing', async () => {
    await threeEntries();
    const text = await readFile(journal(), 'utf8');
    await writeFile(journal(), text.replace(/"name":"b"/, '"name":"B"'));
    const before = { snapshot: await bytesOf(file), journal: await bytesOf(journal()), listing: await readdir(dir) };
    await expect(startSandbox({ port: 0, data: file, token: TOKEN })).rejects.toThrow(
      `the journal ${journal()} is corrupt at line 2 (a line that fails its checksum); the files are left as they are`,
    );
    expect(await bytesOf(file)).toEqual(before.snapshot);
    expect(await bytesOf(journal())).toEqual(before.journal);
    expect(await readdir(dir)).toEqual(before.listing);
  });

  it('refuses a corrupt snapshot, naming the file and line, touching nothing', async () => {
    await threeEntries();
    const text = await readFile(file, 'utf8');
    const broken = text.replace('"pricingType":"Weekly"', '"pricingType":"Weekly",,');
    await writeFile(file, broken);
    const journalBefore = await bytesOf(journal());
    await expect(startSandbox({ port: 0, data: file, token: TOKEN })).rejects.toThrow(
      new RegExp(`^the data file ${file} is not valid JSON \\(.* at line 5, column \\d+\\)`),
    );
    expect(await readFile(file, 'utf8')).toBe(broken);
    expect(await bytesOf(journal())).toEqual(journalBefore);
  });

  it('refuses a snapshot record that breaks a rule', async () => {
    await threeEntries();
    await withSandbox(async () => {});
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('"quantityAvailable":1', '"quantityAvailable":-5'));
    await expect(startSandbox({ port: 0, data: file, token: TOKEN })).rejects.toThrow(
      `the data file ${file} has an invalid records.inventory[0] (line 9): quantityAvailable: must be an integer from 0 to 2147483647 (got -5)`,
    );
  });
});

describe('the data file', () => {
  it('sets the rental blocks', async () => {
    const blocks = [
      { id: 1, pricingType: 'Half day', active: true },
      { id: 7, pricingType: 'Season', active: 0 },
    ];
    await writeFile(file, JSON.stringify({ format: 'rentals-sandbox', version: 1, records: { rentalBlocks: blocks } }));
    await withSandbox(async (call) => {
      const response = await call('GET', '/v1/rentalblocks');
      expect(response.json.data.map(({ Links: _links, ...block }) => block)).toEqual([
        { id: 1, pricingType: 'Half day', active: 1 },
        { id: 7, pricingType: 'Season', active: 0 },
      ]);
    });
  });

  it('is used by one sandbox at a time', async () => {
    await withSandbox(async () => {
      await expect(startSandbox({ port: 0, data: file })).rejects.toThrow(/is in use by another sandbox/);
    });
    await withSandbox(async (call) => expect((await call('GET', '/v1/inventory')).status).toBe(200));
  });

  it('is seeded once: seeding a file that has data changes nothing', async () => {
    const first = await withSandbox(async (call) => recordsOf((await call('GET', '/v1/events')).json), { seed: true });
    expect(first.length).toBeGreaterThan(5);
    const snapshot = await bytesOf(file);
    const second = await withSandbox(async (call) => recordsOf((await call('GET', '/v1/events')).json), { seed: true });
    expect(second).toEqual(first);
    expect(await bytesOf(file)).toEqual(snapshot);
  });

  it('serves reads and writes that arrive together (ids unique and increasing)', async () => {
    const sandbox = await startSandbox({ port: 0, data: file, token: TOKEN });
    try {
      const results = await Promise.all(
        Array.from({ length: 64 }, (_, i) => call(sandbox.url, 'POST', '/v1/inventory', { body: inventoryBody(`n${i}`) })),
      );
      const ids = results.map((r) => r.json.data[0]!.id);
      expect(new Set(ids).size).toBe(64);
      expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
    } finally {
      await sandbox.close();
    }
  });
});
