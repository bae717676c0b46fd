// The journal a run's writes go through remembers the records it read or wrote, for the history's
// `before` of a later write: the last JOURNAL_REMEMBERS of them, never all of a 300k-row run's.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import type { RequestLogEntry } from '../../src/api/http-types.js';
import { JOURNAL_REMEMBERS, ResourceApi, type WriteJournal } from '../../src/api/resource-api.js';
import type { HistoryRecord } from '../../src/config/history.js';
import { resources } from '../../src/resources/definitions.js';
import { validateWrite } from '../../src/schemas/resource.js';
import { writeGrant } from '../../src/api/write-grant.js';

/** The writers' grant: these tests drive the API's writes themselves. */
const grant = { grant: writeGrant } as const;
import { openSandbox } from '../sandbox/helpers.js';

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let client: ApiClient;
const log: RequestLogEntry[] = [];

beforeAll(async () => {
  sandbox = await openSandbox();
  client = new ApiClient({ baseUrl: sandbox.url, auth: { getToken: async () => sandbox.token }, env: {}, retries: 0, log: (entry) => log.push(entry) });
});
afterAll(async () => {
  client.close();
  await sandbox.close();
});

describe('the journal of a run', () => {
  test('remembers the last records written, not every one; an older one is read again before it is written', async () => {
    const wrote: HistoryRecord[] = [];
    // The bound as a run has it (JOURNAL_REMEMBERS), made small: the same eviction over a few records.
    const remembers = 16;
    expect(JOURNAL_REMEMBERS).toBeGreaterThanOrEqual(1024);
    const journal: WriteJournal = { seen: new Map(), wrote: (record) => wrote.push(record), remembers };
    const api = new ResourceApi(client, journal);
    const at = { def: resources.inventory, version: 'v2' as const };
    const item = (n: number) => validateWrite(resources.inventory, { name: `Item ${n}`, quantityAvailable: n, active: 1 }, 'create');
    const ids: number[] = [];
    for (let n = 0; n < remembers + 10; n++) ids.push(Number((await api.create(at, item(n), grant)).records[0]!.id));
    expect(journal.seen.size).toBe(remembers);

    log.length = 0;
    const last = ids.at(-1)!;
    await api.update(at, last, validateWrite(resources.inventory, { id: last, name: 'Last', quantityAvailable: 1, active: 1 }, 'update'), grant);
    expect(log.map((e) => e.method)).toEqual(['PUT']);
    const first = ids[0]!;
    await api.update(at, first, validateWrite(resources.inventory, { id: first, name: 'First', quantityAvailable: 1, active: 1 }, 'update'), grant);
    expect(log.map((e) => e.method)).toEqual(['PUT', 'GET', 'PUT']);
    expect(wrote.at(-1)).toMatchObject({ id: first, before: { name: 'Item 0' }, after: { name: 'First' } });
    expect(journal.seen.size).toBe(remembers);
  });

  test("remembers a record as the history keeps it, without the service's Links; the caller still gets them", async () => {
    const wrote: HistoryRecord[] = [];
    const journal: WriteJournal = { seen: new Map(), wrote: (record) => wrote.push(record) };
    const api = new ResourceApi(client, journal);
    const at = { def: resources.inventory, version: 'v2' as const };
    const created = await api.create(at, validateWrite(resources.inventory, { name: 'Linked', quantityAvailable: 2, active: 1 }, 'create'), grant);
    const id = Number(created.records[0]!.id);
    expect(created.records[0]).toHaveProperty('Links');
    const read = await api.get(at, id);
    expect(read.records[0]).toHaveProperty('Links');
    const updated = await api.update(at, id, validateWrite(resources.inventory, { id, name: 'Linked again', quantityAvailable: 2, active: 1 }, 'update'), grant);
    expect(updated.records[0]).toHaveProperty('Links');
    expect(journal.seen.size).toBe(1);
    for (const record of journal.seen.values()) expect(record).not.toHaveProperty('Links');
    expect([...journal.seen.values()][0]).toMatchObject({ id, name: 'Linked again' });
    expect(wrote.at(-1)).toMatchObject({ id, before: { name: 'Linked' }, after: { name: 'Linked again' } });
    expect(wrote.at(-1)!.before).not.toHaveProperty('Links');
  });

  test("a write given its record before keeps no older read of it: a later write's before is what that write left", async () => {
    const wrote: HistoryRecord[] = [];
    const journal: WriteJournal = { seen: new Map(), wrote: (record) => wrote.push(record) };
    const api = new ResourceApi(client, journal);
    const at = { def: resources.inventory, version: 'v2' as const };
    const body = (id: number, name: string) => validateWrite(resources.inventory, { id, name, quantityAvailable: 3, active: 1 }, 'update');
    const created = await api.create(at, validateWrite(resources.inventory, { name: 'One', quantityAvailable: 3, active: 1 }, 'create'), grant);
    const id = Number(created.records[0]!.id);
    await api.get(at, id); // remembered: { name: 'One' }
    // A bulk row's write: the caller gives the record as it checked it.
    await api.update(at, id, body(id, 'Two'), { ...grant, before: { id, name: 'One', quantityAvailable: 3, active: 1 } });
    await api.update(at, id, body(id, 'Three'), grant);
    expect(wrote.at(-1)).toMatchObject({ id, before: { name: 'Two' }, after: { name: 'Three' } });
  });
});
