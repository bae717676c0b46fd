// The ways out of a refusal for stock as commands a user can copy, each quoted for the shell, in
// the order a shop would take them: the substitute `--substitute` books (the item's free units and
// the rest on its first substitute with room), each other substitute booked by name (other stock),
// the event moved to each nearest window where every line of the event fits (then the refused
// command again), what is free of each short item booked (for a change of the event, set on it
// before the change is run again), and last the override (the refused command with --allow-overbook, without the words that book
// only what fits: --substitute, --keep-price). Where a substitute's own price is not the one agreed
// for the item it stands in for, the substitute is offered a second time with --keep-price (the
// agreed price kept). A way out is offered only
// when its command does what it says: a substitute is booked over the window the refusal judged
// (not for a change that moves the event), and every short item must have one.

import { shellLine, shellWord } from '../common/shell-words.js';
import { quotedName } from '../common/sanitize.js';
import { type Money, type MoneyText, compareMoney, formatMoneyFixed } from './money.js';
import { substitute } from './substitution.js';
import { type Range, shortWallTime } from './wall-time.js';
import type { Need, WaysOut } from './ways-out.js';

export type WayOutKind = 'substitute' | 'substitute-keep-price' | 'other-stock' | 'window' | 'book-free' | 'override' | 'reactivate' | 'unbook';

export interface WayOutCommand {
  kind: WayOutKind;
  /** What it does, for people: `2 × Marquee instead of Frame Tent (5 free)`. */
  what: string;
  /** The command line to run (steps joined by `&&`), quoted for a POSIX shell. */
  command: string;
}

/** An item the refused write asked for: its units on the event after the write. */
export interface RefusalAsk {
  itemId: number;
  name: string;
  quantity: number;
  /** The unit price agreed for it: its line's after the write (the --price given, its line on the event, else its block price). */
  price?: Money;
  /** That price was given (--price): a booking way out gives it again. */
  priceGiven?: boolean;
}

/**
 * How the refused command is done over another window: the command line (its steps joined by
 * `&&`), given the refused command as typed (`again`, when known); undefined: no such command.
 */
export type WindowRetry = (window: Range, again: string | undefined) => string | undefined;

export interface WayOutInput {
  /** The event the refusal is about; undefined for a copy not yet created (no booking command names it). */
  eventId: number | undefined;
  /** The items the write asked for (each with its units after it), the short ones among them. */
  asks: readonly RefusalAsk[];
  /** The event's units of each item before the write. */
  current: ReadonlyMap<number, number>;
  waysOut: readonly WaysOut[];
  /** Substitutes can be booked as the refusal judged them (the event keeps its window). */
  substitutable: boolean;
  /** The refused command changes the event itself (confirms it): after booking a substitute it is run again. */
  changesEvent?: boolean;
  window?: WindowRetry;
  /** The refused command as typed (secrets redacted): done again after a move, and the override. */
  commandLine?: string;
  /**
   * The refused command is an undo: no booking way out is followed by it (run after a booking, it
   * would find the lines it puts back changed since, or, typed without an entry, take the booking back).
   */
  undo?: boolean;
  /** A substitute's own unit price on the event (its line there, else its block price); absent: not known. */
  ownPrice?: (itemId: number) => Money | undefined;
  /** How an amount is shown to a person (absent: the plain decimal); a command's --price stays plain, to be typed back. */
  money?: MoneyText;
}

const ITEM_FLAG = '--item';

function bookCommand(eventId: number, items: ReadonlyArray<readonly [string, number]>, ...flags: string[]): string {
  return shellLine(['rentals', 'events', 'book', String(eventId), ...items.flatMap(([name, quantity]) => [ITEM_FLAG, `${name}=${quantity}`]), ...flags]);
}

/** The --price the refused booking gave (one item only), given again by a booking way out. */
function givenPrice(asks: readonly RefusalAsk[]): string[] {
  const [ask, ...more] = asks;
  return more.length === 0 && ask?.priceGiven && ask.price ? ['--price', formatMoneyFixed(ask.price)] : [];
}

