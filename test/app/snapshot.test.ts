// The snapshot and diff use cases in process, given only what each needs: every member of the
// factory throws "unexpected call" unless the test hands it over, so a use case that reaches for
// more (the service for a diff of two files, standard input for a snapshot) fails here.

import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { diff, snapshot } from '../../src/app/snapshot.js';
import type { DiffChange } from '../../src/snapshot/diff.js';
import type { Outcome } from '../../src/output/views.js';
import { factoryOver, fakeFactory } from '../helpers/fake-factory.js';
import type { Factory } from '../../src/app/factory.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { openSandbox } from '../sandbox/helpers.js';

const dir = fileTempDir('rentals-app-snapshot-');
let files = 0;
const fileOf = (value: unknown): string => {
  const path = join(dir, `s${files++}.json`);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
};
const snapshotOf = (inventory: unknown[]) => ({ kind: 'rentals-snapshot', version: 1, takenAt: 'x', source: 'y', resources: { inventory } });
const item = (id: number, quantityAvailable: number) => ({ id, name: `Item ${id}`, quantityAvailable, active: 1 });

async function changesOf(outcome: Outcome): Promise<DiffChange[]> {
  const view = outcome.view;
  if (view?.kind !== 'stream') return [];
  const changes: DiffChange[] = [];
  for await (const piece of view.pieces) if (piece.kind === 'records') changes.push(...(piece.records as DiffChange[]));
  await outcome.afterPrinting?.();
  return changes;
}

const diffSpools = () => readdirSync(tmpdir()).filter((name) => name.startsWith('rentals-diff-'));

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
const requests: string[] = [];

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true, onRequest: (method, path) => requests.push(`${method} ${path}`) });
});
afterAll(() => sandbox.close());

/** The CLI's own factory against the sandbox: its catalog, address and clock, nothing else. */
async function service(): Promise<Factory> {
  const run = await factoryOver(sandbox, ['catalog', 'baseUrl', 'now']);
  onTestFinished(() => run.close());
  return run.factory;
}

describe('diff', () => {
  test('of two files reads nothing but the files: each change, exit 1, nothing left behind', async () => {
    const before = fileOf(snapshotOf([item(2, 1), item(1, 5)]));
    const after = fileOf(snapshotOf([item(3, 1), item(1, 6)]));
    const outcome = await diff(fakeFactory(), { before, after });
    expect(outcome.exitCode).toBe(1);
    expect((await changesOf(outcome)).map((c) => `${c.id} ${c.change}${c.field ? ` ${c.field}` : ''}`)).toEqual(['1 changed quantityAvailable', '2 removed', '3 added']);
    expect(diffSpools()).toEqual([]);
  });

  test('of a file and itself: no view, "No differences.", exit 0', async () => {
    const same = fileOf(snapshotOf([item(1, 5)]));
    expect(await diff(fakeFactory(), { before: same, after: same })).toEqual({ notices: ['No differences.'], exitCode: 0 });
  });

  test('of a file and standard input reads standard input, once', async () => {
    const before = fileOf(snapshotOf([item(1, 5)]));
    let reads = 0;
    const stdin = () => (reads++, Readable.from([Buffer.from(JSON.stringify(snapshotOf([item(1, 7)])))]));
    const changes = await changesOf(await diff(fakeFactory({ stdin }), { before, after: '-' }));
    expect(changes).toEqual([{ resource: 'inventory', id: 1, change: 'changed', field: 'quantityAvailable', before: 5, after: 7 }]);
    expect(reads).toBe(1);
  });

  test('--live --only inventory lists only the inventory of the service, and compares it', async () => {
    const live = (await sandbox.call('GET', '/v2/inventory')).json as { data: Array<Record<string, unknown>> };
    const first = live.data[0]!;
    const before = fileOf(snapshotOf(live.data.map((r) => (r.id === first.id ? { ...r, quantityAvailable: Number(r.quantityAvailable) + 3 } : r))));
    requests.length = 0;
    const changes = await changesOf(await diff(await service(), { before, live: true, only: 'inventory' }));
    expect(changes).toEqual([{ resource: 'inventory', id: first.id, change: 'changed', field: 'quantityAvailable', before: Number(first.quantityAvailable) + 3, after: first.quantityAvailable }]);
    expect(requests).toEqual(['GET /v2/inventory']);
  });

  test('a file that is not a snapshot is refused before the service is read', async () => {
    const bogus = fileOf('{"data":[]}');
    requests.length = 0;
    await expect(diff(await service(), { before: bogus, live: true })).rejects.toThrow(`${bogus}: not a rentals snapshot`);
    expect(requests).toEqual([]);
  });
});

describe('snapshot', () => {
  test('--out writes the file whole (0600) from the service, and counts each resource; standard input is never read', async () => {
    const out = join(dir, 'taken.json');
    const view = await snapshot(await service(), { out });
    expect(view.kind).toBe('done');
    const written = JSON.parse(readFileSync(out, 'utf8')) as { source: string; resources: Record<string, unknown[]> };
    expect(written.source).toBe(sandbox.url);
    expect(view.kind === 'done' && view.records?.[0]).toEqual({ file: out, counts: Object.fromEntries(Object.entries(written.resources).map(([name, records]) => [name, records.length])) });
  });

  test('to standard output: a document poured as it is read', async () => {
    const view = await snapshot(await service(), {});
    expect(view.kind).toBe('raw');
    let text = '';
    if (view.kind === 'raw') await view.pour?.(async (chunk) => void (text += chunk));
    expect(JSON.parse(text)).toMatchObject({ kind: 'rentals-snapshot', source: sandbox.url });
  });
});
