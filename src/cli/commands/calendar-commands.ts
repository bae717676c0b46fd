// Registration of the calendar commands: `events list` filters, `events show|book|unbook|cancel|
// uncancel|clone`, and the top-level `availability`, `agenda`, `load-sheet`, `check`. One file, so
// the command registry can take them over in one move; the handlers are plain functions in
// src/calendar/commands/, loaded only when their command runs.

import { type Command, Option } from 'commander';
import { DATES_HELP_LINK } from '../../calendar/dates-help.js';
import type { View } from '../../output/views.js';
import { type OptionValues, type Registrar, examples } from '../command.js';
import { type GlobalOptions, Session } from '../session.js';

type ViewHandler = (session: Session, options: OptionValues, args: string[]) => Promise<View | number | void>;
type Loader = () => Promise<ViewHandler>;

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

/** Like `action`, with a view to print; `-o ics` is taken here until the output layer knows it. */
function viewAction(reg: Registrar, load: Loader): (...args: unknown[]) => Promise<void> {
  return async (...args: unknown[]) => {
    const command = args[args.length - 1] as Command;
    const positionals = args.slice(0, -2).flatMap((a) => (Array.isArray(a) ? a.map(String) : a === undefined ? [] : [String(a)]));
    const globals = command.optsWithGlobals<GlobalOptions>();
    const ics = globals.output === 'ics';
    const session = await Session.create(reg.ctx, ics ? { ...globals, output: 'json' } : globals);
    try {
      if (ics) Object.assign(session.globals, { output: 'ics' });
      const result = await (await load())(session, command.opts(), positionals);
      if (typeof result === 'number') reg.state.exitCode = result;
      else if (result !== undefined) {
        const { printView } = await import('../../calendar/print-view.js');
        await printView(session, result, { ics });
      }
    } finally {
      session.close();
    }
  };
}

function define(command: Command, reg: Registrar, load: Loader, lines: string[]): Command {
  examples(command, lines);
  command.addHelpText('after', DATES_HELP_LINK);
  return command.action(viewAction(reg, load));
}

const rangeOptions = (command: Command, defaults: string): Command =>
  command.option('--from <date>', `start of the range (${defaults})`).option('--to <date>', 'end of the range (a day counts in full)');

/** `events list` filters and the event verbs of the calendar. */
export function registerEventCalendarCommands(events: Command, reg: Registrar): void {
  const list = events.commands.find((c) => c.name() === 'list');
  if (list) {
    list
      .option('--from <date>', "events whose window (dropoff → pickup) ends after this")
      .option('--to <date>', 'events whose window starts before this (a day counts in full)')
      .option('--search <text>', 'event or customer name contains this (any case)')
      .option('--status <name|id>', 'event status (e.g. Confirmed)')
      .option('--cancelled', 'only cancelled events')
      .option('--active-only', 'only events that are not cancelled')
      .option('--sort <field[:desc]>', 'sort by an event field, e.g. startDate or customerName:desc')
      .option('--limit <n>', 'at most n events (after filtering and sorting)')
      .addHelpText(
        'after',
        `\nFilters are applied here, on the whole list: the API's reference shows no query parameters for events.\n${DATES_HELP_LINK}`,
      );
    examples(list, ['rentals events list --from today --to +30d --status Quoted', 'rentals events list --search smith --sort startDate:desc --limit 5']);
    list.action(viewAction(reg, async () => (await import('../../calendar/commands/events-list.js')).eventsList));
  }

  define(events.command('show <event>').description('Show an event with its bookings, line totals and the event total'), reg,
    async () => (await import('../../calendar/commands/events-show.js')).eventsShow,
    ['rentals events show 12', 'rentals events show "Harper–Nguyen Wedding" --json | jq .totals.total'],
  ).addHelpText('after', '\nTotal = Σ quantity × unit price + delivery + labor + misc + sales tax − discount; the deposit is shown apart.\n');

  define(
    events
      .command('book <event>')
      .description('Book items on an event after checking availability; the price comes from the event\'s rental block')
      .requiredOption('--item <name|id[=qty]>', 'item to book; repeat for several, NAME=QTY sets each quantity', collect)
      .option('--quantity <n>', 'units, for items given without =QTY')
      .option('--price <p>', 'unit price (default: the item\'s price for the event\'s rental block); one --item only')
      .option('--allow-overbook', 'book even when other events hold the units'),
    reg,
    async () => (await import('../../calendar/commands/events-book.js')).eventsBook,
    ['rentals events book 12 --item "White Folding Chair" --quantity 40', 'rentals events book 12 --item "60in Round Table=8" --item "LED Uplight=12"'],
  ).addHelpText('after', '\nEvery item is checked against the other non-cancelled events whose window overlaps this one before anything is written; an item already on the event has its quantity changed.\n');

  define(
    events.command('unbook <event>').description('Remove items from an event').requiredOption('--item <name|id>', 'item to remove; repeat for several', collect),
    reg,
    async () => (await import('../../calendar/commands/events-book.js')).eventsUnbook,
    ['rentals events unbook 12 --item "LED Uplight"'],
  );

  define(
    events
      .command('cancel <event>')
      .description('Cancel an event: it keeps its record and bookings but holds no inventory')
      .requiredOption('--reason <text>', 'why (kept as the cancel reason)')
      .option('--date <when>', 'cancellation date (default: now)'),
    reg,
    async () => (await import('../../calendar/commands/events-cancel.js')).eventsCancel,
    ['rentals events cancel 12 --reason "Customer postponed"'],
  );

  define(events.command('uncancel <event>').description('Make a cancelled event active again (clears the cancel date and reason)'), reg,
    async () => (await import('../../calendar/commands/events-cancel.js')).eventsUncancel,
    ['rentals events uncancel 12'],
  );

  define(
    events
      .command('clone <event>')
      .description('Copy an event to a new start date, every datetime shifted alike')
      .requiredOption('--start-date <date>', 'the new start (a day keeps the original clock time)')
      .option('--name <text>', 'name of the copy (default: the same name)')
      .option('--with-bookings', 'copy the bookings too, checked like `events book`')
      .option('--allow-overbook', 'with --with-bookings: copy even when other events hold the units'),
    reg,
    async () => (await import('../../calendar/commands/events-clone.js')).eventsClone,
    ['rentals events clone 12 --start-date 2027-06-11 --with-bookings', 'rentals events clone "Riverside Summer Festival" --start-date +52w --name "Riverside Summer Festival 2027"'],
  );
}