/** `then` after `first`, as one line a shell runs in order (`&&`: the second only when the first worked). */
export function andThen(first: string, then: string | undefined): string {
  return then === undefined ? first : `${first} && ${then}`;
}

/** The event moved so its window (dropoff → pickup) is `window`: `rentals events move 12 --to '2026-06-12 08:00'`. */
export function moveCommand(eventId: number, window: Range): string {
  return `rentals events move ${eventId} --to ${shellWord(shortWallTime(window.from))}`;
}

/**
 * Every line of the event a window offered must hold: each item's units after the write, or before
 * it where the write lowers them (the event is moved first, with its lines as they are, then the
 * write is done again).
 */
export function eventLines(input: Pick<WayOutInput, 'asks' | 'current'>): Array<{ itemId: number; quantity: number }> {
  const most = new Map(input.current);
  for (const ask of input.asks) most.set(ask.itemId, Math.max(ask.quantity, most.get(ask.itemId) ?? 0));
  return [...most].filter(([, quantity]) => quantity > 0).map(([itemId, quantity]) => ({ itemId, quantity }));
}

/** The windows every shortage's way out offers (each searched with every line of the event: ways-out.ts), the nearest first. */
function commonWindows(ways: readonly WaysOut[]): Range[] {
  const [first, ...rest] = ways;
  if (!first) return [];
  return first.windows.filter((w) => rest.every((way) => way.windows.some((o) => o.from === w.from && o.to === w.to)));
}

/** Every way out of the refusal as a command, the override last (when the refused command is known). */
export function wayOutCommands(input: WayOutInput): WayOutCommand[] {
  const out: WayOutCommand[] = [];
  const short = input.waysOut.filter((way) => way.short > 0);
  const { eventId, commandLine } = input;
  if (eventId !== undefined && input.substitutable && short.length > 0) out.push(...substituteWays(input, eventId, short));
  const windows = commonWindows(short);
  for (const window of windows) {
    const command = input.window ? input.window(window, commandLine) : eventId === undefined ? undefined : andThen(moveCommand(eventId, window), commandLine);
    if (command === undefined) continue;
    const fit = short.length === 1 && eventLines(input).length <= 1 ? `${short[0]!.asked} fit` : 'all fit';
    out.push({ kind: 'window', what: `${eventId === undefined ? 'The copy over' : 'The event moved to'} ${shortWallTime(window.from)} → ${shortWallTime(window.to)}, where ${fit}`, command });
  }
  if (eventId !== undefined && short.length > 0) out.push(...bookFreeWay(input, eventId, short));
  if (commandLine !== undefined) out.push({ kind: 'override', what: 'Write anyway, overbooked', command: withFlag(withoutWords(commandLine, ONLY_WHAT_FITS), '--allow-overbook') });
  return out;
}

/**
 * What is free of each short item booked, the other items as asked: each short item's units set to
 * what the window has free (a booking sets an item's units on the event). Offered only when every
 * short item has at least 1 free (a booking cannot set 0). A change of the event is run again after
 * it, except an undo (run after a booking, it would take that booking back).
 */
function bookFreeWay(input: WayOutInput, eventId: number, short: readonly WaysOut[]): WayOutCommand[] {
  if (short.some((way) => way.free < 1 || way.free >= way.asked)) return [];
  // What is free is what the event holds already (its own units counted free): booking it changes nothing.
  if (short.every((way) => input.current.get(way.itemId) === way.free)) return [];
  const freeOf = new Map(short.map((way) => [way.itemId, way.free]));
  const lines = input.asks.map((ask) => [ask.name, freeOf.get(ask.itemId) ?? ask.quantity] as const);
  const book = bookCommand(eventId, lines, ...givenPrice(input.asks));
  let command = book;
  if (input.changesEvent) {
    if (input.commandLine === undefined || input.undo) return [];
    command = andThen(book, input.commandLine);
  }
  const [one] = short;
  const what =
    short.length === 1 && one
      ? `Book the ${one.free} × ${one.name} that ${one.free === 1 ? 'is' : 'are'} free, of the ${one.asked} asked`
      : `Book what is free: ${short.map((way) => `${way.free} × ${way.name} of the ${way.asked} asked`).join('; ')}`;
  return [{ kind: 'book-free', what, command }];
}

