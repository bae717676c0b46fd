// The view every write answers with (output/changes.ts): its changes, planned (a dry run) or
// written, each named by what the record itself calls it; at a terminal the ids they refer to
// (an event's status, a line's item and event) shown by name, read only then (a script pays no
// request for names it does not print).

import { type Change, actionOf, changedFields, sameRecord } from '../domain/changes.js';
import type { PlannedWrite } from '../data/planned-write.js';
import type { Catalog } from '../data/catalog.js';
import type { ChangeNames, ChangesView } from '../output/changes.js';
import type { View } from '../output/views.js';
import { type ResourceName, fieldByName, resources, writableFields } from '../resources/definitions.js';

export interface ChangesViewOptions {
  dryRun: boolean;
  /** The keys `-o json` printed before it had `changes` (the records written, a dry run's request). */
  json?: Readonly<Record<string, unknown>>;
  /** The run's catalog, for the names people read (none: ids only, or what `names` knows). */
  catalog?: () => Catalog;
  /** Names the use case knows already (the event a booking write is on, its items): no request for them. */
  names?: ChangeNames;
  /** For people: the line that sums the changes up (by default their count by action). */
  summary?: string;
  /** The command said already, in its own line, that nothing changed and why: no summary of its own then. */
  saidUnchanged?: boolean;
  /** Piped too, the sentences and summary on stderr (a command that tells what it did: events book, undo); `summary`: the summary alone. */
  narrate?: ChangesView['narrate'];
}

/** The change with the name its record gives itself (an event's, an item's, a category's), when it has none yet. */
export function named(change: Change): Change {
  if (change.name !== undefined) return change;
  const field = resources[change.resource as ResourceName]?.labelField;
  const value = field === undefined ? undefined : (change.after?.[field] ?? change.before?.[field]);
  return value === undefined || value === null || value === '' ? change : { ...change, name: String(value) };
}

export function changesView(changes: readonly Change[], options: ChangesViewOptions): View {
  const view: ChangesView = {
    kind: 'changes',
    changes: changes.map(named),
    dryRun: options.dryRun,
    ...(options.json ? { json: options.json } : {}),
    ...(options.names ? { names: options.names } : {}),
    ...(options.summary === undefined ? {} : { summary: options.summary }),
    ...(options.saidUnchanged ? { saidUnchanged: true } : {}),
    ...(options.narrate ? { narrate: options.narrate } : {}),
  };
  const { catalog } = options;
  if (!catalog) return view;
  // A record the write itself names (an event it deletes with its bookings) is named from it: the
  // service, read after the write, no longer has it.
  return { ...view, forPeople: async () => ({ ...view, names: await referenceNames(view.changes, catalog, { ...ownNames(view.changes), ...view.names }) }) };
}

/** The names the changes' own records give themselves (an event's, an item's), by resource and id. */
function ownNames(changes: readonly Change[]): ChangeNames {
  const names: Partial<Record<ResourceName, Record<number, string>>> = {};
  for (const change of changes) {
    const id = Number(change.id);
    if (change.name === undefined || change.id === null || !Number.isInteger(id)) continue;
    if (resources[change.resource as ResourceName]?.labelField === undefined) continue;
    (names[change.resource as ResourceName] ??= {})[id] = change.name;
  }
  return names;
}

/** The ids a change refers to that people are shown: a booking's item and event, a price's item and block (their sentences name them), any other reference it sets or changes. */
export function wantedReferences(change: Change, want: (resource: ResourceName, value: unknown) => void): void {
  const def = resources[change.resource as ResourceName];
  if (!def) return;
  if (def.parent && change.parentId !== undefined) want(def.parent.resource, change.parentId);
  const always = change.resource === 'bookings' || change.resource === 'prices';
  const shown = always ? writableFields(def).map((f) => f.name) : actionOf(change) === 'delete' ? [] : changedFields(change, writableFields(def).map((f) => f.name));
  for (const name of shown) {
    const target = fieldByName(def, name)?.references ?? (def.parent?.field === name ? def.parent.resource : undefined);
    if (!target) continue;
    want(target, change.before?.[name]);
    want(target, change.after?.[name]);
  }
}

/** The names of every record the changes refer to, beyond those `known` (a name that cannot be read leaves the id). */
export async function referenceNames(changes: readonly Change[], catalog: () => Catalog, known: ChangeNames = {}): Promise<ChangeNames> {
  const wanted = new Map<ResourceName, Set<number>>();
  const want = (resource: ResourceName, value: unknown) => {
    const id = Number(value);
    if (value === null || value === undefined || !Number.isInteger(id) || known[resource]?.[id] !== undefined) return;
    let ids = wanted.get(resource);
    if (!ids) wanted.set(resource, (ids = new Set()));
    ids.add(id);
  };
  for (const change of changes) wantedReferences(change, want);
  const names: ChangeNames = { ...known };
  await Promise.all(
    [...wanted].map(async ([resource, ids]) => {
      const index = await catalog().names(resource).catch(() => undefined);
      if (!index) return;
      const found: Record<number, string> = { ...known[resource] };
      for (const id of ids) {
        const label = index.label(id);
        if (label !== undefined) found[id] = label;
      }
      names[resource] = found;
    }),
  );
  return names;
}

/**
 * The record an update leaves as it is (every value given is the one it has): nothing to send.
 * Text is compared as written: a postal code `02134` is not the `2134` stored (the API's own ways
 * of writing a number, a flag or a datetime are the same value).
 */
export function unchangedRecord(planned: Pick<PlannedWrite, 'changes'>): Change | undefined {
  const [change, ...more] = planned.changes;
  if (!change || more.length > 0 || actionOf(change) !== 'update' || !sameRecord(change.before, change.after)) return undefined;
  const texts = resources[change.resource as ResourceName]?.fields.filter((field) => field.kind === 'string') ?? [];
  return texts.every((field) => (change.before?.[field.name] ?? null) === (change.after?.[field.name] ?? null)) ? change : undefined;
}

/** `Nothing changed: event 40 "Gala" already has those values.`; `-o json`: the record as it is, no changes. Nothing written, no history. */
export async function unchangedView(change: Change, dryRun: boolean): Promise<View> {
  const { recordText } = await import('../output/change-lines.js');
  return changesView([], { dryRun, json: { data: [change.before] }, summary: `${dryRun ? 'Nothing would change' : 'Nothing changed'}: ${recordText(named(change))} already has those values.`, narrate: 'summary' });
}
