// `rentals <resource> delete` of a record that others refer to, against the real sandbox: refused
// before any question and before anything is sent (a dry run alike), naming what refers to it and
// the commands that make the delete possible; `events delete --with-bookings` deletes the event
// and its bookings as one history entry that `rentals undo` puts back; a server that still
// answers 409 is said in words, with what was deleted before it.

import { describe, expect, test } from 'vitest';
import { type ResourceDef, type ResourceName, referencesTo, resourceList } from '../../src/resources/definitions.js';
import { runCli } from '../helpers/fake-context.js';
import { type FaultProxy, startFaultProxy } from '../helpers/fault-proxy.js';
import { calendarSuite } from './calendar-fixtures.js';
import { type RunResult, cliEnv, jsonData, ok } from './harness.js';
import { data } from './server-state.js';

const fixtures = calendarSuite('Delete');
const { sandbox, call, rentals, item, event, line } = fixtures;

/**
 * `events delete <event> --yes …flags` through the proxy, with a booking of `itemId` made on the
 * event once its DELETE is on its way (held at the proxy): the server then counts a booking the
 * judgement did not see. The run ending before its DELETE fails at once, with its stderr.
 */
async function bookedDuringDelete(proxy: FaultProxy, eventId: number, itemId: number, quantity: number, flags: string[]): Promise<{ run: RunResult; late: number }> {
  const held = proxy.gate((r) => r.method === 'DELETE' && r.path === `/v1/events/${eventId}`, 0);
  const running = rentals(['events', 'delete', String(eventId), ...flags, '--yes'], { env: { RENTALS_BASE_URL: proxy.url } });
  const ended = running.then((run) => {
    throw new Error(`the run ended before its DELETE (exit ${run.code}): ${run.stderr}`);
  });
  await Promise.race([held, ended]);
  const late = await line(eventId, itemId, quantity);
  proxy.open();
  return { run: await running, late };
}

const status = async (path: string) => (await call()('GET', path)).status;
const lines = async (eventId: number) => (await data(call(), 'GET', `/v1/events/${eventId}/inventory`)).map((l) => [l.inventoryId, l.quantity]);

interface Referred {
  id: number;
  name: string;
  /** Where the record is read (it must still be there after a refusal). */
  path: string;
  referrers: Array<{ resource: ResourceName; id: number }>;
}

const FIXTURES: Partial<Record<ResourceName, () => Promise<Referred>>> = {
  events: async () => {
    const chairs = await item(10);
    const party = await event('2030-03-01T08:00:00', '2030-03-02T10:00:00');
    return { ...party, path: `/v1/events/${party.id}`, referrers: [{ resource: 'bookings', id: await line(party.id, chairs.id, 5) }] };
  },
  inventory: async () => {
    const tent = await item(10);
    const [price] = await data(call(), 'GET', `/v1/inventory/${tent.id}/pricing`);
    const show = await event('2030-03-05T08:00:00', '2030-03-06T10:00:00');
    return { ...tent, path: `/v2/inventory/${tent.id}`, referrers: [{ resource: 'prices', id: Number(price!.id) }, { resource: 'bookings', id: await line(show.id, tent.id, 2) }] };
  },
};

const referred: ResourceDef[] = resourceList.filter((def) => def.verbs.includes('delete') && referencesTo(def.name).length > 0);

test('every resource that others refer to has its case here', () => {
  expect(referred.map((def) => def.name).sort()).toEqual(Object.keys(FIXTURES).sort());
});