/** The flags that book only what fits, which --allow-overbook cannot be given with. */
const ONLY_WHAT_FITS = ['--substitute', '--keep-price'];

/** A word of a line the shell-words module quoted: a plain word, or single-quoted parts joined by `\'`. */
const SHELL_WORD = /(?:'[^']*'|\\'|[^\s'\\]+)+/g;

/** The command line with `flag` among its flags: before a `--` (the words after it are operands), else last. */
function withFlag(line: string, flag: string): string {
  const words: string[] = line.match(SHELL_WORD) ?? [];
  const operands = words.indexOf('--');
  return (operands === -1 ? [...words, flag] : [...words.slice(0, operands), flag, ...words.slice(operands)]).join(' ');
}

/** The command line without the given words (whole words only: a quoted name that holds one keeps it). */
export function withoutWords(line: string, words: readonly string[]): string {
  return (line.match(SHELL_WORD) ?? []).filter((word) => !words.includes(word)).join(' ');
}

/**
 * `--substitute` (what it would split, the same domain function), then each other substitute of a
 * short item booked by name; none when a short item has no substitute with room (the command would
 * be refused again).
 */
function substituteWays(input: WayOutInput, eventId: number, short: readonly WaysOut[]): WayOutCommand[] {
  // An undo run again after the substitute's booking would take that booking back, not the change refused.
  if (input.changesEvent && input.undo) return [];
  const intents = input.asks.map((ask) => ({ kind: 'set' as const, itemId: ask.itemId, quantity: ask.quantity }));
  const split = substitute(intents, input.waysOut, input.current);
  const chosen = new Map(split.splits.map((s) => [s.itemId, s]));
  if (short.some((way) => chosen.get(way.itemId)?.substitute === undefined)) return [];
  const asked = input.asks.map((ask) => [ask.name, ask.quantity] as const);
  const out: WayOutCommand[] = [];
  // A change of the event (a confirmation) is run again once the substitute is booked.
  const again = (command: string) => (input.changesEvent ? andThen(command, input.commandLine) : command);
  const parts = [...chosen.values()].map((s) => {
    const name = input.asks.find((a) => a.itemId === s.itemId)?.name ?? `item ${s.itemId}`;
    const sub = s.substitute!;
    const free = short.find((w) => w.itemId === s.itemId)?.substitutes.find((x) => x.itemId === sub.itemId)?.free;
    return `${s.kept > 0 ? `${s.kept} × ${name} and ${sub.quantity} × ${sub.name}` : `${sub.quantity} × ${sub.name} instead of ${name}`}${free === undefined ? '' : ` (${free} free)`}`;
  });
  const price = givenPrice(input.asks);
  out.push({ kind: 'substitute', what: parts.join('; '), command: again(bookCommand(eventId, asked, ...price, '--substitute')) });
  // Each substitute whose own price is not the one agreed for its item: the same split at the agreed price.
  const repriced = [...chosen.values()].flatMap((s) => {
    const ask = input.asks.find((a) => a.itemId === s.itemId);
    const own = input.ownPrice?.(s.substitute!.itemId);
    if (!ask?.price || !own || compareMoney(ask.price, own) === 0) return [];
    const shown = input.money ?? formatMoneyFixed;
    return [`${s.substitute!.quantity} × ${s.substitute!.name} at ${shown(ask.price)}, the price agreed for ${ask.name} (its own: ${shown(own)})`];
  });
  if (repriced.length > 0) out.push({ kind: 'substitute-keep-price', what: `The same, ${repriced.join('; ')}`, command: again(bookCommand(eventId, asked, ...price, '--substitute', '--keep-price')) });

  // Other stock: each further substitute of one short item, named (the other short items still split by --substitute).
  for (const way of short) {
    const split = chosen.get(way.itemId)!;
    const rest = way.asked - split.kept;
    for (const other of way.substitutes) {
      const otherAsked = input.asks.find((a) => a.itemId === other.itemId)?.quantity ?? input.current.get(other.itemId) ?? 0;
      if (other.itemId === split.substitute!.itemId || other.free < otherAsked + rest) continue;
      const items = asked.filter(([name]) => name !== way.name && name !== other.name);
      const lines: Array<readonly [string, number]> = [...(split.kept > 0 ? [[way.name, split.kept] as const] : []), ...items, [other.name, otherAsked + rest]];
      const rebook = bookCommand(eventId, lines, ...(short.length > 1 ? ['--substitute'] : []));
      // Nothing kept of the short item that is on the event now: its lines go first (a book cannot set 0).
      const command = split.kept === 0 && (input.current.get(way.itemId) ?? 0) > 0 ? andThen(shellLine(['rentals', 'events', 'unbook', String(eventId), ITEM_FLAG, way.name]), rebook) : rebook;
      const what = split.kept > 0 ? `${split.kept} × ${way.name} and ${rest} × ${other.name}` : `${rest} × ${other.name} instead of ${way.name}`;
      const total = otherAsked > 0 ? `; the event then has ${otherAsked + rest}` : '';
      out.push({ kind: 'other-stock', what: `${what} (${other.free} free${total})`, command: again(command) });
    }
  }
  return out;
}

/**
 * The ways out of an event that books an item no longer active (`rentals check`'s inactive-item):
 * the item made active again, or its lines taken off the event. Named by id: an inactive item's
 * name may have been given to another since.
 */
export function inactiveItemCommands(eventId: number, item: { id: number; name: string }): WayOutCommand[] {
  return [
    { kind: 'reactivate', what: `Make ${quotedName(item.name)} active again`, command: shellLine(['rentals', 'inventory', 'update', String(item.id), '--active']) },
    { kind: 'unbook', what: `Take ${quotedName(item.name)} off event ${eventId}`, command: shellLine(['rentals', 'events', 'unbook', String(eventId), ITEM_FLAG, String(item.id)]) },
  ];
}

/**
 * What the confirmation of a quote asks of the ways out (ways-out.ts): each short item at its units
 * on the quote (`totals`) over its window, every line of the quote alongside, its own holds left out.
 */
/** An event's lines as its totals by item, each a line a window offered must hold. */
export function linesOfTotals(totals: ReadonlyMap<number, number>): Array<{ itemId: number; quantity: number }> {
  return [...totals].map(([itemId, quantity]) => ({ itemId, quantity }));
}

export function confirmNeeds(quote: { id: number; window: Range }, totals: ReadonlyMap<number, number>, shortIds: readonly number[]): Array<Need & { exclude: number }> {
  const alongside = linesOfTotals(totals);
  return shortIds.map((itemId) => ({ itemId, quantity: totals.get(itemId) ?? 0, window: quote.window, exclude: quote.id, alongside }));
}

/**
 * The ways out of a quote's confirmation as commands, as `rentals events confirm N` refused gives
 * them: each followed by the confirmation, the override last (`rentals check` and `events book`).
 * `priced`, as the refusal has them: each item's unit price on the quote (its line there, else its
 * block price: the price agreed for a short item, a substitute's own) and how an amount is shown.
 */
export function confirmCommands(quoteId: number, totals: ReadonlyMap<number, number>, ways: readonly WaysOut[], priced: Pick<WayOutInput, 'ownPrice' | 'money'> = {}): WayOutCommand[] {
  return eventCommands(quoteId, totals, ways, priced, { changesEvent: true, commandLine: `rentals events confirm ${quoteId}` });
}

/**
 * The ways out of an event's lines gone short as commands, each line asked at its price on the event
 * (`priced`), so that a substitute priced otherwise is offered at the agreed price too (--keep-price).
 */
export function eventCommands(
  eventId: number,
  current: ReadonlyMap<number, number>,
  ways: readonly WaysOut[],
  priced: Pick<WayOutInput, 'ownPrice' | 'money'> = {},
  extra: Pick<WayOutInput, 'changesEvent' | 'commandLine'> = {},
): WayOutCommand[] {
  const asks = ways.map((w) => ({ itemId: w.itemId, name: w.name, quantity: w.asked, price: priced.ownPrice?.(w.itemId) }));
  return wayOutCommands({ ...priced, eventId, asks, current, waysOut: ways, substitutable: true, ...extra });
}
