// Lists are written in chunks from each record's cached JSON: the bytes must be exactly those of one
// JSON.stringify of the whole answer, and a write must never leave a stale record in a later answer.

import { connect } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resources } from '../../src/resources/definitions.js';
import { LONG_LIST } from '../../src/sandbox/list-body.js';
import { Operations } from '../../src/sandbox/operations.js';
import { inMemory } from '../../src/sandbox/persistence.js';
import { serve } from '../../src/sandbox/server.js';
import { Store, type StoredRecord } from '../../src/sandbox/store.js';
import { type Caller, TOKEN, bearer, openSandbox } from './helpers.js';

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let call: Caller;
const ITEMS = 1_500;

beforeAll(async () => {
  sandbox = await openSandbox();
  call = sandbox.call;
  // Names of every width (ASCII, accents, CJK, emoji, escapes) and long ones: many chunks of the list.
  const names = ['Table ronde', 'Zelt 4×8 m', '折りたたみ椅子', 'Stage 🎤 riser', 'Quote " back\\slash\ttab', 'x'.repeat(200)];
  for (let start = 0; start < ITEMS; start += 100) {
    await Promise.all(
      Array.from({ length: 100 }, (_, i) => call('POST', '/v1/inventory', { body: { name: `${names[(start + i) % names.length]} ${start + i}`, quantityAvailable: i, active: 1 } })),
    );
  }
});
afterAll(() => sandbox.close());

/** The record inside a one-record answer `{"data":[…]}`. */
const inner = (text: string) => text.slice('{"data":['.length, -']}'.length);

