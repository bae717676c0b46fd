// Every resource × operation × version, table-driven from the resource descriptions, through
// the CLI in-process: the right method and path, the right body, the right output.
// (39 operations of the reference, plus /v2/status and /v2/status/{id}; /authorize is in auth.test.ts.)

import { describe, expect, test } from 'vitest';
import {
  type ApiVersion,
  type ResourceDef,
  type Verb,
  collectionUrlPath,
  kebabCase,
  recordUrlPath,
  resourceList,
  resources,
  writableFields,
} from '../../src/resources/definitions.js';
import { api, bookingRuleReads, envelope, exactBody, expectNothingSent, links, namesListed, nothingRefersTo, sampleRecord, statusesListed, useNock, withApi } from '../helpers/api.js';
import { runCli } from '../helpers/fake-context.js';

useNock();

const PARENT_ID = 7;
const RECORD_ID = 3;

/** The flags and the canonical body of a valid create, per resource. */
const CREATE: Partial<Record<string, { argv: string[]; body: Record<string, unknown> }>> = {
  inventory: {
    argv: ['--name', 'Tent 20x20', '--quantity-available', '4'],
    body: { name: 'Tent 20x20', quantityAvailable: 4, active: 1 },
  },
  categories: { argv: ['--name', 'Tents'], body: { name: 'Tents', inactive: 0 } },
  prices: {
    argv: ['--rental-block-id', '2', '--price', '149.50'],
    body: { inventoryId: PARENT_ID, rentalBlockId: 2, price: 149.5 },
  },
  events: {
    argv: ['--event-name', 'Smith wedding', '--event-status-id', '2', '--rental-block-id', '1', '--start-date', '2026-06-12 14:00', '--end-date', '2026-06-13T01:00:00.000'],
    body: {
      eventName: 'Smith wedding',
      eventStatusId: 2,
      rentalBlockId: 1,
      startDate: '2026-06-12T14:00:00',
      endDate: '2026-06-13T01:00:00',
      dropoffDate: '2026-06-12T14:00:00',
      teardownDate: '2026-06-13T01:00:00',
      pickupDate: '2026-06-13T01:00:00',
      ...Object.fromEntries(
        writableFields(resources.events)
          .filter((f) => !f.required)
          .map((f) => [f.name, null]),
      ),
    },
  },
  bookings: {
    argv: ['--inventory-id', '9', '--quantity', '2', '--price', '150'],
    body: { eventId: PARENT_ID, inventoryId: 9, quantity: 2, price: 150 },
  },
};

/** One field each update changes, and its canonical value. */
const UPDATE: Partial<Record<string, { argv: string[]; field: string; value: unknown }>> = {
  inventory: { argv: ['--quantity-available', '6'], field: 'quantityAvailable', value: 6 },
  categories: { argv: ['--name', 'Party tents'], field: 'name', value: 'Party tents' },
  prices: { argv: ['--price', '155'], field: 'price', value: 155 },
  events: { argv: ['--cancel-date', '2026-05-01'], field: 'cancelDate', value: '2026-05-01T00:00:00' },
  bookings: { argv: ['--quantity', '3'], field: 'quantity', value: 3 },
};

function parentArgs(def: ResourceDef): string[] {
  return def.parent ? [`--${kebabCase(def.parent.field)}`, String(PARENT_ID)] : [];
}

function parentId(def: ResourceDef): number | undefined {
  return def.parent ? PARENT_ID : undefined;
}

function record(def: ResourceDef, version: ApiVersion, id = RECORD_ID): Record<string, unknown> {
  const path = recordUrlPath(def, version, id, parentId(def)).replace(/^\/v\d/, '');
  const overrides = def.parent ? { [def.parent.field]: PARENT_ID } : {};
  return { ...sampleRecord(def, id, overrides), Links: links(def, version, path) };
}

/** The canonical PUT body of `record` with one field changed. */
function updatedBody(def: ResourceDef, change: { field: string; value: unknown }): Record<string, unknown> {
  const canonical: Record<string, unknown> = { id: RECORD_ID };
  const sample = sampleRecord(def, RECORD_ID, def.parent ? { [def.parent.field]: PARENT_ID } : {});
  for (const field of writableFields(def)) {
    const value = sample[field.name];
    if (field.kind === 'bool') canonical[field.name] = value ? 1 : 0;
    else if (field.kind === 'decimal') canonical[field.name] = value === null ? null : Number(value);
    else if (field.kind === 'datetime') canonical[field.name] = typeof value === 'string' ? value.replace('.000', '') : null;
    else canonical[field.name] = value;
  }
  return { ...canonical, [change.field]: change.value };
}

