// The ways out of a shortage (domain/ways-out.ts) from the calendar: the holds around the window
// (a month before it, not before now, to two months after), the items and the `alternatives`
// setting resolved against them. Read only when a need is refused, so a booking that fits pays
// nothing for it.

import type { AlternativeRule } from '../domain/alternatives.js';
import { resolveAlternatives, standIns } from '../domain/stand-ins.js';
import type { BookingTarget, ShortageRefused } from '../domain/booking-plan.js';
import type { HoldRule } from '../domain/hold-policy.js';
import type { Money, MoneyText } from '../domain/money.js';
import type { CalendarEvent } from '../domain/records.js';
import { eventPrices } from '../domain/substitution.js';
import { type Need, type WaysOut, waysOut } from '../domain/ways-out.js';
import { type WayOutCommand, type WayOutInput, confirmCommands, eventCommands, eventLines } from '../domain/way-out-commands.js';
import { DAY_MS, type Range, type WallTime } from '../domain/wall-time.js';
import type { CalendarData } from './calendar.js';

const BEFORE = 30 * DAY_MS;
const AFTER = 60 * DAY_MS;

/** Ways out as commands: `shown` to people (amounts in the shop's currency), `plain` for -o json. */
interface ShownAndPlain {
  shown: WayOutCommand[];
  plain: WayOutCommand[];
}

export class ShortageAdvisor {
  private warned = false;

  constructor(
    private readonly calendar: CalendarData,
    private readonly options: {
      ruleOf?: (event: CalendarEvent) => HoldRule;
      alternatives: () => readonly AlternativeRule[];
      now: () => WallTime;
      /** Problems of the setting (a name that matches no item), said once per run. */
      warn: (message: string) => void;
      /** The refused command as typed: run again after a move, and with --allow-overbook (absent: not known). */
      commandLine?: () => string;
      /** How an amount is shown to a person in the ways out (absent: the plain decimal). */
      money?: () => MoneyText;
    },
  ) {}

  /** The ways out of each need, the event in need (`exclude`) left out of the holds: its own lines do not count against it. */
  async waysOut(needs: ReadonlyArray<Need & { exclude?: number }>, exclude?: number): Promise<WaysOut[]> {
    if (needs.length === 0) return [];
    const from = Math.min(...needs.map((n) => n.window.from));
    const to = Math.max(...needs.map((n) => n.window.to));
    const search: Range = { from: Math.max(this.options.now(), from - BEFORE), to: to + AFTER };
    const [items, held] = await Promise.all([this.calendar.items(), this.calendar.holdings({ from: Math.min(from, search.from), to: search.to }, exclude, this.options.ruleOf)]);
    const resolved = resolveAlternatives(this.options.alternatives(), items);
    if (resolved.problems.length > 0 && !this.warned) {
      this.warned = true;
      this.options.warn(`warning: the alternatives setting: ${resolved.problems.join('; ')}`);
    }
    return needs.map((need) =>
      waysOut(need, {
        items,
        holds: (itemId: number) => (held.byItem.get(itemId) ?? []).filter((h) => h.eventId !== need.exclude),
        events: held.events,
        standIns: (itemId: number) => standIns(itemId, resolved, items),
        search,
        ...(held.turnaround ? { turnaround: held.turnaround } : {}),
      }),
    );
  }

  /**
   * The ways out of a quote's confirmation (`events book` onto it, `rentals check`), as `events
   * confirm` refused has them (domain/way-out-commands.ts confirmCommands).
   */
  async confirmWays(quote: Pick<BookingTarget, 'blockId'> & { id: number }, totals: ReadonlyMap<number, number>, ways: readonly WaysOut[]): Promise<ShownAndPlain> {
    return this.shownAndPlain(quote, ways, (priced) => confirmCommands(quote.id, totals, ways, priced));
  }

  /**
   * The ways out of an event's lines gone short (`rentals check`'s overbooking), as a refused
   * `events book` of them has them: each line at its price on the event, so a substitute priced
   * otherwise is offered at the agreed price too (--keep-price).
   */
  async eventWays(event: Pick<BookingTarget, 'blockId'> & { id: number }, current: ReadonlyMap<number, number>, ways: readonly WaysOut[]): Promise<ShownAndPlain> {
    return this.shownAndPlain(event, ways, (priced) => eventCommands(event.id, current, ways, priced));
  }

  /** The commands `write` gives for people, with amounts in the shop's currency, and plain, for -o json. */
  private async shownAndPlain(target: Pick<BookingTarget, 'blockId'> & { id: number }, ways: readonly WaysOut[], write: (priced: Pick<WayOutInput, 'ownPrice' | 'money'>) => WayOutCommand[]): Promise<ShownAndPlain> {
    const priced = await this.pricing(target, ways.map((w) => w.itemId), ways);
    return { shown: write(priced), plain: write({ ownPrice: priced.ownPrice }) };
  }

  /**
   * What the ways out say of prices: each item's unit price on the event, of the items asked and the
   * substitutes offered (the price agreed for a short item, a substitute's own; none when they cannot
   * be read: the ways out still stand, less the one that keeps the agreed price), and how an amount
   * is shown to a person.
   */
  private async pricing(target: Pick<BookingTarget, 'id' | 'blockId'>, asked: readonly number[], ways: readonly WaysOut[]): Promise<{ ownPrice: (itemId: number) => Money | undefined; money?: MoneyText }> {
    const ownPrice = await this.pricesOnEvent(target, [...asked, ...ways.flatMap((w) => w.substitutes.map((s) => s.itemId))]).catch(() => () => undefined);
    return { ownPrice, ...this.money() };
  }

  /** How an amount is shown to a person, when the run says. */
  private money(): { money?: MoneyText } {
    const money = this.options.money?.();
    return money === undefined ? {} : { money };
  }

  /** Each item's unit price on the event (its line there, else its block price): whether a substitute's differs from the agreed one. */
  private async pricesOnEvent(target: Pick<BookingTarget, 'id' | 'blockId'>, itemIds: readonly number[]): Promise<(itemId: number) => Money | undefined> {
    const [prices, lines] = await Promise.all([this.calendar.prices(new Set(itemIds)), target.id === undefined ? undefined : this.calendar.bookings([target.id])]);
    const onEvent = target.id === undefined ? [] : (lines?.get(target.id) ?? []);
    return eventPrices(onEvent, prices, target.blockId);
  }

  /** The refusal again, its message and fields with the ways out as commands; without them when they cannot be read. */
  async advise(refusal: ShortageRefused): Promise<ShortageRefused> {
    const commandLine = this.options.commandLine?.();
    const known = { ...(commandLine === undefined ? {} : { commandLine }), ...this.money() };
    try {
      const { target } = refusal;
      const current = refusal.parts.windowBefore;
      // Every line of the event goes with each short item: a window offered holds them all.
      const alongside = eventLines(refusal.parts);
      const needs = refusal.shortages.map((s) => ({ itemId: s.itemId, quantity: s.asked, window: target.window, alongside, ...(current ? { current } : {}) }));
      const ways = await this.waysOut(needs, target.id);
      const { ownPrice: priceOf } = await this.pricing(target, refusal.parts.asks.map((a) => a.itemId), ways);
      // An ask the refusal does not price (a change of the event: its lines as they are) has the price of its line.
      const asks = refusal.parts.asks.map((ask) => (ask.price === undefined ? { ...ask, price: priceOf(ask.itemId) } : ask));
      return refusal.with({ ...known, waysOut: ways, asks, ownPrice: priceOf });
    } catch {
      return refusal.with(known);
    }
  }
}
