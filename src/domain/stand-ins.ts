// Which items stand in for an item short on its dates: the `alternatives` setting's rules
// (alternatives.ts) against the catalog, names matched when used (case-insensitive; an id as
// digits), then the others of the item's category where the service tells it.

import type { AlternativeRule } from './alternatives.js';
import { type CalendarItem, itemCategoryId } from './records.js';
import { itemFinder } from './setting-names.js';

export interface ResolvedAlternatives {
  /** item id → the items that may stand in for it, in the order of preference. */
  byItem: Map<number, number[]>;
  /** Names of the setting that match no item (`"LED Par 65": no such item; did you mean "LED Par 64"?`). */
  problems: string[];
}

/** The rules against the catalog: names and ids to items; a name that matches nothing is a problem, not a guess. */
export function resolveAlternatives(rules: readonly AlternativeRule[], items: ReadonlyMap<number, CalendarItem>): ResolvedAlternatives {
  const problems: string[] = [];
  const find = itemFinder(items, problems);
  const byItem = new Map<number, number[]>();
  for (const rule of rules) {
    const item = find(rule.item);
    const alternatives = rule.alternatives.map(find).filter((a): a is CalendarItem => a !== undefined);
    if (!item) continue;
    const list = byItem.get(item.id) ?? [];
    for (const alternative of alternatives) if (alternative.id !== item.id && !list.includes(alternative.id)) list.push(alternative.id);
    byItem.set(item.id, list);
  }
  return { byItem, problems };
}

/** The items that may stand in for `itemId`: the setting's, in its order, then the others of its category by id. */
export function standIns(itemId: number, resolved: ResolvedAlternatives, items: ReadonlyMap<number, CalendarItem>): number[] {
  const listed = resolved.byItem.get(itemId) ?? [];
  const item = items.get(itemId);
  const category = item ? itemCategoryId(item) : undefined;
  const sameCategory = category === undefined ? [] : [...items.values()].filter((i) => i.id !== itemId && itemCategoryId(i) === category).map((i) => i.id).sort((a, b) => a - b);
  return [...new Set([...listed, ...sameCategory])];
}
