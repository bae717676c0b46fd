// The view every write answers with (output/changes.ts): its changes, planned (a dry run) or
// written, each named by what the record itself calls it; at a terminal the ids they refer to
// (an event's status, a line's item and event) shown by name, read only then (a script pays no
// request for names it does not print).

import { type Change, actionOf, changedFields } from '../domain/changes.js';
import type { Catalog } from '../data/catalog.js';
import type { ChangeNames, ChangesView } from '../output/changes.js';
import type { View } from '../output/views.js';
import { type ResourceName, fieldByName, resources, writableFields } from '../resources/definitions.js';

export interface ChangesViewOptions {
  dryRun: boolean;
  /** The keys `-o json` printed before it had `changes` (the records written, a dry run's request). */
  json?: Readonly<Record<string, unknown>>;
  /** The run's catalog, for the names people read (none: ids only). */
  catalog?: () => Catalog;
  /** For people only, on stderr (not with -o json or ndjson). */
  note?: string;
}

/** The change with the name its record gives itself (an event's, an item's, a category's), when it has none yet. */
export function named(change: Change): Change {
  if (change.name !== undefined) return change;
  const field = resources[change.resource as ResourceName]?.labelField;
  const value = field === undefined ? undefined : (change.after?.[field] ?? change.before?.[field]);
  return value === undefined || value === null || value === '' ? change : { ...change, name: String(value) };
}

export function changesView(changes: readonly Change[], options: ChangesViewOptions): View {
  const view: ChangesView = { kind: 'changes', changes: changes.map(named), dryRun: options.dryRun, ...(options.json ? { json: options.json } : {}), ...(options.note === undefined ? {} : { note: options.note }) };
  const { catalog } = options;
  if (!catalog) return view;
  return { ...view, forPeople: async () => ({ ...view, names: await referenceNames(view.changes, catalog) }) };
}

/** The names of every record the changes refer to (a name that cannot be read leaves the id). */
async function referenceNames(changes: readonly Change[], catalog: () => Catalog): Promise<ChangeNames> {
  const wanted = new Map<ResourceName, Set<number>>();
  const want = (resource: ResourceName, value: unknown) => {
    const id = Number(value);
    if (value === null || value === undefined || !Number.isInteger(id)) return;
    let ids = wanted.get(resource);
    if (!ids) wanted.set(resource, (ids = new Set()));
    ids.add(id);
  };
  for (const change of changes) {
    const def = resources[change.resource as ResourceName];
    if (!def) continue;
    if (def.parent && change.parentId !== undefined) want(def.parent.resource, change.parentId);
    // Only what people are shown: the fields a create sets or an update changes (a delete shows none).
    const shown = actionOf(change) === 'delete' ? [] : changedFields(change, writableFields(def).map((f) => f.name));
    for (const name of shown) {
      const target = fieldByName(def, name)?.references ?? (def.parent?.field === name ? def.parent.resource : undefined);
      if (!target) continue;
      want(target, change.before?.[name]);
      want(target, change.after?.[name]);
    }
  }
  const names: ChangeNames = {};
  await Promise.all(
    [...wanted].map(async ([resource, ids]) => {
      const index = await catalog().names(resource).catch(() => undefined);
      if (!index) return;
      const found: Record<number, string> = {};
      for (const id of ids) {
        const label = index.label(id);
        if (label !== undefined) found[id] = label;
      }
      names[resource] = found;
    }),
  );
  return names;
}
