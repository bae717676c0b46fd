// The one view of changes (domain/changes.ts): what every write planned (a dry run) or did.
// For machines (here): `-o json` the keys a command always printed (`data`) with a top-level
// `changes` array of `{ action, resource, parentId?, id, name?, before, after }`; `-o ndjson` one
// change a line; `-o tsv`/`csv` a row per field a change touches (`action resource id name field
// before after`; a bulk command's with `reason`), control characters escaped as in every row. For people: change-lines.ts.

import { type Change, actionOf, changedFields } from '../domain/changes.js';
import { type ResourceName, resources, writableFields } from '../resources/definitions.js';
import type { Row } from './format.js';

/** Names of the records the changes refer to, by resource and id: an event's status, a line's item and event. */
export type ChangeNames = Partial<Record<ResourceName, Readonly<Record<number, string>>>>;

export interface ChangesView {
  kind: 'changes';
  changes: readonly Change[];
  /** Planned and not sent (a dry run), or written. */
  dryRun: boolean;
  /** Beside `changes` in `-o json`: the keys scripts have always read (the records written, a dry run's request). */
  json?: Readonly<Record<string, unknown>>;
  /** For people: names of what ids refer to. */
  names?: ChangeNames;
  /**
   * For people (not with -o json or ndjson): the line that sums the changes up, last under them at
   * a terminal, on stderr otherwise; by default their count by action (change-lines.ts).
   */
  summary?: string;
  /** The command said already, in its own line, that nothing changed and why (`… already has 2 × Tent …; nothing changed.`): no summary then. */
  saidUnchanged?: boolean;
  /**
   * Piped (not the table): each change's sentence and the summary on stderr too, as the command
   * tells what it did (events book, undo); `summary`: the summary alone (the record verbs: it
   * needs no names, so a piped write reads nothing more than its record).
   */
  narrate?: boolean | 'summary';
  /** The history entry the writes went into (said in the summary: `rentals undo <entry>` takes them back). */
  entry?: string;
  /** Who takes the entry back: `rentals undo` (a person at a shell), or the undo tool (a tool call of `rentals mcp`). */
  undoneBy?: 'tool';
  /** For people: the changes under headings (the history's entries), in place of the list of changes. */
  groups?: ReadonlyArray<{ heading: string; changes: readonly Change[] }>;
}

export const CHANGE_COLUMNS = ['action', 'resource', 'id', 'name', 'field', 'before', 'after'];

/**
 * The columns of a bulk command's -o tsv/csv, its dry run and its run alike: those of every view of
 * changes, then why a row was not (or would not be) sent, empty for a row that was (or would be).
 */
export const BULK_CHANGE_COLUMNS = [...CHANGE_COLUMNS, 'reason'];

/**
 * A bulk row's change as rows under BULK_CHANGE_COLUMNS: sent (or to be), with no reason; `held`:
 * not sent, under what became of its row (`stale`, `refused`…) with why.
 */
export function reasonRows(change: Change, held?: { action: string; reason: string | undefined }): Row[] {
  return [...changeRows([change])].map((shown) => (held ? { ...shown, action: held.action, reason: held.reason ?? null } : { ...shown, reason: null }));
}

/** A change as `-o json` and `-o ndjson` print it: the records without the service's `Links` (navigation, not data). */
export function changeRecord(change: Change): Record<string, unknown> {
  const { resource, parentId, id, name, before, after } = change;
  return { action: actionOf(change), resource, ...(parentId === undefined ? {} : { parentId }), id, ...(name === undefined ? {} : { name }), before: withoutLinks(before), after: withoutLinks(after) };
}

function withoutLinks(record: Record<string, unknown> | null): Record<string, unknown> | null {
  if (record === null || !('Links' in record)) return record;
  const { Links: _links, ...rest } = record;
  return rest;
}

/**
 * What `-o json` prints: the command's own keys and `changes`.
 */
export function changesJson(view: ChangesView): Record<string, unknown> {
  return { ...view.json, changes: view.changes.map(changeRecord), ...(view.entry === undefined ? {} : { entry: view.entry }) };
}

/** The writable fields of a resource, by name (none for one this rentals does not know). */
export function fieldsOf(resource: string): string[] {
  const def = resources[resource as ResourceName];
  return def ? writableFields(def).map((f) => f.name) : [];
}

/** A row per field each change touches (one row without a field for a delete, or a change that touches none). */
export function* changeRows(changes: Iterable<Change>): Generator<Row> {
  for (const change of changes) {
    const action = actionOf(change);
    const head = { action, resource: change.resource, id: change.id, name: change.name ?? null };
    const fields = action === 'delete' ? [] : changedFields(change, fieldsOf(change.resource).filter((f) => f !== 'id'));
    if (fields.length === 0) {
      yield { ...head, field: null, before: null, after: null };
      continue;
    }
    for (const field of fields) yield { ...head, field, before: readValue(change.before?.[field]), after: readValue(change.after?.[field]) };
  }
}

function readValue(value: unknown): unknown {
  return value === undefined ? null : value;
}

/** What a tool call of `rentals mcp` takes a history entry back with: `undo tool with {"entry":"5a95f554"}`. */
export function undoToolWith(entry: string): string {
  return `undo tool with {"entry":"${entry}"}`;
}
