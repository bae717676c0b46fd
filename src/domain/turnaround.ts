// Turnaround: units coming back need cleaning and preparation before they can go out again, so a
// unit stays held for this long after its event's pickup. The shop says it in three settings: a
// length for every item (`turnaround`: 4h, 1d; 0 for none), and rules by item and by category
// (`turnaround-items`, `turnaround-categories`: `Name=length; Name=length`, names or ids), an
// item's rule before its category's, its category's before the length for every item (the
// settings' text is read in config/settings-table.ts). The API says nothing of it; the hold
// windows carry it (holds.ts), so availability, booking, check, the ways out and the timeline all
// count it alike.

import { type CalendarItem, itemCategoryId } from './records.js';
import { itemFinder, noSuch } from './setting-names.js';

/** One rule of `turnaround-items` or `turnaround-categories`: a name (or an id) and its length (ms). */
export interface TurnaroundRule {
  name: string;
  ms: number;
}

/** The three settings together. */
export interface TurnaroundPolicy {
  /** Every item's, unless a rule says otherwise (ms). */
  all: number;
  items: readonly TurnaroundRule[];
  categories: readonly TurnaroundRule[];
}

/** The longest turnaround the policy gives any item: how far before a range a pickup can still hold units in it. */
export function longestTurnaround(policy: TurnaroundPolicy): number {
  return Math.max(policy.all, ...policy.items.map((r) => r.ms), ...policy.categories.map((r) => r.ms));
}

/** How long each item stays held after a pickup (ms). */
export type TurnaroundOf = (itemId: number) => number;

export interface ResolvedTurnaround {
  turnaroundOf: TurnaroundOf;
  /** Names of the settings that match nothing, and category rules the service's items cannot take. */
  problems: string[];
}

/**
 * The policy against the catalog: item rules by name (case-insensitive) or id, category rules
 * through the category an item's record names (where the service tells it: records.ts) and the
 * categories' names. A name that matches nothing is a problem, never a guess.
 */
export function resolveTurnaround(policy: TurnaroundPolicy, items: ReadonlyMap<number, CalendarItem>, categories: ReadonlyMap<number, string> = new Map()): ResolvedTurnaround {
  const problems: string[] = [];
  const byItem = new Map<number, number>();
  const find = itemFinder(items, problems);
  for (const rule of policy.items) {
    const item = find(rule.name);
    if (item) byItem.set(item.id, rule.ms);
  }
  const byCategory = new Map<number, number>();
  if (policy.categories.length > 0) {
    const told = [...items.values()].some((item) => itemCategoryId(item) !== undefined);
    if (!told) problems.push("the service's items carry no category (the API reference does not show how items and categories relate): give the items' lengths in turnaround-items");
    for (const rule of policy.categories) {
      const id = /^\d+$/.test(rule.name) ? Number(rule.name) : [...categories].find(([, name]) => name.trim().toLowerCase() === rule.name.toLowerCase())?.[0];
      if (id !== undefined) byCategory.set(id, rule.ms);
      else problems.push(noSuch(rule.name, 'category', [...categories.values()]));
    }
  }
  const turnaroundOf: TurnaroundOf = (itemId) => {
    const own = byItem.get(itemId);
    if (own !== undefined) return own;
    const item = items.get(itemId);
    const category = item ? itemCategoryId(item) : undefined;
    return (category === undefined ? undefined : byCategory.get(category)) ?? policy.all;
  };
  return { turnaroundOf, problems };
}
