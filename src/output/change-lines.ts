// The changes of a write for people (output/changes.ts has them for machines), in the shop's words:
// a sentence per record — `Booked 2 × Frame Tent on "Smith wedding" at 675.00 (Weekend price)`,
// `Changed the Weekend price of Frame Tent: 675.00 → 742.50 (+10.0%)`, `Changed event 12 "Smith
// wedding"` — then, for an event, an item or a category, a line per field it touches under the
// field's title (Start, not startDate), before → after, what an id refers to by its name (Quoted →
// Confirmed), money in the shop's currency; last, one line that sums it up. All wrapped to the
// terminal's width between words. A history entry's changes read the same, under its heading.

import { escapeControl, quotedName } from '../common/sanitize.js';
import { type Change, actionOf, changedFields } from '../domain/changes.js';
import { type MoneyText, compareMoney, formatChangePercent, parseMoney } from '../domain/money.js';
import { describeDifference } from '../domain/undo-steps.js';
import { parseWallTime, shortWallTime } from '../domain/wall-time.js';
import { type ResourceName, fieldByName, fieldTitles, resources } from '../resources/definitions.js';
import { type ChangeNames, type ChangesView, fieldsOf, undoToolWith } from './changes.js';
import { moneyTextIn } from './money-text.js';
import { columnTitle } from './titles.js';
import { textWidth } from './width.js';
import { hangingLines } from './wrap.js';

export interface ChangeTextOptions {
  /** The terminal's width; 0: unknown (one line each). */
  width: number;
  /** The shop's currency (ISO 4217): money shown in it. */
  currency?: string | undefined;
}

/** What a sentence needs: the names of what ids refer to, how an amount is shown, planned or written. */
interface Speaker {
  names: ChangeNames | undefined;
  money: MoneyText;
  planned: boolean;
}

/** The word a shop uses for a record of the resource: an item, not an inventory item. */
const RECORD_WORDS: Partial<Record<ResourceName, string>> = { inventory: 'item', categories: 'category' };

const VERBS = {
  create: ['Created', 'Would create'],
  update: ['Changed', 'Would change'],
  delete: ['Deleted', 'Would delete'],
  book: ['Booked', 'Would book'],
  remove: ['Removed', 'Would remove'],
  add: ['Added', 'Would add'],
} as const;

function verb(speaker: Speaker, which: keyof typeof VERBS): string {
  return VERBS[which][speaker.planned ? 1 : 0];
}

/** `startDate` → `Start` (its title), `cancelReason` → `Cancel reason`. */
function fieldTitle(resource: string, field: string): string {
  const def = resources[resource as ResourceName];
  return columnTitle(field, def ? fieldTitles(def) : undefined);
}

function nameOf(speaker: Speaker, resource: ResourceName, id: unknown): string | undefined {
  if (id === null || id === undefined || id === '') return undefined;
  return speaker.names?.[resource]?.[Number(id)];
}

/** An event as a sentence names it: `"Smith wedding"`, or `event 12` when its name is not known. */
function eventText(speaker: Speaker, id: unknown): string {
  if (id === null || id === undefined) return 'the new event';
  const name = nameOf(speaker, 'events', id);
  return name === undefined ? `event ${String(id)}` : quotedName(name);
}

/** An item: `Frame Tent`, or `item 7`. */
function itemText(speaker: Speaker, id: unknown, own?: string): string {
  return nameOf(speaker, 'inventory', id) ?? own ?? `item ${String(id)}`;
}

function money(speaker: Speaker, value: unknown): string | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const parsed = parseMoney(value);
  return parsed ? speaker.money(parsed) : undefined;
}

