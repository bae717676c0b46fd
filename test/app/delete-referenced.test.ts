// A delete of a record that others refer to (an event with bookings, an item with prices or
// bookings), judged by the generic delete (app/resource/verbs.ts) before any question and before
// anything is sent, a dry run alike: refused whole, naming the records that refer to it and the
// commands that make the delete possible. `events delete --with-bookings` deletes the event's
// bookings first, then the event, asked once.

import { describe, expect, test } from 'vitest';
import { planEventDelete } from '../../src/app/events/delete.js';
import { type ResourceDeps, deleteView } from '../../src/app/resource/verbs.js';
import { StillReferenced } from '../../src/domain/references.js';
import { UsageError } from '../../src/errors.js';
import type { View } from '../../src/output/views.js';
import { type ResourceDef, type ResourceName, referencesTo, resourceList, resources } from '../../src/resources/definitions.js';
import type { Caller } from '../sandbox/helpers.js';
import { aLine, anEvent, anItem, resourceDepsOver, strict, writeWorldSuite } from '../helpers/app-context.js';

const world = writeWorldSuite();

function depsOf(given: Partial<ResourceDeps> = {}) {
  const w = world();
  return { w, ...resourceDepsOver(w, given) };
}

/** No question may be asked: the refusal comes first. */
const noQuestion = () => async (question: string): Promise<boolean> => {
  throw new Error(`unexpected question: ${question}`);
};

function json(view: View): { data: unknown; changes: Array<{ resource: string; id: number; after: unknown }> } {
  if (view.kind !== 'changes') throw new Error(`a write answers with its changes, not ${view.kind}`);
  return { ...view.json, changes: view.changes } as never;
}

interface Referred {
  id: number;
  name: string;
  /** Each record that refers to it, by resource. */
  referrers: Array<{ resource: ResourceName; id: number }>;
}

/** A record of each resource others refer to, with one record of each kind that refers to it. */
const FIXTURES: Partial<Record<ResourceName, (call: Caller) => Promise<Referred>>> = {
  events: async (call) => {
    const chairs = await anItem(call, 10);
    const party = await anEvent(call, '2025-10-01T08:00:00', '2025-10-02T10:00:00');
    const line = await aLine(call, party.id, chairs.id, 5);
    return { ...party, referrers: [{ resource: 'bookings', id: line }] };
  },
  inventory: async (call) => {
    const tent = await anItem(call, 10);
    const price = (await call('GET', `/v1/inventory/${tent.id}/pricing`)).json.data[0]!.id as number;
    const show = await anEvent(call, '2025-11-01T08:00:00', '2025-11-02T10:00:00');
    const line = await aLine(call, show.id, tent.id, 2);
    return { ...tent, referrers: [{ resource: 'prices', id: price }, { resource: 'bookings', id: line }] };
  },
};

/** Every resource a user deletes that records of another resource refer to (the resource table's references). */
const referred: ResourceDef[] = resourceList.filter((def) => def.verbs.includes('delete') && referencesTo(def.name).length > 0);

test('every resource that others refer to has its case here', () => {
  expect(referred.map((def) => def.name).sort()).toEqual(Object.keys(FIXTURES).sort());
});

describe.each(referred)('deleting $singular that others refer to', (def) => {
  test.each([
    ['a delete asked at a terminal', {}],
    ['a delete with --yes', { yes: true }],
    ['a dry run', { dryRun: true }],
  ])('%s: refused before any question and any write, naming the record, what refers to it and the commands that make it possible', async (_, input) => {
    const { w, deps } = depsOf({ asker: noQuestion });
    const record = await FIXTURES[def.name]!(w.call);
    // One record of each kind that refers to it.
    expect(new Set(record.referrers.map((r) => r.resource))).toEqual(new Set(referencesTo(def.name).map((r) => r.def.name)));
    const at = { def, version: def.versions.includes('v2') ? ('v2' as const) : ('v1' as const) };
    const refused = await deleteView(deps, at, `id:${record.id}`, input).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StillReferenced);
    const message = (refused as Error).message;
    expect(message).toContain(`${def.singular} ${record.id} "${record.name}"`);
    for (const referrer of record.referrers) {
      expect(message).toContain(resources[referrer.resource].singular);
      expect(message).toContain(String(referrer.id));
    }
    expect(message).toContain(`rentals ${def.command} delete ${record.id}`);
    expect(message).toContain('Nothing was deleted.');
    expect(w.recorded).toEqual([]);
    expect((await w.call('GET', `/${at.version}/${def.collectionPath}/${record.id}`)).status).toBe(200);
  });
});

