// The changes of a write for people (output/changes.ts has them for machines): a line per record
// (`Changed event 12 "Smith wedding"`, `Created booking 40 "Chair" on event 12 "Smith wedding"`),
// then a line per field it touches, before → after, ids shown by the names of what they refer to
// (`Quoted (1) → Confirmed (2)`), money with its scale, all wrapped to the terminal's width.

import { type Change, actionOf, changedFields } from '../domain/changes.js';
import { formatMoneyFixed, parseMoney } from '../domain/money.js';
import { parseWallTime, shortWallTime } from '../domain/wall-time.js';
import { type ResourceName, fieldByName, fieldTitles, resources } from '../resources/definitions.js';
import { type ChangeNames, type ChangesView, fieldsOf } from './changes.js';
import { textWidth } from './width.js';
import { hangingLines } from './wrap.js';

/** `event 12 "Smith wedding"`, `booking 40 "Chair" on event 12 "Smith wedding"`, `a new booking`. */
function recordText(change: Change, names: ChangeNames | undefined): string {
  const def = resources[change.resource as ResourceName];
  const singular = def?.singular ?? change.resource;
  const named = change.name === undefined ? '' : ` ${JSON.stringify(change.name)}`;
  const record = change.id === null ? `a new ${singular}${named}` : `${singular} ${change.id}${named}`;
  if (!def?.parent || change.parentId === undefined) return record;
  const parent = def.parent.resource;
  const parentName = names?.[parent]?.[change.parentId];
  return `${record} on ${resources[parent].singular} ${change.parentId}${parentName === undefined ? '' : ` ${JSON.stringify(parentName)}`}`;
}

const VERBS = {
  planned: { create: 'Would create', update: 'Would change', delete: 'Would delete' },
  written: { create: 'Created', update: 'Changed', delete: 'Deleted' },
} as const;

/** A value for people: a reference by its name (`Confirmed (2)`), money with its scale (`67.50`), a time on the wall (`2026-06-12 14:00`), none as `—`. */
function shown(resource: string, field: string, value: unknown, names: ChangeNames | undefined): string {
  if (value === undefined || value === null || value === '') return '—';
  const def = resources[resource as ResourceName];
  const known = def && fieldByName(def, field);
  const target = known?.references ?? (def?.parent?.field === field ? def.parent.resource : undefined);
  const name = target === undefined ? undefined : names?.[target]?.[Number(value)];
  if (name !== undefined) return `${name} (${String(value)})`;
  if (known?.kind === 'decimal' && (typeof value === 'number' || typeof value === 'string')) {
    const money = parseMoney(value);
    if (money) return formatMoneyFixed(money);
  }
  if (known?.kind === 'datetime') {
    const time = parseWallTime(value);
    if (time !== undefined) return shortWallTime(time);
  }
  if (known?.kind === 'bool') return value === true || value === 1 || value === '1' || value === 'true' ? 'true' : 'false';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The changes for people, wrapped to `width` (0: unknown, one line each): a line per record, then a line per field it touches. */
export function changeLines(view: ChangesView, width = 0): string[] {
  const lines: string[] = [];
  for (const change of view.changes) {
    const action = actionOf(change);
    const verb = VERBS[view.dryRun ? 'planned' : 'written'][action];
    lines.push(...hangingLines(`${verb} `, textWidth(verb) + 1, recordText(change, view.names), width));
    if (action === 'delete') continue;
    const def = resources[change.resource as ResourceName];
    const titles = def ? fieldTitles(def) : {};
    const fields = changedFields(change, fieldsOf(change.resource).filter((f) => f !== 'id'));
    const titleWidth = Math.max(0, ...fields.map((f) => textWidth(titles[f] ?? f)));
    for (const field of fields) {
      const title = titles[field] ?? field;
      const lead = `  ${title}${' '.repeat(titleWidth - textWidth(title))}  `;
      const after = shown(change.resource, field, change.after?.[field], view.names);
      const text = action === 'create' ? after : `${shown(change.resource, field, change.before?.[field], view.names)} → ${after}`;
      lines.push(...hangingLines(lead, titleWidth + 4, text, width));
    }
  }
  if (view.changes.length === 0) lines.push(view.dryRun ? 'Nothing would change.' : 'Nothing changed.');
  return lines;
}