interface Case {
  def: ResourceDef;
  verb: Verb;
  version: ApiVersion;
}

const cases: Case[] = resourceList.flatMap((def) => def.verbs.flatMap((verb) => def.versions.map((version) => ({ def, verb, version }))));

describe('every operation reaches the right method and path', () => {
  test('the descriptions cover the reference: 39 operations + the 2 status operations', () => {
    expect(cases.filter((c) => c.def.name !== 'statuses')).toHaveLength(39);
    expect(cases.filter((c) => c.def.name === 'statuses')).toHaveLength(2);
  });

  test.each(cases.map((c) => [c.def.command, c.verb, c.version, c] as const))('%s %s --api-version %s', async (_cmd, verb, version, { def }) => {
    const collection = collectionUrlPath(def, version, parentId(def));
    const one = recordUrlPath(def, version, RECORD_ID, parentId(def));
    const base = [def.command, verb];
    const versionArgs = ['--api-version', version];
    let argv: string[];
    let scope;
    switch (verb) {
      case 'list': {
        argv = [...base, ...parentArgs(def), ...versionArgs];
        scope = api().get(collection).reply(200, envelope([record(def, version, 1), record(def, version, 2)]));
        break;
      }
      case 'get': {
        argv = [...base, String(RECORD_ID), ...parentArgs(def), ...versionArgs];
        scope = api().get(one).reply(200, envelope([record(def, version)]));
        break;
      }
      case 'add': {
        const create = CREATE[def.name]!;
        argv = [...base, ...parentArgs(def), ...create.argv, ...versionArgs];
        if (def.writeRules === 'bookings') bookingRuleReads({ eventId: PARENT_ID, bookings: [record(def, version)] });
        if (def.name === 'events') statusesListed();
        // What exists before the POST, read first: a fault's outcome is settled by it (api/unknown-outcome.ts).
        // (A booking's collection may be the one its planner reads: bookingRuleReads may serve it.)
        const before = api().get(collection);
        (def.writeRules === 'bookings' ? before.optionally() : before).reply(200, envelope([]));
        scope = api()
          .matchHeader('content-type', 'application/json')
          .post(collection, exactBody(create.body))
          .reply(201, envelope([record(def, version)]));
        // A price is read back: the item's prices, the new one among them (data/price-writer.ts).
        if (def.name === 'prices') api().get(collection).reply(200, envelope([record(def, version)]));
        // An item or a category is read back too: no other of its name added at the same moment (data/unique-names.ts).
        if (def.uniqueLabel) api().get(collection).reply(200, envelope([record(def, version)]));
        break;
      }
      case 'update': {
        const change = UPDATE[def.name]!;
        argv = [...base, String(RECORD_ID), ...parentArgs(def), ...change.argv, ...versionArgs];
        if (def.name === 'events') statusesListed();
        if (def.writeRules === 'bookings') {
          // The planner reads the line with the event's bookings instead of one GET.
          bookingRuleReads({ eventId: PARENT_ID, bookings: [record(def, version)] });
          scope = api().put(one, exactBody(updatedBody(def, change))).reply(200, envelope([record(def, version)]));
          break;
        }
        // Events: a cancel date set also sets a Cancelled status, when the service has one (the
        // statuses listed above have none).
        scope = api()
          .get(one)
          .reply(200, envelope([record(def, version)]))
          .put(one, exactBody(updatedBody(def, change)))
          .reply(200, envelope([record(def, version)]));
        break;
      }
      case 'delete': {
        argv = [...base, String(RECORD_ID), ...parentArgs(def), '--yes', '--json', ...versionArgs];
        // The record is read first: the history of writes keeps it, so that `rentals undo` can bring it back.
        // And what refers to it (none here): a record others refer to is not deleted.
        nothingRefersTo(def.name, RECORD_ID);
        scope = api().get(one).reply(200, envelope([record(def, version)])).delete(one).reply(200, { id: RECORD_ID });
        break;
      }
    }
    // A bare number (the record, its parent, a block) may be some record's name: the list is read for it.
    namesListed([RECORD_ID, PARENT_ID]);
    const result = await runCli(argv, withApi());
    // Piped, the summary alone on stderr, with the entry that takes the write back.
    const done = ({ add: 'created', update: 'changed', delete: 'deleted' } as Record<string, string>)[verb];
    expect(result.stderr).toMatch(done === undefined ? /^$/ : new RegExp(`^1 record ${done}\\. rentals undo [0-9a-f]{8} takes it back\\.\\n$`));
    expect(result.code).toBe(0);
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
    if (verb === 'delete') {
      expect(JSON.parse(result.stdout)).toMatchObject({ data: [{ id: RECORD_ID }], changes: [{ action: 'delete', resource: def.name, id: RECORD_ID, after: null }] });
    } else if (verb === 'add' || verb === 'update') {
      // tsv (not a TTY): the change, a row per field it touches: action, resource, id first.
      const lines = result.stdout.replace(/\n$/, '').split('\n');
      expect(lines.every((l) => l.split('\t').length === 7)).toBe(true);
      expect(lines.every((l) => l.startsWith(`${verb === 'add' ? 'create' : 'update'}\t${def.name}\t${RECORD_ID}\t`))).toBe(true);
    } else {
      // tsv (not a TTY): one line per record, the default columns, id first.
      const lines = result.stdout.replace(/\n$/, '').split('\n');
      expect(lines).toHaveLength(verb === 'list' ? 2 : 1);
      expect(lines.every((l) => l.split('\t').length === def.columns.length)).toBe(true);
      expect(lines[0]!.split('\t')[0]).toBe(verb === 'list' ? '1' : String(RECORD_ID));
    }
  });

  test('the default version is v2 where both exist, else the only one', async () => {
    // Each list once: `--event-id 7` and `--inventory-id 7` are ids, no list read to learn whether a record is named "7".
    const scopes = [
      api().get('/v2/inventory').reply(200, envelope([])),
      api().get('/v2/events/7/inventory').reply(200, envelope([])),
      api().get('/v1/events').reply(200, envelope([])),
      api().get('/v1/inventory/7/pricing').reply(200, envelope([])),
    ];
    for (const argv of [['inventory', 'list'], ['bookings', 'list', '--event-id', '7'], ['events', 'list'], ['prices', 'list', '--inventory-id', '7']]) {
      const result = await runCli(argv, withApi());
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('');
    }
    expect(scopes.every((s) => s.isDone())).toBe(true);
  });

  test('command and verb aliases reach the same operations', async () => {
    const scope = api()
      .get('/v2/rentalblocks')
      .reply(200, envelope([]))
      .get('/v2/inventory/3')
      .reply(200, envelope([record(resources.inventory, 'v2')]))
      .get('/v2/inventorycategory/4')
      .reply(200, envelope([{ id: 4, name: 'Tents', inactive: 0 }]))
      .delete('/v2/inventorycategory/4')
      .reply(200, { id: 4 });
    namesListed([3, 4]);
    expect((await runCli(['blocks', 'ls'], withApi())).code).toBe(0);
    expect((await runCli(['items', 'show', '3'], withApi())).code).toBe(0);
    const removed = await runCli(['category', 'rm', '4', '-y'], withApi());
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe('delete\tcategories\t4\tTents\t\t\t\n');
    expect(scope.isDone()).toBe(true);
  });
});