describe('an item with prices and bookings on many events', () => {
  test('every price delete written out and the first ten unbooks, then which events the rest are for; each delete with --yes, as a script runs them', async () => {
    const { w, deps } = depsOf();
    const tent = await anItem(w.call, 50);
    const prices = (await w.call('GET', `/v1/inventory/${tent.id}/pricing`)).json.data.map((price) => Number(price.id));
    const shows: number[] = [];
    for (let day = 1; day <= 12; day++) {
      const show = await anEvent(w.call, `2026-01-${String(day).padStart(2, '0')}T08:00:00`, `2026-01-${String(day).padStart(2, '0')}T20:00:00`);
      await aLine(w.call, show.id, tent.id, 1);
      shows.push(show.id);
    }
    const refused = await deleteView(deps, { def: resources.inventory, version: 'v2' }, String(tent.id), { yes: true }).catch((error: unknown) => error as Error);
    const commands = (refused instanceof Error ? refused.message : '').split('\n').filter((line) => line.startsWith('  '));
    expect(commands.filter((line) => line.startsWith('  rentals prices delete '))).toHaveLength(prices.length);
    expect(commands.filter((line) => line.startsWith('  rentals events unbook '))).toHaveLength(10);
    expect(commands).toContain(`  … and 2 more of the same, for events ${shows[10]}, ${shows[11]}`);
    for (const line of commands.filter((command) => command.includes(' delete '))) expect(line).toMatch(/ --yes$/);
    expect(commands.at(-1)).toBe(`  rentals inventory delete ${tent.id} --yes`);
    // Every command on a line of its own, so that wrapping the prose never breaks one.
    expect(commands[0]).toBe(`  rentals inventory update ${tent.id} --inactive`);
  });
});

