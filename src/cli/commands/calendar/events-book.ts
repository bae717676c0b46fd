// `rentals events book <event> --item NAME[=QTY]… [--qty n] [--price p] [--substitute [--keep-price]] [--allow-overbook] [--dry-run]`
// and `rentals events unbook <event> --item NAME… [--dry-run]`: the asks parsed here, carried out
// by app/events/book.ts (intents for the one booking planner: every item checked together before
// the first write; --substitute splits a short item over its substitutes).

import { bookEvent, unbookEvent } from '../../../app/events/book.js';
import { parseItemAsks } from '../../../app/calendar/item-asks.js';
import { type Money, parseMoney } from '../../../domain/money.js';
import { UsageError } from '../../../errors.js';
import { parseDecimal } from '../../../schemas/values.js';
import { defineViewCommand } from '../../registry/spec.js';
import { conceptValue, conceptValues } from '../../vocabulary.js';
import { DRY_RUN_FLAG, WRITE_GUARD_FLAGS, itemListFlag } from './options.js';

function parsePrice(text: string | undefined, asks: number): Money | undefined {
  if (text === undefined) return undefined;
  if (asks > 1) throw new UsageError('--price: give one --item with it (each item is priced from its own prices otherwise)');
  const parsed = parseDecimal(text);
  if (!parsed.ok) throw new UsageError(`--price: ${parsed.rule}`);
  return parseMoney(text.trim());
}

export const eventsBook = defineViewCommand({
  effect: 'sets',
  name: 'book',
  args: '<event>',
  summary: 'Book items on an event, checked against the stock',
  help: '\nNothing is written unless every item fits; a refusal names the ways out.\n',
  examples: [
    'rentals events book 12 --item "White Folding Chair" --qty 40',
    'rentals events book 12 --item "60in Round Table=8" --item "LED Uplight=12" --dry-run',
    'rentals events book 12 --item "LED Uplight=20" --substitute --keep-price --dry-run',
  ],
  flags: {
    ...itemListFlag('item to book, NAME=QTY for its quantity; repeatable', { value: 'name|id[=qty]', required: true }),
    quantity: { concept: 'quantity', description: 'units, for items given without =QTY' },
    price: { value: 'p', help: 'unit price of one --item (default: its block price)' },
    substitute: { help: 'a short item: what is free of it, the rest on its first free substitute (the alternatives setting)' },
    keepPrice: { help: 'with --substitute: at the price agreed for the item' },
    ...WRITE_GUARD_FLAGS,
  },
  view: 'changes',
  handler: async (factory, options, [event]) => {
    const asks = parseItemAsks(conceptValues('item', options), conceptValue('quantity', options)?.value);
    const price = parsePrice(options.price, asks.length);
    return bookEvent(await factory.booking(), { event, asks, price, substitute: options.substitute === true, keepPrice: options.keepPrice === true, allowOverbook: options.allowOverbook === true, dryRun: options.dryRun === true });
  },
});

export const eventsUnbook = defineViewCommand({
  effect: 'deletes',
  name: 'unbook',
  args: '<event>',
  summary: 'Remove items from an event (every line of each item)',
  examples: ['rentals events unbook 12 --item "LED Uplight"', 'rentals events unbook 12 --item 7 --dry-run'],
  flags: { ...itemListFlag('item to remove; repeat for several', { required: true }), ...DRY_RUN_FLAG },
  view: 'changes',
  handler: async (factory, options, [event]) => unbookEvent(await factory.booking(), { event, items: conceptValues('item', options), dryRun: options.dryRun === true }),
});