describe('a version a resource does not have is a usage error, before any request', () => {
  const missing = resourceList.flatMap((def) =>
    (['v1', 'v2'] as const).filter((v) => !def.versions.includes(v)).flatMap((version) => def.verbs.map((verb) => ({ def, verb, version }))),
  );

  test.each(missing.map((c) => [c.def.command, c.verb, c.version, c] as const))('%s %s --api-version %s → exit 2', async (_cmd, verb, version, { def }) => {
    const argv = [def.command, verb];
    if (verb === 'get' || verb === 'update' || verb === 'delete') argv.push('3');
    argv.push(...parentArgs(def));
    if (verb === 'add') argv.push(...CREATE[def.name]!.argv);
    if (verb === 'update') argv.push(...UPDATE[def.name]!.argv);
    if (verb === 'delete') argv.push('--yes');
    const result = await runCli([...argv, '--api-version', version], withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `error: ${def.plural} exist only in ${def.versions.join(' and ')} of the API; --api-version ${version} is not available\n`,
    );
    expect(result.stdout).toBe('');
    expectNothingSent();
  });

  test('an unknown version is a usage error too', async () => {
    const result = await runCli(['inventory', 'list', '--api-version', 'v3'], withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --api-version must be v1 or v2 (got "v3")\n');
    expectNothingSent();
  });

  test('a nested resource without its parent id is a usage error', async () => {
    for (const argv of [['prices', 'list'], ['bookings', 'get', '3'], ['bookings', 'delete', '3', '--yes']]) {
      const result = await runCli(argv, withApi());
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/belong to a parent: --(inventory|event)-id <id> is required/);
    }
    expectNothingSent();
  });
});
