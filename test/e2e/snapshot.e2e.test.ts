// rentals snapshot, rentals diff and rentals sandbox --from-snapshot, as a user runs them.

import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { parseSnapshot } from '../../src/snapshot/document.js';
import { storeImageFromSnapshot } from '../../src/snapshot/image.js';
import { isOrderedSnapshot } from '../../src/snapshot/diff-stream.js';
import { cliFor, freshConfigDir, runRentals } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let production: Sandbox;
let dir: string;
let rentals: ReturnType<typeof cliFor>;

beforeAll(async () => {
  production = await startSandbox({ port: 0, token: 'snapshot-token-0123456789', seed: true });
  dir = freshConfigDir();
  rentals = cliFor(production, dir);
});

afterAll(async () => {
  await production.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('rentals snapshot and diff', () => {
  it('writes every resource to a private file, nested records with their parent', async () => {
    const out = join(dir, 'before.json');
    const result = await rentals(['snapshot', '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/Snapshot written to .*before\.json: 4 rentalBlocks, \d+ inventory, \d+ categories, \d+ prices, \d+ statuses, \d+ events, \d+ bookings\./);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const snapshot = parseSnapshot(readFileSync(out, 'utf8'), out);
    expect(snapshot.source).toBe(production.url);
    const prices = snapshot.resources.prices!;
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p) => typeof p.inventoryId === 'number')).toBe(true);
    expect(snapshot.resources.bookings!.every((b) => typeof b.eventId === 'number')).toBe(true);
    const live = JSON.parse((await rentals(['inventory', 'list', '--json'])).stdout) as { data: unknown[] };
    expect(snapshot.resources.inventory).toHaveLength(live.data.length);
  });

  it('an --out it cannot write is refused with exit 2, naming the path, before any request', async () => {
    const missing = join(dir, 'no-such-dir', 'x.json');
    const result = await rentals(['snapshot', '--out', missing, '--verbose']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error: --out: cannot write ${missing}: no such directory`);
    expect(result.stderr).not.toMatch(/unexpected error|\.partial|^\* GET/m);
    const directory = await rentals(['snapshot', '--out', dir, '--verbose']);
    expect(directory.code).toBe(2);
    expect(directory.stderr).toContain(`error: --out: ${dir} is a directory; name a file`);
    expect(directory.stderr).not.toMatch(/^\* GET/m);
  });

  it('an existing --out is not replaced without --force (exit 2, before any request); with --force it is', async () => {
    const out = join(dir, 'kept.json');
    writeFileSync(out, 'precious\n');
    const refused = await rentals(['snapshot', '--out', out, '--verbose']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`error: --out: ${out} exists already; pass --force to replace it`);
    expect(refused.stderr).not.toMatch(/^\* GET/m);
    expect(readFileSync(out, 'utf8')).toBe('precious\n');
    const forced = await rentals(['snapshot', '--out', out, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(parseSnapshot(readFileSync(out, 'utf8'), out).source).toBe(production.url);
  });

  it('a snapshot with a duplicated record id: diff and sandbox --from-snapshot both refuse it, exit 2, naming it', async () => {
    const before = join(dir, 'before.json');
    const snapshot = parseSnapshot(readFileSync(before, 'utf8'), before);
    const [first] = snapshot.resources.inventory!;
    const twice = join(dir, 'twice.json');
    writeFileSync(twice, JSON.stringify({ ...snapshot, resources: { ...snapshot.resources, inventory: [...snapshot.resources.inventory!, { ...first }] } }));
    const diff = await rentals(['diff', twice, before]);
    expect(diff.stderr).toContain(`error: ${twice}: inventory has two records with id ${String(first!.id)}`);
    expect(diff.stderr).not.toContain('No differences');
    expect(diff.code).toBe(2);
    const live = await rentals(['diff', twice, '--live']);
    expect(live.code).toBe(2);
    const sandbox = await runRentals(['sandbox', '--port', '0', '--from-snapshot', twice], { env: { RENTALS_CONFIG_DIR: dir } });
    expect(sandbox.stderr).toContain(`--from-snapshot ${twice}: inventory has two records with id ${String(first!.id)}`);
    expect(sandbox.code).toBe(2);
  });

  it('finds nothing between a snapshot and itself (exit 0), and each change against --live (exit 1)', async () => {
    const before = join(dir, 'before.json');
    const same = await rentals(['diff', before, before]);
    expect(same.code).toBe(0);
    expect(same.stdout).toBe('');
    expect(same.stderr).toContain('No differences.');

    const items = JSON.parse((await rentals(['inventory', 'list', '--json'])).stdout) as { data: Array<{ id: number; quantityAvailable: number }> };
    const item = items.data[0]!;
    expect((await rentals(['inventory', 'update', String(item.id), '--quantity-available', String(item.quantityAvailable + 5)])).code).toBe(0);
    const changed = await rentals(['diff', before, '--live', '--only', 'inventory', '-o', 'json']);
    expect(changed.code, changed.stderr).toBe(1);
    expect(JSON.parse(changed.stdout)).toEqual({
      data: [{ resource: 'inventory', id: String(item.id), change: 'changed', field: 'quantityAvailable', before: item.quantityAvailable, after: item.quantityAvailable + 5 }],
    });
    const table = await rentals(['diff', before, '--live', '--only', 'inventory', '-o', 'tsv']);
    expect(table.stdout).toBe(`inventory\t${item.id}\tchanged\tquantityAvailable\t${item.quantityAvailable}\t${item.quantityAvailable + 5}\n`);
    expect((await rentals(['inventory', 'update', String(item.id), '--quantity-available', String(item.quantityAvailable)])).code).toBe(0);
  });

  it('two snapshot files merged as they are read print what the whole-file diff prints, in every format, and --fields is checked first', async () => {
    const before = join(dir, 'before.json');
    const document = parseSnapshot(readFileSync(before, 'utf8'), before);
    const changedRecords = (name: 'inventory' | 'prices' | 'bookings', edit: (r: Record<string, unknown>) => Record<string, unknown> | undefined) =>
      (document.resources[name] ?? []).flatMap((r, k) => (k % 3 === 0 ? (edit(r) ?? []) : [r]));
    const after = { ...document, resources: { ...document.resources, inventory: changedRecords('inventory', (r) => ({ ...r, quantityAvailable: Number(r.quantityAvailable) + 1 })), bookings: changedRecords('bookings', () => undefined) } };
    const ordered = join(dir, 'after-ordered.json');
    writeFileSync(ordered, JSON.stringify(after));
    // The same records last-first: read whole, by the in-memory diff.
    const reversed = join(dir, 'after-reversed.json');
    writeFileSync(reversed, JSON.stringify({ ...after, resources: Object.fromEntries(Object.entries(after.resources).map(([name, records]) => [name, [...(records ?? [])].reverse()])) }));
    expect([await isOrderedSnapshot(ordered), await isOrderedSnapshot(reversed)]).toEqual([true, false]);
    for (const format of ['json', 'ndjson', 'csv', 'tsv', 'table']) {
      const merged = await rentals(['diff', before, ordered, '-o', format]);
      const whole = await rentals(['diff', before, reversed, '-o', format]);
      expect(merged.code, merged.stderr).toBe(1);
      expect(merged.stdout, format).toBe(whole.stdout);
      expect(merged.stdout.length).toBeGreaterThan(100);
    }
    const fields = await rentals(['diff', before, ordered, '-o', 'ndjson', '--fields', 'id,nope']);
    expect(fields.code).toBe(2);
    expect(fields.stderr).toContain('unknown field "nope"');
    expect(fields.stdout).toBe('');
  });

  it('refuses what is not a snapshot, and a diff with neither a second file nor --live, with exit 2', async () => {
    const bogus = join(dir, 'bogus.json');
    writeFileSync(bogus, '{"data":[]}');
    const notSnapshot = await rentals(['diff', bogus, '--live']);
    expect(notSnapshot.code).toBe(2);
    expect(notSnapshot.stderr).toContain('not a rentals snapshot');
    const neither = await rentals(['diff', bogus]);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('--live');
  });
});

describe('rentals sandbox --from-snapshot', () => {
  it('serves the snapshot\'s records with their ids: a snapshot of the copy shows no differences', async () => {
    const before = join(dir, 'before.json');
    const image = storeImageFromSnapshot(parseSnapshot(readFileSync(before, 'utf8'), before), before);
    const copy = await startSandbox({ port: 0, token: 'copy-token-0123456789abcdef', fromSnapshot: image });
    try {
      const onCopy = cliFor(copy, dir);
      const result = await onCopy(['diff', before, '--live']);
      expect(result.stderr).toContain('No differences.');
      expect(result.code).toBe(0);
    } finally {
      await copy.close();
    }
  });

  it('exits 2 naming the file when the snapshot cannot be read, as diff does', async () => {
    const result = await runRentals(['sandbox', '--port', '0', '--from-snapshot', join(dir, 'missing.json')], { env: { RENTALS_CONFIG_DIR: dir } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('missing.json: no such file');
  });
});
