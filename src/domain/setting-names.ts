// Names the shop writes in its settings (alternatives, turnaround), matched against the catalog
// when used: an item by its name (case-insensitive) or its id as digits. A name that matches no
// record, or several, is a problem that says what to write instead, never a guess.

import { closest } from '../common/similar.js';
import type { CalendarItem } from './records.js';
import { quotedName } from '../common/sanitize.js';

/** `"LED Par 65": no such item; did you mean "LED Par 64"?` */
export function noSuch(name: string, what: string, names: readonly string[]): string {
  const near = closest(name, names, 1);
  return `${quotedName(name)}: no such ${what}${near.length > 0 ? `; did you mean ${quotedName(near[0]!)}?` : ''}`;
}

/** A lookup of setting names in `items`; each name that finds no single item adds its problem to `problems`. */
export function itemFinder(items: ReadonlyMap<number, CalendarItem>, problems: string[]): (name: string) => CalendarItem | undefined {
  const byName = new Map<string, CalendarItem[]>();
  for (const item of items.values()) {
    const key = item.name.trim().toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), item]);
  }
  return (name) => {
    if (/^\d+$/.test(name) && items.has(Number(name))) return items.get(Number(name));
    const found = byName.get(name.toLowerCase()) ?? [];
    if (found.length === 1) return found[0];
    if (found.length > 1) problems.push(`${quotedName(name)}: ${found.length} items have this name (ids ${found.map((i) => i.id).join(', ')}); give the id`);
    else problems.push(noSuch(name, 'item', [...items.values()].map((i) => i.name)));
    return undefined;
  };
}
