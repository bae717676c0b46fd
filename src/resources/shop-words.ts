// One word for one thing: what the tool calls each thing a rental shop deals with, in every column
// title, page header, message and doc, and the words it does not use for it (they name something
// else, or only the service's fields: `quantityAvailable` is the units the shop owns, which
// "available" would confuse with the units free over a date). A test walks every command's
// columns, the pages' headers, the help and the docs against this list.

export interface ShopWord {
  /** The word, as a title. */
  word: string;
  /** What it names. */
  means: string;
  /** Titles that must not stand for it (or for anything: they would read as it). */
  not: readonly string[];
  /** Phrases that must not appear in help, messages or docs (where `not` would also match other senses). */
  phrases?: readonly string[];
}

export const SHOP_WORDS = {
  item: { word: 'Item', means: 'a kind of equipment the shop rents out (an inventory record)', not: ['Name', 'Inventory', 'Inventory item', 'Product', 'Asset'] },
  category: { word: 'Category', means: 'a group of items', not: ['Inventory category'] },
  owned: {
    word: 'Owned',
    means: "the units of an item the shop has (the service's quantityAvailable)",
    not: ['Available', 'Quantity available', 'Stock', 'In stock', 'On hand', 'Total owned'],
    phrases: ['units available', 'quantity available', 'available units', 'in stock', 'on hand'],
  },
  booked: { word: 'Booked', means: 'units held firmly over a time (confirmed events)', not: ['Reserved', 'Held', 'Out'] },
  free: { word: 'Free', means: 'units not held at a moment: owned less booked', not: ['Remaining', 'Left', 'Unbooked'], phrases: ['units left', 'units remaining'] },
  quantity: { word: 'Quantity', means: 'units on a booking line', not: ['Qty', 'Units', 'Count'] },
  event: { word: 'Event', means: 'a rental for one occasion: its dates, customer, venue and bookings', not: ['Event name', 'Job', 'Order name'] },
  customer: { word: 'Customer', means: 'who rents (the event\'s customer)', not: ['Customer name', 'Client'] },
  venue: { word: 'Venue', means: 'where the event takes place (the event\'s address)', not: ['Address', 'Event address', 'Event address1', 'Location', 'Site'], phrases: ['event address'] },
  block: { word: 'Block', means: 'a rental block: the pricing window of a price (Daily, Weekend)', not: ['Rental block', 'Pricing type', 'Pricing window'] },
  status: { word: 'Status', means: "an event's status (Quoted, Confirmed)", not: ['Event status', 'Status type'] },
} as const satisfies Record<string, ShopWord>;

export type ShopConcept = keyof typeof SHOP_WORDS;

/** The word for `concept`, as a title. */
export function shopWord(concept: ShopConcept): string {
  return SHOP_WORDS[concept].word;
}
