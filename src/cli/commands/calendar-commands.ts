// The calendar commands: `events list` with filters, `events show|book|unbook|cancel|uncancel|
// clone`, and the top-level `availability`, `agenda`, `load-sheet`, `check`. Each handler is a
// plain function in src/calendar/commands/ returning a view, loaded only when its command runs.

import { DATES_HELP_LINK } from '../../calendar/dates-help.js';
import type { View } from '../../output/views.js';
import { resources } from '../../resources/definitions.js';
import { type LeafCommand, defineCommand } from '../registry/spec.js';
import type { Session } from '../session.js';

type Options = Record<string, unknown>;
type Handler = (session: Session, options: Options, args: string[]) => Promise<View | number | void>;

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

/**
 * Runs a lazily loaded handler and prints the view it returns. `expects` names that view's kind,
 * so a format it cannot print (`events book -o ics`) is refused before anything is read or written.
 */
async function runView(
  session: Session,
  load: () => Promise<Handler>,
  options: Options,
  args: string[],
  expects?: View['kind'],
): Promise<number | void> {
  if (expects) session.expectView(expects);
  const result = await (await load())(session, options, args);
  if (typeof result === 'number') return result;
  if (result !== undefined) await session.printer.view(result);
}

const help = (text = '') => `${text}${DATES_HELP_LINK}`;
const versionHelp = `API version: ${resources.events.versions.join('|')}`;

const eventsList = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: 'List events (filters: range, search, status, cancelled, sort, limit)',
  help: help(`\nFilters are applied here, on the whole list: the API's reference shows no query parameters for events.\n`),
  examples: [
    'rentals events list',
    'rentals events list --from today --to +30d --status Quoted',
    'rentals events list --search smith --sort startDate:desc --limit 5',
    "rentals events list --json | jq '.data[]'",
  ],
  options: (command) =>
    command
      .option('--api-version <version>', `${versionHelp} (default v1)`)
      .option('--from <date>', 'events whose window (dropoff → pickup) ends after this')
      .option('--to <date>', 'events whose window starts before this (a day counts in full)')
      .option('--search <text>', 'event or customer name contains this (any case)')
      .option('--status <name|id>', 'event status (e.g. Confirmed)')
      .option('--cancelled', 'only cancelled events')
      .option('--active-only', 'only events that are not cancelled')
      .option('--sort <field[:desc]>', 'sort by an event field, e.g. startDate or customerName:desc')
      .option('--limit <n>', 'at most n events (after filtering and sorting)'),
  run: (session, options, args) => runView(session, async () => (await import('../../calendar/commands/events-list.js')).eventsList, options, args, 'records'),
});

const eventsShow = defineCommand({
  name: 'show',
  args: '<event>',
  summary: 'Show an event with its bookings, line totals and the event total',
  help: '\nTotal = Σ quantity × unit price + delivery + labor + misc + sales tax − discount; the deposit is shown apart.\n',
  examples: ['rentals events show 12', 'rentals events show "Harper–Nguyen Wedding" --json | jq .totals.total'],
  run: (session, options, args) => runView(session, async () => (await import('../../calendar/commands/events-show.js')).eventsShow, options, args, 'detail'),
});

const eventsBook = defineCommand({
  name: 'book',
  args: '<event>',
  summary: "Book items on an event after checking availability; the price comes from the event's rental block",
  help: help(
    '\nEvery item is checked against the other non-cancelled events whose window overlaps this one before anything is written; an item already on the event has its quantity changed.\n',
  ),
  examples: ['rentals events book 12 --item "White Folding Chair" --quantity 40', 'rentals events book 12 --item "60in Round Table=8" --item "LED Uplight=12"'],
  options: (command) =>
    command
      .requiredOption('--item <name|id[=qty]>', 'item to book; repeat for several, NAME=QTY sets each quantity', collect)
      .option('--quantity <n>', 'units, for items given without =QTY')
      .option('--price <p>', "unit price (default: the item's price for the event's rental block); one --item only")
      .option('--allow-overbook', 'book even when other events hold the units'),
  run: (session, options, args) => runView(session, async () => (await import('../../calendar/commands/events-book.js')).eventsBook, options, args, 'records'),
});

const eventsUnbook = defineCommand({
  name: 'unbook',
  args: '<event>',
  summary: 'Remove items from an event',
  examples: ['rentals events unbook 12 --item "LED Uplight"'],
  options: (command) => command.requiredOption('--item <name|id>', 'item to remove; repeat for several', collect),
  run: (session, options, args) => runView(session, async () => (await import('../../calendar/commands/events-book.js')).eventsUnbook, options, args, 'records'),
});

const eventsCancel = defineCommand({
  name: 'cancel',
  args: '<event>',
  summary: 'Cancel an event: it keeps its record and bookings but holds no inventory',
  help: help(),
  examples: ['rentals events cancel 12 --reason "Customer postponed"'],
  options: (command) => command.requiredOption('--reason <text>', 'why (kept as the cancel reason)').option('--date <when>', 'cancellation date (default: now)'),
  run: (session, options, args) => runView(session, async () => (await import('../../calendar/commands/events-cancel.js')).eventsCancel, options, args),
});

