// kill -9 at a random moment while writes stream in (after a random number of acknowledged
// writes, so each round has some to check, however slow the machine); restart on the same files:
// the state loads and every acknowledged write is there. Runs the built bundle (dist/sandbox.js) in
// a child process.

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { call, tempDir } from './helpers.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/sandbox-process.mjs', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../../dist/sandbox.js', import.meta.url));
const TOKEN = 'crash-token';
const ROUNDS = 5;
const WORKERS = 8;
/** Each round's kill comes after 1 to this many acknowledged writes. */
const MAX_ACKS_BEFORE_KILL = 120;
/** Small, so snapshots are taken (and interrupted) during the rounds. */
const COMPACT_AFTER_BYTES = 16 * 1024;

interface Item {
  name: string;
  quantityAvailable: number;
}
type Pending = { kind: 'create'; item: Item } | { kind: 'update'; id: number; item: Item } | { kind: 'delete'; id: number };

let dir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  if (!existsSync(BUNDLE)) throw new Error('dist/sandbox.js is missing: run `node scripts/build.mjs` first');
  ({ dir, cleanup } = await tempDir());
});
afterAll(() => cleanup());

function startChild(file: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [FIXTURE, file, String(COMPACT_AFTER_BYTES)], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`the sandbox process did not start: ${err}`)), 10_000);
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('\n')) return;
      clearTimeout(timer);
      resolve({ child, url: (JSON.parse(out.split('\n')[0]!) as { url: string }).url });
    });
    child.on('exit', (code) => reject(new Error(`the sandbox process exited (${code}): ${err}`)));
  });
}

/** The acknowledged state (id → item), kept across rounds, and what each worker had in flight at the kill. */
class Model {
  readonly acked = new Map<number, Item>();
  readonly pending = new Set<Pending>();
  private acks = 0;
  private trigger?: { at: number; fire: () => void };

  /** Resolves once `count` more writes have been acknowledged. */
  afterAcks(count: number): Promise<void> {
    return new Promise((resolve) => (this.trigger = { at: this.acks + count, fire: resolve }));
  }

  acknowledged(op: Pending): void {
    this.pending.delete(op);
    this.acks++;
    if (this.trigger && this.acks >= this.trigger.at) this.trigger.fire();
  }

  /** The state found after a restart must be explained by the acknowledged writes plus, at most, the ones in flight. */
  check(found: Map<number, Item>): void {
    const inFlight = [...this.pending];
    for (const [id, item] of this.acked) {
      const now = found.get(id);
      const deleting = inFlight.some((p) => p.kind === 'delete' && p.id === id);
      const updating = inFlight.find((p): p is Extract<Pending, { kind: 'update' }> => p.kind === 'update' && p.id === id);
      if (now === undefined) {
        expect(deleting, `acknowledged item ${id} is missing`).toBe(true);
        continue;
      }
      if (updating && sameItem(now, updating.item)) continue;
      expect(now, `item ${id} has lost an acknowledged write`).toEqual(item);
    }
    for (const [id, item] of found) {
      if (this.acked.has(id)) continue;
      const created = inFlight.some((p) => p.kind === 'create' && sameItem(p.item, item));
      expect(created, `item ${id} (${item.name}) was never written`).toBe(true);
    }
  }

  /** After a check, what was found is the acknowledged state of the next round. */
  reset(found: Map<number, Item>): void {
    this.acked.clear();
    for (const [id, item] of found) this.acked.set(id, item);
    this.pending.clear();
  }
}

const sameItem = (a: Item, b: Item) => a.name === b.name && a.quantityAvailable === b.quantityAvailable;

/** One writer: creates, renames and deletes its own items, one request at a time, until the server dies. */
async function writer(url: string, worker: number, model: Model, round: number): Promise<void> {
  const mine = [...model.acked.keys()].filter((id) => model.acked.get(id)!.name.startsWith(`w${worker}-`));
  for (let step = 0; ; step++) {
    const item: Item = { name: `w${worker}-r${round}-s${step}`, quantityAvailable: step };
    const roll = Math.random();
    const id = mine[Math.floor(Math.random() * mine.length)];
    const op: Pending =
      id === undefined || roll < 0.5 ? { kind: 'create', item } : roll < 0.85 ? { kind: 'update', id, item } : { kind: 'delete', id };
    model.pending.add(op);
    try {
      if (op.kind === 'create') {
        const response = await call(url, 'POST', '/v1/inventory', { token: TOKEN, body: { ...op.item, active: 1 } });
        expect(response.status).toBe(201);
        const created = response.json.data[0]!.id;
        model.acked.set(created, op.item);
        mine.push(created);
      } else if (op.kind === 'update') {
        const response = await call(url, 'PUT', `/v1/inventory/${op.id}`, { token: TOKEN, body: { id: op.id, ...op.item, active: 1 } });
        expect(response.status).toBe(200);
        model.acked.set(op.id, op.item);
      } else {
        const response = await call(url, 'DELETE', `/v1/inventory/${op.id}`, { token: TOKEN });
        expect(response.status).toBe(200);
        model.acked.delete(op.id);
        mine.splice(mine.indexOf(op.id), 1);
      }
      model.acknowledged(op);
    } catch (error) {
      if (error instanceof Error && error.name === 'AssertionError') throw error;
      return; // the server is gone; `op` stays pending: it may or may not have been applied
    }
  }
}

async function readState(file: string): Promise<Map<number, Item>> {
  const sandbox = await startSandbox({ port: 0, data: file, token: TOKEN, log: () => {} });
  try {
    const response = await call(sandbox.url, 'GET', '/v1/inventory', { token: TOKEN });
    return new Map(response.json.data.map((r) => [r.id, { name: r.name as string, quantityAvailable: r.quantityAvailable as number }]));
  } finally {
    await sandbox.close();
  }
}

describe('kill -9', () => {
  it(`loses no acknowledged write (${ROUNDS} rounds)`, async () => {
    const file = join(dir, 'crash.json');
    const model = new Model();
    for (let round = 0; round < ROUNDS; round++) {
      const { child, url } = await startChild(file);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const killAt = model.afterAcks(1 + Math.floor(Math.random() * MAX_ACKS_BEFORE_KILL));
      const writers = Array.from({ length: WORKERS }, (_, w) => writer(url, w, model, round));
      await Promise.race([killAt, Promise.all(writers)]); // a writer's failed assertion ends the round at once
      child.kill('SIGKILL');
      await exited;
      await Promise.all(writers);
      const found = await readState(file);
      model.check(found);
      model.reset(found);
    }
    for (const suffix of ['', '.journal']) expect((await stat(`${file}${suffix}`)).mode & 0o777).toBe(0o600);
  }, 30_000);
});
