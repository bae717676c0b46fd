// rentals snapshot, rentals diff and rentals sandbox --from-snapshot, as a user runs them.

import { mkdirSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { openSnapshotFile } from '../../src/snapshot/file.js';
import { readSnapshotImage } from '../../src/snapshot/read.js';
import { cliEnv, cliFor, freshConfigDir, runRentals, startBin } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
type Snapshot = { kind: string; source: string; resources: Record<string, Array<Record<string, unknown>> | undefined> };

const parseSnapshot = (text: string): Snapshot => JSON.parse(text) as Snapshot;

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
    const snapshot = parseSnapshot(readFileSync(out, 'utf8'));
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
    expect(parseSnapshot(readFileSync(out, 'utf8')).source).toBe(production.url);
  });

  it('a snapshot with a duplicated record id: diff and sandbox --from-snapshot both refuse it, exit 2, naming it', async () => {
    const before = join(dir, 'before.json');
    const snapshot = parseSnapshot(readFileSync(before, 'utf8'));
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
      data: [{ resource: 'inventory', id: item.id, change: 'changed', field: 'quantityAvailable', before: item.quantityAvailable, after: item.quantityAvailable + 5 }],
    });
    const table = await rentals(['diff', before, '--live', '--only', 'inventory', '-o', 'tsv']);
    expect(table.stdout).toBe(`inventory\t${item.id}\tchanged\tquantityAvailable\t${item.quantityAvailable}\t${item.quantityAvailable + 5}\n`);
    expect((await rentals(['inventory', 'update', String(item.id), '--quantity-available', String(item.quantityAvailable)])).code).toBe(0);
  });

  it('two snapshot files print the same changes whatever their order (records, resources, keys), in every format, and --fields is checked first', async () => {
    const before = join(dir, 'before.json');
    const document = parseSnapshot(readFileSync(before, 'utf8'));
    const changedRecords = (name: 'inventory' | 'prices' | 'bookings', edit: (r: Record<string, unknown>) => Record<string, unknown> | undefined) =>
      (document.resources[name] ?? []).flatMap((r, k) => (k % 3 === 0 ? (edit(r) ?? []) : [r]));
    const after = { ...document, resources: { ...document.resources, inventory: changedRecords('inventory', (r) => ({ ...r, quantityAvailable: Number(r.quantityAvailable) + 1 })), bookings: changedRecords('bookings', () => undefined) } };
    const ordered = join(dir, 'after-ordered.json');
    writeFileSync(ordered, JSON.stringify(after));
    // The same records last-first, resources last-first, keys sorted: sorted on their way in, the same changes.
    const reversed = join(dir, 'after-reversed.json');
    const sortedKeys = (value: unknown): unknown =>
      Array.isArray(value) ? value.map(sortedKeys) : value !== null && typeof value === 'object' ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortedKeys((value as Record<string, unknown>)[k])])) : value;
    writeFileSync(reversed, JSON.stringify(sortedKeys({ ...after, resources: Object.fromEntries(Object.entries(after.resources).reverse().map(([name, records]) => [name, [...(records ?? [])].reverse()])) }), null, 2));
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
    const file = await openSnapshotFile(before);
    const image = await readSnapshotImage(file).finally(() => file.close());
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

describe('records out of id order', () => {
  /** The files the child holds open under `where` (Linux: /proc): unlinked once opened, so none is listed there. */
  const held = (pid: number | undefined, where: string): string[] =>
    readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        return target.startsWith(where) ? [target] : [];
      } catch {
        return [];
      }
    });

  it.runIf(process.platform === 'linux')('are sorted through private files no path names, gone when Ctrl-C ends the diff', { timeout: 30_000 }, async () => {
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    // 70,000 items each way round: more than a diff sorts in memory (~4 MB of records at once).
    const items = (extra: number) => Array.from({ length: 70_000 }, (_, k) => ({ id: 70_000 - k, name: `Item ${70_000 - k}`, quantityAvailable: 1 + extra, active: 1 }));
    const [a, b] = [join(dir, 'a.json'), join(dir, 'b.json')];
    writeFileSync(a, JSON.stringify({ kind: 'rentals-snapshot', version: 1, resources: { inventory: items(0) } }));
    writeFileSync(b, JSON.stringify({ kind: 'rentals-snapshot', version: 1, resources: { inventory: items(1) } }));
    const run = startBin(['diff', a, b, '-o', 'ndjson'], { env: { ...cliEnv(production, dir), TMPDIR: tmp }, timeoutMs: 25_000 });
    await new Promise<void>((resolve) => run.child.stdout.once('data', () => resolve()));
    run.child.stdout.pause(); // 70,000 changes: the child now waits for this reader, its sorted runs open
    expect(held(run.child.pid, tmp).length).toBeGreaterThan(0);
    expect(readdirSync(tmp)).toEqual([]);
    run.child.kill('SIGINT');
    run.child.stdout.resume();
    expect((await run.done).code).not.toBe(0);
    expect(readdirSync(tmp)).toEqual([]);
  });
});
