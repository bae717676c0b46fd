// Which items can stand in for which: the `alternatives` setting, `Item=Alt|Alt; Item=Alt`
// (names or ids). The API says nothing of what is interchangeable, so the shop says it here. A
// rule is one way, in the order of preference written: `LED Uplight=LED Par 64|LED Bar` lets a
// Par 64, else a Bar, stand in for an Uplight, not the other way round. Names are matched against
// the catalog when used (case-insensitive; an id as digits), never when the setting is stored.

import { type CalendarItem, itemCategoryId } from './records.js';
import { itemFinder } from './setting-names.js';

export interface AlternativeRule {
  item: string;
  alternatives: string[];
}

/** The rule of the setting's text, as a phrase after "must be" (the settings table's `rule`). */
export const ALTERNATIVES_RULE = 'Item=Alternative|Alternative rules separated by ";", names or ids (e.g. "LED Uplight=LED Par 64|LED Bar; Marquee 6x12=Marquee 6x9")';

type RulesResult = { ok: true; rules: AlternativeRule[] } | { ok: false; problem: string };

export function readAlternatives(text: string): RulesResult {
  const rules: AlternativeRule[] = [];
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const equals = part.indexOf('=');
    const item = equals < 0 ? '' : part.slice(0, equals).trim();
    const alternatives = equals < 0 ? [] : part.slice(equals + 1).split('|').map((a) => a.trim()).filter((a) => a !== '');
    if (item === '' || alternatives.length === 0) return { ok: false, problem: `${JSON.stringify(part.trim())} is not a rule: the setting must be ${ALTERNATIVES_RULE}` };
    rules.push({ item, alternatives });
  }
  return { ok: true, rules };
}

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
