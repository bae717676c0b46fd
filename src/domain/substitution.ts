// `events book --substitute`: an ask the item cannot take in full is split: the item up to what
// is free over the window, the rest on the first substitute (in the order of preference) with room
// for it on top of what the event already holds of it. The planner then judges the result as it
// judges any booking, so a split that no longer fits is refused like one.

import type { BookingIntent } from './booking-plan.js';
import type { WaysOut } from './ways-out.js';

export interface SubstitutedAsk {
  itemId: number;
  asked: number;
  /** Units kept on the item. */
  kept: number;
  substitute: { itemId: number; name: string; quantity: number } | undefined;
}

/**
 * The `set` intents with the short ones split; `current`: the event's units of each item now
 * (a substitute already on the event grows by the rest). Asks with no way out stay as asked.
 */
export function substitute(
  intents: readonly BookingIntent[],
  ways: readonly WaysOut[],
  current: ReadonlyMap<number, number>,
): { intents: BookingIntent[]; splits: SubstitutedAsk[] } {
  const out: BookingIntent[] = [];
  const splits: SubstitutedAsk[] = [];
  const added = new Map<number, number>();
  for (const intent of intents) {
    const way = intent.kind === 'set' ? ways.find((w) => w.itemId === intent.itemId) : undefined;
    if (intent.kind !== 'set' || !way || way.short <= 0) {
      out.push(intent);
      continue;
    }
    const kept = Math.max(0, Math.min(way.free, intent.quantity));
    const rest = intent.quantity - kept;
    const standIn = way.substitutes.find((s) => s.free >= (current.get(s.itemId) ?? 0) + (added.get(s.itemId) ?? 0) + rest);
    if (!standIn) {
      out.push(intent);
      splits.push({ itemId: intent.itemId, asked: intent.quantity, kept: intent.quantity, substitute: undefined });
      continue;
    }
    if (kept > 0) out.push({ ...intent, quantity: kept });
    else if ((current.get(intent.itemId) ?? 0) > 0) out.push({ kind: 'remove', itemId: intent.itemId });
    added.set(standIn.itemId, (added.get(standIn.itemId) ?? 0) + rest);
    splits.push({ itemId: intent.itemId, asked: intent.quantity, kept, substitute: { itemId: standIn.itemId, name: standIn.name, quantity: rest } });
  }
  for (const [itemId, more] of added) {
    const index = out.findIndex((i) => i.kind === 'set' && i.itemId === itemId);
    const given = index >= 0 ? out[index] : undefined;
    if (given?.kind === 'set') out[index] = { ...given, quantity: given.quantity + more };
    else out.push({ kind: 'set', itemId, quantity: (current.get(itemId) ?? 0) + more });
  }
  return { intents: out, splits };
}