describe('lists in chunks', () => {
  it('are byte for byte the records of GET one, joined, with a Content-Length that is right', async () => {
    for (const version of ['v1', 'v2']) {
      const list = await call('GET', `/${version}/inventory`);
      expect(list.status).toBe(200);
      expect(list.json.data).toHaveLength(ITEMS);
      expect(Number(list.headers['content-length'])).toBe(Buffer.byteLength(list.text));
      expect(JSON.stringify(JSON.parse(list.text))).toBe(list.text);
      const ones = [];
      for (const { id } of list.json.data) ones.push(inner((await call('GET', `/${version}/inventory/${id}`)).text));
      expect(list.text).toBe(`{"data":[${ones.join(',')}]}`);
    }
  });

  it('records of any size, bigger than a chunk too, come out whole and in order', async () => {
    const sizes = [10, 40_000, 5, 70_000, 32_767, 32_768, 200_000, ...Array.from({ length: 500 }, (_, i) => (i * 97) % 3_000)];
    const records: StoredRecord[] = sizes.map((size, i) => Object.freeze({ id: i + 1, text: 'é'.repeat(size) }));
    const json = (record: StoredRecord) => Buffer.from(JSON.stringify(record));
    const server = await serve(async () => ({ status: 200, data: { records, json } }), '127.0.0.1', 0, () => {});
    try {
      const response = await request(`http://127.0.0.1:${server.port}/`);
      const text = await response.body.text();
      expect(text).toBe(JSON.stringify({ data: records }));
      expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(text));
    } finally {
      await server.close();
    }
  });

  it('lists written at once take turns: one list works in a turn of the event loop, not each of them', async () => {
    // Each list's records are serialised as it is written (no kept body): `json` notes which list
    // is at work, and a setImmediate loop notes each turn. Between two turns, only one list works.
    const LISTS = 4;
    const log: number[] = [];
    const TURN = -1;
    const lists = Array.from({ length: LISTS }, (_, list) => Array.from({ length: 4_000 }, (_, i): StoredRecord => Object.freeze({ id: i + 1, list })));
    const json = (record: StoredRecord) => {
      log.push(record.list as number);
      const until = performance.now() + 0.005; // a record's work
      while (performance.now() < until);
      return Buffer.from(JSON.stringify(record));
    };
    const server = await serve(async (req) => ({ status: 200, data: { records: lists[Number(req.url!.slice(1))]!, json } }), '127.0.0.1', 0, () => {});
    try {
      let writing = true;
      const turns = (async () => {
        while (writing) {
          log.push(TURN);
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const bodies = await Promise.all(lists.map(async (_, list) => (await request(`http://127.0.0.1:${server.port}/${list}`)).body.text()));
      writing = false;
      await turns;
      bodies.forEach((text, list) => expect(text).toBe(JSON.stringify({ data: lists[list] })));
      const perTurn: Set<number>[] = [new Set()];
      for (const entry of log) {
        if (entry === TURN) perTurn.push(new Set());
        else perTurn.at(-1)!.add(entry);
      }
      const busy = perTurn.filter((working) => working.size > 0);
      expect(busy.length).toBeGreaterThan(LISTS * 4);
      expect(busy.filter((working) => working.size > 1)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('an empty list is {"data":[]}', async () => {
    const empty = await call('GET', '/v2/inventorycategory');
    expect(empty.text).toBe('{"data":[]}');
    expect(empty.headers['content-length']).toBe('11');
  });

  it('show every write at once: an update, a create and a delete (no stale cached JSON)', async () => {
    const before = await call('GET', '/v1/inventory');
    const target = before.json.data[10]!;
    const updated = await call('PUT', `/v1/inventory/${target.id}`, { body: { id: target.id, name: 'Renamed ✓', quantityAvailable: 99, active: 0 } });
    expect(updated.status).toBe(200);
    const created = await call('POST', '/v1/inventory', { body: { name: 'Fresh', quantityAvailable: 1, active: 1 } });
    const removed = before.json.data[20]!.id;
    expect((await call('DELETE', `/v1/inventory/${removed}`)).status).toBe(200);

    const after = await call('GET', '/v1/inventory');
    const byId = new Map(after.json.data.map((record) => [record.id, record]));
    expect(byId.get(target.id)).toMatchObject({ name: 'Renamed ✓', quantityAvailable: 99, active: 0 });
    expect(inner((await call('GET', `/v1/inventory/${target.id}`)).text)).toBe(JSON.stringify(byId.get(target.id)));
    expect(byId.get(created.json.data[0]!.id)).toMatchObject({ name: 'Fresh' });
    expect(byId.has(removed)).toBe(false);
    expect(after.json.data).toHaveLength(ITEMS);
  });

  it('a long list read again is the body kept from the first read, until a record of it changes', async () => {
    const first = await call('GET', '/v2/inventory');
    const again = await call('GET', '/v2/inventory');
    expect(again.text).toBe(first.text);
    const other = await call('GET', '/v1/inventory'); // another link context: a body of its own
    expect(other.text).not.toBe(first.text);
    expect(other.text.replaceAll('/v1/', '/v2/')).toBe(first.text);
    const target = first.json.data[3]!;
    await call('PUT', `/v2/inventory/${target.id}`, { body: { id: target.id, name: 'Kept body gone', quantityAvailable: 7, active: 1 } });
    const changed = await call('GET', '/v2/inventory');
    expect(changed.json.data.find((r) => r.id === target.id)).toMatchObject({ name: 'Kept body gone', quantityAvailable: 7 });
    expect(Number(changed.headers['content-length'])).toBe(Buffer.byteLength(changed.text));
    expect((await call('GET', '/v1/inventory')).json.data.find((r) => r.id === target.id)).toMatchObject({ name: 'Kept body gone' });
  });

  it('a long list whose body is kept is answered from it without listing the records again', async () => {
    const store = new Store();
    for (let i = 0; i < LONG_LIST; i++) store.create('inventory', { name: `Item ${i}`, quantityAvailable: 1, active: 1 });
    const operations = new Operations(store, inMemory);
    const links = { origin: 'http://127.0.0.1:1', version: 'v1' as const };
    const list = () => operations.run({ def: resources.inventory, verb: 'list', params: {}, links });
    const first = await list();
    expect(first.data!.records).toHaveLength(LONG_LIST);
    first.data!.body!.keep(Buffer.from('{"data":[…]}'));
    const listed = vi.spyOn(store, 'list');
    const again = await list();
    expect(listed).not.toHaveBeenCalled();
    expect(again.data!.body!.body!.toString()).toBe('{"data":[…]}');
    store.create('inventory', { name: 'One more', quantityAvailable: 1, active: 1 });
    const changed = await list();
    expect(listed).toHaveBeenCalledTimes(1);
    expect(changed.data!.records).toHaveLength(LONG_LIST + 1);
    expect(changed.data!.body!.body).toBeUndefined();
  });

  it('a client that leaves in the middle of a list does not disturb the sandbox', async () => {
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((resolve, reject) => {
        const socket = connect(sandbox.port, '127.0.0.1');
        socket.on('error', reject);
        socket.write(`GET /v1/inventory HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${bearer(TOKEN)}\r\n\r\n`);
        socket.once('data', () => {
          socket.destroy();
          resolve();
        });
      });
    }
    const list = await call('GET', '/v1/inventory');
    expect(list.json.data).toHaveLength(ITEMS);
  });
});
