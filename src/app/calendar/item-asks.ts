// `--item NAME=QTY` (or `--item NAME --quantity n`): the items asked for and how many of each, as
// `events book` books them and `availability --find` looks for them.

import { UsageError } from '../../errors.js';
import { MAX_INT } from '../../resources/definitions.js';
import { parseCount } from '../../schemas/values.js';

export interface ItemAsk {
  /** As typed (a name or an id). */
  ref: string;
  quantity: number;
}

const ITEM_PAIR = /^(.*\S)\s*=\s*(\S+)$/;

/** `--item NAME=QTY` pairs and `--item NAME --qty n`. */
export function parseItemAsks(values: readonly string[], quantity: string | undefined): ItemAsk[] {
  const asks: ItemAsk[] = [];
  for (const value of values) {
    const pair = ITEM_PAIR.exec(value);
    const ref = pair ? pair[1]! : value.trim();
    const given = pair ? pair[2]! : quantity;
    if (ref === '') throw new UsageError('--item: give an item name or id');
    if (!pair && /^=/.test(ref)) throw new UsageError(`--item ${JSON.stringify(value)}: the item is missing before the =: write NAME=QTY`);
    if (given === undefined) throw new UsageError(`--item ${JSON.stringify(value)}: how many? write NAME=QTY or add --quantity <n>`);
    const parsed = parseCount(given);
    if (!parsed.ok || parsed.value === 0) throw new UsageError(`quantity of ${JSON.stringify(ref)}: must be a whole number from 1 to ${MAX_INT} (got ${JSON.stringify(given)}); to remove an item use \`rentals events unbook\``);
    asks.push({ ref, quantity: parsed.value });
  }
  if (quantity !== undefined && values.length > 0 && values.every((value) => ITEM_PAIR.test(value))) {
    throw new UsageError('--quantity: every --item has its own =QTY, so --quantity would count for none; give one or the other');
  }
  return asks;
}