const eventsUncancel = defineCommand({
  name: 'uncancel',
  args: '<event>',
  summary: 'Make a cancelled event active again (clears the cancel date and reason)',
  examples: ['rentals events uncancel 12'],
  run: (session, options, args) => runView(session, async () => (await import('../../calendar/commands/events-cancel.js')).eventsUncancel, options, args),
});

const eventsClone = defineCommand({
  name: 'clone',
  args: '<event>',
  summary: 'Copy an event to a new start date, every datetime shifted alike',
  help: help(),
  examples: [
    'rentals events clone 12 --start-date 2027-06-11 --with-bookings',
    'rentals events clone "Riverside Summer Festival" --start-date +52w --name "Riverside Summer Festival 2027"',
  ],
  options: (command) =>
    command
      .requiredOption('--start-date <date>', 'the new start (a day keeps the original clock time)')
      .option('--name <text>', 'name of the copy (default: the same name)')
      .option('--with-bookings', 'copy the bookings too, checked like `events book`')
      .option('--allow-overbook', 'with --with-bookings: copy even when other events hold the units'),
  run: (session, options, args) => runView(session, async () => (await import('../../calendar/commands/events-clone.js')).eventsClone, options, args, 'records'),
});

/** The event verbs of the calendar; `list` replaces the generic one (it keeps its output and adds filters). */
export function eventCalendarCommands(): LeafCommand[] {
  return [eventsList, eventsShow, eventsBook, eventsUnbook, eventsCancel, eventsUncancel, eventsClone];
}

const availabilityCommand = defineCommand({
  name: 'availability',
  summary: 'Units owned, booked at the peak moment and free, per item, over a range',
  help: help('\nbooked = the most units held at one moment of the range by non-cancelled events (not the sum over the range); free = owned − booked.\n'),
  examples: ['rentals availability --from fri --to sun', 'rentals availability --from 2026-06-01 --to 2026-06-30 --item "20x20 Frame Tent" --daily'],
  options: (command) =>
    command
      .option('--from <date>', 'start of the range (default today)')
      .option('--to <date>', 'end of the range (default 7 days later; a day counts in full)')
      .option('--item <name|id>', 'only this item; repeat for several', collect)
      .option('--category <name|id>', 'only the items of this category (when the service tells which)')
      .option('--daily', 'a day × item grid of free units')
      .option('--all', 'every item, also inactive ones without bookings'),
  run: (session, options, args) => runView(session, async () => (await import('../../calendar/commands/availability.js')).availability, options, args, options.daily ? 'grid' : 'records'),
});

const agendaCommand = defineCommand({
  name: 'agenda',
  summary: 'The events of a range by day, with their windows, items and totals (-o ics for calendars)',
  help: help(
    '\n-o ics writes an iCalendar file: one VEVENT per event (UID stable across exports), start → end, the window and items in the description, cancelled events as STATUS:CANCELLED.\n',
  ),
  examples: ['rentals agenda', 'rentals agenda --from 2026-06-01 --to 2026-06-30 -o csv', 'rentals agenda --from today --to +8w -o ics > rentals.ics'],
  options: (command) =>
    command
      .option('--from <date>', 'start of the range (default today)')
      .option('--to <date>', 'end of the range (default 7 days later; a day counts in full)')
      .option('--active-only', 'leave cancelled events out'),
  run: (session, options, args) => runView(session, async () => (await import('../../calendar/commands/agenda.js')).agenda, options, args),
});

const loadSheetCommand = defineCommand({
  name: 'load-sheet',
  summary: "The warehouse's pick list: what goes out and comes back each day",
  help: help('\nout = dropoffs of the day (to load), in = pickups of the day (to receive); cancelled events are left out.\n'),
  examples: ['rentals load-sheet', 'rentals load-sheet --date fri --to mon -o json'],
  options: (command) => command.option('--date <day>', 'the day (default today)').option('--to <day>', 'last day, for several days'),
  run: (session, options, args) => runView(session, async () => (await import('../../calendar/commands/load-sheet.js')).loadSheet, options, args, 'groups'),
});

const checkCommand = defineCommand({
  name: 'check',
  summary: 'Lint the calendar: overbookings, prices, inactive items, dates out of order, missing references',
  help: help(
    '\nExit 0 when clean, 1 when a problem is found. Codes: overbooked, inactive-item, booking-without-price, price-differs, no-price-for-block, dates-out-of-order, missing-date, missing-item, missing-block, missing-status.\n',
  ),
  examples: ['rentals check', "rentals check --from today --to +90d -o json | jq -r '.[].code'"],
  options: (command) => command.option('--from <date>', 'start of the range (default: every event)').option('--to <date>', 'end of the range (a day counts in full)'),
  run: (session, options, args) => runView(session, async () => (await import('../../calendar/commands/check.js')).check, options, args, 'records'),
});

export const calendarCommands: LeafCommand[] = [availabilityCommand, agendaCommand, loadSheetCommand, checkCommand];