describe.each(referred)('rentals $command delete of a record others refer to', (def) => {
  test('at a terminal: exit 1, the refusal before any question, nothing deleted', async () => {
    const record = await FIXTURES[def.name]!();
    const run = await runCli([def.command, 'delete', String(record.id)], { env: cliEnv(sandbox()), tty: true, confirmAnswer: true, realWaits: true });
    expect(run.code, run.stderr).toBe(1);
    expect(run.fake.confirms).toEqual([]);
    expect(run.stderr).toContain(`${def.singular} ${record.id} "${record.name}"`);
    for (const referrer of record.referrers) expect(run.stderr).toContain(String(referrer.id));
    expect(run.stderr).toContain('Nothing was deleted.');
    expect(run.stderr).not.toContain('409');
    expect(await status(record.path)).toBe(200);
  });

  test('--yes and --dry-run refuse the same way (exit 1, the same message), nothing sent', async () => {
    const record = await FIXTURES[def.name]!();
    const run = await rentals([def.command, 'delete', String(record.id), '--yes']);
    const dry = await rentals([def.command, 'delete', String(record.id), '--dry-run']);
    expect(run.code).toBe(1);
    expect(dry.code).toBe(1);
    expect(dry.stderr).toBe(run.stderr);
    expect(await status(record.path)).toBe(200);
    const history = jsonData(ok(await rentals(['history', '-o', 'json'])));
    expect(history.filter((entry) => String(entry.command).includes(`${def.command} delete ${record.id}`))).toEqual([]);
  });
});

describe('events delete --with-bookings', () => {
  test('the event and its bookings deleted as one history entry; rentals undo puts back the event and its bookings on it', async () => {
    const [chairs, tables] = [await item(20), await item(20)];
    const party = await event('2030-04-01T08:00:00', '2030-04-02T10:00:00');
    const booked = [await line(party.id, chairs.id, 5), await line(party.id, tables.id, 2)];
    const before = jsonData(ok(await rentals(['history', '-o', 'json']))).length;

    const deleted = ok(await rentals(['events', 'delete', String(party.id), '--with-bookings', '--yes', '-o', 'json']));
    const changes = (JSON.parse(deleted.stdout) as { changes: Array<{ resource: string; id: number; after: unknown }> }).changes;
    expect(changes.map((c) => [c.resource, c.id, c.after])).toEqual([
      ['bookings', booked[0], null],
      ['bookings', booked[1], null],
      ['events', party.id, null],
    ]);
    expect(await status(`/v1/events/${party.id}`)).toBe(404);

    const history = jsonData(ok(await rentals(['history', '-o', 'json'])));
    expect(history).toHaveLength(before + 1);
    expect((history[0]!.records as Array<{ resource: string }>).map((r) => r.resource)).toEqual(['bookings', 'bookings', 'events']);

    const undone = ok(await rentals(['undo']));
    const match = new RegExp(`event ${party.id} was deleted: it comes back as event (\\d+)\\.`).exec(undone.stderr);
    expect(match, undone.stderr).not.toBeNull();
    const newId = Number(match![1]);
    expect((await data(call(), 'GET', `/v1/events/${newId}`))[0]).toMatchObject({ eventName: party.name });
    expect((await lines(newId)).sort()).toEqual([
      [chairs.id, 5],
      [tables.id, 2],
    ]);
  });

  test('--dry-run -o json: a change for each booking and the event; nothing sent', async () => {
    const chairs = await item(20);
    const party = await event('2030-04-05T08:00:00', '2030-04-06T10:00:00');
    const booked = await line(party.id, chairs.id, 5);
    const dry = ok(await rentals(['events', 'delete', String(party.id), '--with-bookings', '--dry-run', '-o', 'json']));
    const changes = (JSON.parse(dry.stdout) as { changes: Array<{ action: string; resource: string; id: number; name?: string }> }).changes;
    expect(changes).toEqual([
      expect.objectContaining({ action: 'delete', resource: 'bookings', id: booked, name: chairs.name }),
      expect.objectContaining({ action: 'delete', resource: 'events', id: party.id, name: party.name }),
    ]);
    expect(await lines(party.id)).toEqual([[chairs.id, 5]]);
  });

  test('at a terminal: asked once, naming the event and how many bookings', async () => {
    const chairs = await item(20);
    const party = await event('2030-04-08T08:00:00', '2030-04-09T10:00:00');
    await line(party.id, chairs.id, 5);
    const run = await runCli(['events', 'delete', String(party.id), '--with-bookings'], { env: cliEnv(sandbox()), tty: true, confirmAnswer: false, realWaits: true });
    expect(run.code).toBe(7);
    expect(run.fake.confirms).toEqual([`Delete event ${party.id} "${party.name}" and its 1 booking?`]);
    expect(await lines(party.id)).toEqual([[chairs.id, 5]]);
  });
});