const TOP_LEVEL: Array<{ name: string; summary: string }> = [
  { name: 'availability', summary: 'Units owned, booked at the peak moment and free, per item, over a range' },
  { name: 'agenda', summary: 'The events of a range by day, with their windows, items and totals (-o ics for calendars)' },
  { name: 'load-sheet', summary: "The warehouse's pick list: what goes out and comes back each day" },
  { name: 'check', summary: 'Lint the calendar: overbookings, prices, inactive items, dates out of order, missing references' },
];

/** The top-level calendar commands; placeholders (description only) when another command runs. */
export function registerCalendarCommands(program: Command, reg: Registrar, full: (names: string[]) => boolean): void {
  for (const { name, summary } of TOP_LEVEL) {
    const command = program.command(name).description(summary);
    if (!full([name])) continue;
    if (name === 'availability') {
      rangeOptions(command, 'default today; --to default 7 days later')
        .option('--item <name|id>', 'only this item; repeat for several', collect)
        .option('--category <name|id>', 'only the items of this category (when the service tells which)')
        .option('--daily', 'a day × item grid of free units')
        .addOption(new Option('--all', 'every item, also inactive ones without bookings'));
      define(command, reg, async () => (await import('../../calendar/commands/availability.js')).availability, [
        'rentals availability --from fri --to sun',
        'rentals availability --from 2026-06-01 --to 2026-06-30 --item "20x20 Frame Tent" --daily',
      ]).addHelpText('after', '\nbooked = the most units held at one moment of the range by non-cancelled events (not the sum over the range); free = owned − booked.\n');
    } else if (name === 'agenda') {
      rangeOptions(command, 'default today; --to default 7 days later').option('--active-only', 'leave cancelled events out');
      define(command, reg, async () => (await import('../../calendar/commands/agenda.js')).agenda, [
        'rentals agenda',
        'rentals agenda --from 2026-06-01 --to 2026-06-30 -o csv',
        'rentals agenda --from today --to +8w -o ics > rentals.ics',
      ]).addHelpText('after', '\n-o ics writes an iCalendar file: one VEVENT per event (UID stable across exports), start → end, the window and items in the description, cancelled events as STATUS:CANCELLED.\n');
    } else if (name === 'load-sheet') {
      command.option('--date <day>', 'the day (default today)').option('--to <day>', 'last day, for several days');
      define(command, reg, async () => (await import('../../calendar/commands/load-sheet.js')).loadSheet, [
        'rentals load-sheet',
        'rentals load-sheet --date fri --to mon -o json',
      ]).addHelpText('after', '\nout = dropoffs of the day (to load), in = pickups of the day (to receive); cancelled events are left out.\n');
    } else {
      rangeOptions(command, 'default: every event');
      define(command, reg, async () => (await import('../../calendar/commands/check.js')).check, [
        'rentals check',
        'rentals check --from today --to +90d -o json | jq -r \'.[].code\'',
      ]).addHelpText('after', '\nExit 0 when clean, 1 when a problem is found. Codes: overbooked, inactive-item, booking-without-price, price-differs, no-price-for-block, dates-out-of-order, missing-date, missing-item, missing-block, missing-status.\n');
    }
  }
}