/** A value for people: a reference by its name (`Confirmed`), money in the currency, a time on the wall (`2026-06-12 14:00`), yes/no, none as `—`. */
function shown(speaker: Speaker, resource: string, field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  const def = resources[resource as ResourceName];
  const known = def && fieldByName(def, field);
  const target = known?.references ?? (def?.parent?.field === field ? def.parent.resource : undefined);
  if (target !== undefined) {
    const name = nameOf(speaker, target, value);
    if (name !== undefined) return name;
    return `${resources[target].singular} ${String(value)}`;
  }
  if (known?.kind === 'decimal') return money(speaker, value) ?? String(value);
  if (known?.kind === 'datetime') {
    const time = parseWallTime(value);
    if (time !== undefined) return shortWallTime(time);
  }
  if (known?.kind === 'bool') return value === true || value === 1 || value === '1' || value === 'true' ? 'yes' : 'no';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * `Status is Cancelled now; the entry left Confirmed`: how a record differs from what a history
 * entry left, as people read it (the field's title, a reference by its name, a wall time, money).
 * A record gone, or back again, is said as the domain says it.
 */
function differenceText(resource: string, difference: { field: string; left: unknown; now: unknown }, names: ChangeNames | undefined, money: MoneyText): string {
  if (difference.field === 'id') return describeDifference(difference);
  const speaker: Speaker = { names, money, planned: false };
  const value = (v: unknown) => shown(speaker, resource, difference.field, v);
  return `${fieldTitle(resource, difference.field)} is ${value(difference.now)} now; the entry left ${value(difference.left)}`;
}

/** How a record differs from what an entry left, each field said by differenceText (amounts as `money` shows them), an event's dates in the order they follow (Dropoff, Start, End…). */
export function differencesText(resource: string, differences: ReadonlyArray<{ field: string; left: unknown; now: unknown }>, names: ChangeNames | undefined, money: MoneyText): string {
  const order = inDateOrder(
    differences.map((d) => d.field),
    resources[resource as ResourceName]?.dateOrder,
  );
  return order.map((field) => differenceText(resource, differences.find((d) => d.field === field)!, names, money)).join('; ');
}

/** An event's dates in the order they follow (dropoff, start, end, teardown, pickup), where the first of them is. */
function inDateOrder(fields: string[], order: readonly string[] | undefined): string[] {
  if (!order) return fields;
  const dates = order.filter((f) => fields.includes(f));
  const at = fields.findIndex((f) => dates.includes(f));
  if (at < 0) return fields;
  const others = fields.filter((f) => !dates.includes(f));
  return [...others.slice(0, at), ...dates, ...others.slice(at)];
}

/** The fields a change touches, each as `title: before → after` (a create's: `title: value`). */
function fieldChanges(speaker: Speaker, change: Change, skip: readonly string[] = []): Array<{ title: string; text: string }> {
  const { resource } = change;
  const def = resources[resource as ResourceName];
  const fields = inDateOrder(changedFields(change, fieldsOf(resource).filter((f) => f !== 'id' && !skip.includes(f) && f !== def?.parent?.field)), def?.dateOrder);
  return fields.map((field) => {
    const after = shown(speaker, resource, field, change.after?.[field]);
    return { title: fieldTitle(resource, field), text: change.before === null ? after : `${shown(speaker, resource, field, change.before[field])} → ${after}` };
  });
}

const inline = (fields: ReadonlyArray<{ title: string; text: string }>) => fields.map((f) => `${f.title} ${f.text}`).join('; ');
const noted = (change: Change) => (change.note === undefined ? '' : ` (${change.note})`);

/** A booking line: `Booked 2 × Frame Tent on "Smith wedding" at 675.00 (Weekend price)`. */
function bookingSentence(speaker: Speaker, change: Change): string {
  const line = (change.after ?? change.before)!;
  const event = eventText(speaker, change.parentId ?? line.eventId);
  const item = itemText(speaker, (change.before ?? change.after)!.inventoryId, change.name);
  switch (actionOf(change)) {
    case 'create': {
      const price = money(speaker, line.price);
      return `${verb(speaker, 'book')} ${String(line.quantity)} × ${item} on ${event}${price === undefined ? '' : ` at ${price}`}${noted(change)}`;
    }
    case 'delete':
      return `${verb(speaker, 'remove')} ${String(line.quantity)} × ${item} from ${event}`;
    default: {
      const fields = fieldChanges(speaker, change);
      return `${verb(speaker, 'update')} ${item} on ${event}${fields.length === 0 ? '' : `: ${inline(fields)}`}${noted(change)}`;
    }
  }
}

/** An item's price for a block: `Changed the Weekend price of Frame Tent: 675.00 → 742.50 (+10.0%)`. */
function priceSentence(speaker: Speaker, change: Change): string {
  // A change keeps what it changed: its block and item may be on either side, or only in its name.
  const values = { ...change.after, ...change.before };
  const item = change.parentId ?? values.inventoryId;
  const block = values.rentalBlockId === undefined ? undefined : (nameOf(speaker, 'rentalBlocks', values.rentalBlockId) ?? `rental block ${String(values.rentalBlockId)}`);
  const what = block !== undefined && item !== undefined ? `the ${block} price of ${itemText(speaker, item)}` : `the price ${change.name === undefined ? String(change.id) : quotedName(change.name)}`;
  const action = actionOf(change);
  if (action === 'create') return `${verb(speaker, 'add')} ${what}: ${money(speaker, change.after!.price) ?? '—'}`;
  if (action === 'delete') return `${verb(speaker, 'delete')} ${what} (${money(speaker, values.price) ?? '—'})`;
  const others = fieldChanges(speaker, change, ['price']);
  const before = parseMoney(String(change.before!.price));
  const after = parseMoney(String(change.after!.price));
  const price = before && after && compareMoney(before, after) !== 0 ? `${money(speaker, change.before!.price)} → ${money(speaker, change.after!.price)} (${formatChangePercent(before, after)})` : undefined;
  return `${verb(speaker, 'update')} ${what}${[price, inline(others)].filter((p) => p !== undefined && p !== '').map((p, i) => `${i === 0 ? ': ' : '; '}${p}`).join('')}`;
}

/**
 * `event 12 "Smith wedding"`, `item "Frame Tent"`, `a new event "Smith wedding"` (a dry run's create).
 */
export function recordText(change: Change): string {
  const def = resources[change.resource as ResourceName];
  const word = RECORD_WORDS[change.resource as ResourceName] ?? def?.singular ?? change.resource;
  const named = change.name === undefined ? '' : ` ${quotedName(change.name)}`;
  return change.id === null ? `${word}${named}` : `${word} ${change.id}${named}`;
}

/** The sentence of a change (its first line): what happened to which record, in the shop's words. */
export function changeSentence(change: Change, speaker: Speaker): string {
  if (change.resource === 'bookings') return bookingSentence(speaker, change);
  if (change.resource === 'prices') return priceSentence(speaker, change);
  return `${verb(speaker, actionOf(change))} ${recordText(change)}${noted(change)}`;
}

/** The lines of one change: its sentence, then (an event, an item, a category) a line per field it touches. */
function linesOf(change: Change, speaker: Speaker, width: number, indent: string): string[] {
  // Controls shown before wrapping, which takes a TAB or a line break for a space between words (a
  // name's `Tent\tA` would read `Tent A`): as the sentence's quoted names show them.
  const sentence = escapeControl(changeSentence(change, speaker));
  const lines = hangingLines(indent, indent.length + 2, sentence, width);
  if (change.resource === 'bookings' || change.resource === 'prices' || actionOf(change) === 'delete') return lines;
  const fields = fieldChanges(speaker, change);
  const titleWidth = Math.max(0, ...fields.map((f) => textWidth(f.title)));
  for (const { title, text } of fields) {
    const lead = `${indent}  ${title}${' '.repeat(titleWidth - textWidth(title))}  `;
    lines.push(...hangingLines(lead, indent.length + titleWidth + 4, escapeControl(text), width));
  }
  return lines;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** `2 records changed`, `3 records written: 1 created and 2 changed` (planned: `2 records to change`, `3 records to write: 1 to create and 2 to change`). */
function countsText(changes: readonly Change[], planned: boolean): string {
  const counts = { create: 0, update: 0, delete: 0 };
  for (const change of changes) counts[actionOf(change)]++;
  const words = planned ? { create: 'to create', update: 'to change', delete: 'to delete' } : { create: 'created', update: 'changed', delete: 'deleted' };
  const actions = (['create', 'update', 'delete'] as const).filter((a) => counts[a] > 0);
  if (actions.length === 1) return `${plural(changes.length, 'record')} ${words[actions[0]!]}`;
  const parts = actions.map((a) => `${counts[a]} ${words[a]}`);
  return `${plural(changes.length, 'record')} ${planned ? 'to write' : 'written'}: ${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * The one line that sums the changes up, what stays in sight after them: the view's own, else
 * their count (`Dry run: 1 to create and 1 to change; nothing was sent.`, `2 records written: 1
 * created and 1 changed.`); a write that went into the history says how to take it back.
 */
export function changeSummary(view: ChangesView): string | undefined {
  const { changes } = view;
  if (changes.length === 0 && view.saidUnchanged) return undefined;
  const said =
    view.summary ??
    (changes.length === 0
      ? view.dryRun
        ? 'Nothing would change.'
        : 'Nothing changed.'
      : view.dryRun
        ? `Dry run: ${countsText(changes, true)}; nothing was sent.`
        : `${countsText(changes, false)}.`);
  if (view.entry === undefined) return said;
  return view.undoneBy === 'tool' ? `${said} The ${undoToolWith(view.entry)} takes it back.` : `${said} rentals undo ${view.entry} takes it back.`;
}

function speakerOf(view: ChangesView, options: Pick<ChangeTextOptions, 'currency'>): Speaker {
  return { names: view.names, money: moneyTextIn(options.currency), planned: view.dryRun };
}

/**
 * The changes for people, wrapped to the width: each change's lines (under its group's heading, the history's entries), then the summary.
 */
export function changeLines(view: ChangesView, options: ChangeTextOptions): string[] {
  const speaker = speakerOf(view, options);
  const lines: string[] = [];
  if (view.groups) {
    view.groups.forEach((group, index) => {
      if (index > 0) lines.push('');
      lines.push(...hangingLines('', 2, group.heading, options.width));
      for (const change of group.changes) lines.push(...linesOf(change, speaker, options.width, '  '));
    });
    if (view.groups.length > 0) lines.push('');
  } else {
    for (const change of view.changes) lines.push(...linesOf(change, speaker, options.width, ''));
  }
  const summary = changeSummary(view);
  if (summary !== undefined) lines.push(...hangingLines('', 0, summary, options.width));
  return lines;
}

/**
 * In another format than the table (piped): each change's sentence, one line each, for stderr.
 */
export function changeSentences(view: ChangesView, options: Pick<ChangeTextOptions, 'currency'>): string[] {
  const speaker = speakerOf(view, options);
  return view.changes.map((change) => changeSentence(change, speaker));
}