describe('a server that still answers 409', () => {
  test('a booking made after the judgement: the 409 said in words, exit 1', async () => {
    const chairs = await item(20);
    const party = await event('2030-05-01T08:00:00', '2030-05-02T10:00:00');
    const proxy = await startFaultProxy({ target: sandbox().url });
    try {
      const { run, late } = await bookedDuringDelete(proxy, party.id, chairs.id, 3, []);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`the server refused to delete event ${party.id} "${party.name}": event ${party.id} is still referenced by 1 booking (id ${late})`);
      expect(run.stderr).toContain('Nothing was deleted.');
      expect(await status(`/v1/events/${party.id}`)).toBe(200);
    } finally {
      await proxy.close();
    }
  });

  test('--with-bookings: the bookings deleted before the event was refused are said, and rentals undo puts them back', async () => {
    const [chairs, tables] = [await item(20), await item(20)];
    const party = await event('2030-05-05T08:00:00', '2030-05-06T10:00:00');
    const first = await line(party.id, chairs.id, 4);
    const proxy = await startFaultProxy({ target: sandbox().url });
    try {
      const { run, late } = await bookedDuringDelete(proxy, party.id, tables.id, 1, ['--with-bookings']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`still referenced by 1 booking (id ${late})`);
      expect(run.stderr).toContain(`deleted before: booking ${first} (4 × ${chairs.name})`);
      expect(run.stderr).toContain('rentals undo');
      expect(await lines(party.id)).toEqual([[tables.id, 1]]);
      // The history of writes is kept per API address: the proxy's.
      const undone = ok(await rentals(['undo'], { env: { RENTALS_BASE_URL: proxy.url } }));
      expect(undone.stderr).toContain(`booking ${first} was deleted: it comes back as booking`);
      expect((await lines(party.id)).sort()).toEqual([
        [chairs.id, 4],
        [tables.id, 1],
      ]);
    } finally {
      await proxy.close();
    }
  });

  test('--with-bookings whose bookings stop part way: the event stays, the bookings deleted so far are said, and rentals undo puts them back', async () => {
    const [chairs, tables] = [await item(20), await item(20)];
    const party = await event('2030-05-09T08:00:00', '2030-05-10T10:00:00');
    const first = await line(party.id, chairs.id, 4);
    const second = await line(party.id, tables.id, 2);
    const proxy = await startFaultProxy({ target: sandbox().url, force: (r) => (r.method === 'DELETE' && r.path.endsWith(`/inventory/${second}`) ? '403' : undefined), forceAfterServer: false });
    try {
      const through = { env: { RENTALS_BASE_URL: proxy.url } };
      const run = await rentals(['events', 'delete', String(party.id), '--with-bookings', '--yes'], through);
      expect(run.code).toBe(3);
      expect(run.stderr).toContain(`The event's bookings were deleted before: booking ${first} (4 × ${chairs.name}). The event stands; rentals undo puts its bookings back.`);
      expect(await status(`/v1/events/${party.id}`)).toBe(200);
      expect(await lines(party.id)).toEqual([[tables.id, 2]]);
      ok(await rentals(['undo'], through));
      expect((await lines(party.id)).sort()).toEqual([
        [chairs.id, 4],
        [tables.id, 2],
      ]);
    } finally {
      await proxy.close();
    }
  });
});