describe('an event with bookings', () => {
  test('the refusal lists each booking (item and quantity, a few then how many more) and the commands: unbook, or --with-bookings, then the delete again', async () => {
    const { w, deps } = depsOf();
    const items = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => anItem(w.call, 20)));
    const gala = await anEvent(w.call, '2025-12-01T08:00:00', '2025-12-02T10:00:00');
    const lines: number[] = [];
    for (const [i, item] of items.entries()) lines.push(await aLine(w.call, gala.id, item.id, i + 1));
    const refused = await deleteView(deps, { def: resources.events, version: 'v1' }, String(gala.id), { yes: true }).catch((error: unknown) => error as Error);
    const message = refused instanceof Error ? refused.message : '';
    expect(message).toContain(`event ${gala.id} "${gala.name}" has 7 bookings`);
    expect(message).toContain(`${lines[0]} (1 × ${items[0]!.name})`);
    expect(message).toContain(`${lines[4]} (5 × ${items[4]!.name})`);
    expect(message).not.toContain(`${lines[5]} (6 ×`);
    expect(message).toContain('and 2 more');
    expect(message).toContain(`rentals events delete ${gala.id} --with-bookings`);
    expect(message).toContain(`rentals events unbook ${gala.id} --item '${items[0]!.name}'`);
    expect(message.split('\n').at(-1)).toBe(`  rentals events delete ${gala.id} --yes`);
    expect(w.recorded).toEqual([]);
  });

  test('--with-bookings: asked once naming how many, the bookings deleted first, then the event, each through its writer', async () => {
    const asked: string[] = [];
    const { w, deps } = depsOf({ asker: () => async (question) => (asked.push(question), true) });
    const [chairs, tables] = [await anItem(w.call, 10), await anItem(w.call, 10)];
    const party = await anEvent(w.call, '2025-10-05T08:00:00', '2025-10-06T10:00:00');
    const lines = [await aLine(w.call, party.id, chairs.id, 5), await aLine(w.call, party.id, tables.id, 2)];
    const view = json(await deleteView(deps, { def: resources.events, version: 'v1' }, String(party.id), { withBookings: true }));
    expect(asked).toEqual([`Delete event ${party.id} "${party.name}" and its 2 bookings?`]);
    expect(view.changes.map((c) => [c.resource, c.id, c.after])).toEqual([
      ['bookings', lines[0], null],
      ['bookings', lines[1], null],
      ['events', party.id, null],
    ]);
    expect(w.recorded.map((r) => [r.resource, r.id, r.after])).toEqual([
      ['bookings', lines[0], null],
      ['bookings', lines[1], null],
      ['events', party.id, null],
    ]);
    expect((await w.call('GET', `/v1/events/${party.id}`)).status).toBe(404);
  });

  test('--with-bookings --dry-run: the same changes, nothing written', async () => {
    const { w, deps } = depsOf();
    const chairs = await anItem(w.call, 10);
    const party = await anEvent(w.call, '2025-10-07T08:00:00', '2025-10-08T10:00:00');
    const line = await aLine(w.call, party.id, chairs.id, 5);
    const view = json(await deleteView(deps, { def: resources.events, version: 'v1' }, String(party.id), { withBookings: true, dryRun: true }));
    expect(view.changes.map((c) => [c.resource, c.id, c.after])).toEqual([
      ['bookings', line, null],
      ['events', party.id, null],
    ]);
    expect(w.recorded).toEqual([]);
    expect((await w.call('GET', `/v1/events/${party.id}/inventory`)).json.data).toHaveLength(1);
  });

  test('--with-bookings on an event without bookings deletes the event alone, asked as any delete', async () => {
    const asked: string[] = [];
    const { w, deps } = depsOf({ asker: () => async (question) => (asked.push(question), true) });
    const quiet = await anEvent(w.call, '2025-10-09T08:00:00', '2025-10-10T10:00:00');
    const view = json(await deleteView(deps, { def: resources.events, version: 'v1' }, String(quiet.id), { withBookings: true }));
    expect(asked).toEqual([`Delete event ${quiet.id} "${quiet.name}"?`]);
    expect(view.changes.map((c) => c.resource)).toEqual(['events']);
  });

  test('--with-bookings is for events only: refused for another resource before any request', async () => {
    const untouched = strict<ResourceDeps>('deps', {});
    await expect(deleteView(untouched, { def: resources.inventory, version: 'v2' }, '7', { yes: true, withBookings: true })).rejects.toThrow(UsageError);
  });

  test('the plan of an event with its bookings: the bookings first, then the event, judged with them gone; nothing sent until written', async () => {
    const w = world();
    const chairs = await anItem(w.call, 10);
    const party = await anEvent(w.call, '2025-10-11T08:00:00', '2025-10-12T10:00:00');
    const line = await aLine(w.call, party.id, chairs.id, 3);
    const { planned, bookings } = await planEventDelete(w, { def: resources.events, version: 'v1' }, party.id);
    expect(bookings).toBe(1);
    expect(planned.changes.map((c) => [c.resource, c.id])).toEqual([
      ['bookings', line],
      ['events', party.id],
    ]);
    expect(w.recorded).toEqual([]);
    await planned.write();
    expect(w.recorded.map((r) => [r.resource, r.id])).toEqual([
      ['bookings', line],
      ['events', party.id],
    ]);
  });
});
