// `rentals help dates`: the time model and the date arguments, written once; each calendar
// command's help points here.

export const DATES_HELP_TOPIC = 'dates';

export const DATES_HELP = `Dates and times in rentals

The API's datetimes carry no time zone: rentals treats them as the business's local wall-clock
time, and so are the dates you type. Today and now are read on the shop's clock: the timezone
setting (--timezone, RENTALS_TIMEZONE), else this system's zone.

Date arguments (--from, --to, --date, and every datetime flag such as events add --start-date):
  2026-06-12          that day (as a start: 00:00; as an end: the whole day, up to 24:00)
  "2026-06-12 14:30"  that moment (also 2026-06-12T14:30, or 14:30:15 to the second, 00-59)
  today, tomorrow, yesterday
  mon … sun           the next such day (today when today is that day); full names work too;
                      as --to, the first such day on or after --from: on a Saturday,
                      --from mon --to sun is the coming week (an event's later dates
                      alike: --start-date mon --end-date sun)
  +3d, +2w, -1d       days or weeks from today
  "fri 14:00"         one of those days at that time ("tomorrow 08:30", "+3d 09:00")

A range by name (--range, on every command that takes --from/--to, instead of them):
  today, tomorrow, yesterday          that day
  weekend                             Saturday and Sunday: the coming weekend, or the one
                                      under way when today is a Saturday or a Sunday
  next-weekend                        the weekend after that one
  this-week, next-week, last-week     Monday to Sunday (ISO weeks; on a Saturday this-week
                                      ends tomorrow: what is ahead is weekend or next-week)
  this-month, next-month, last-month  the calendar month
  2026-06                             that month
These are a small fixed grammar, not free text: a word it does not know is an error naming the
ones it does, never a guess. Without --range or --from/--to, a calendar command shows today and
the days ahead (each command's help says how many; check and events list read every event,
report this month).

The resolved range is printed on stderr (-q silences it), e.g.
  Range: Fri 2026-06-12 00:00 → Mon 2026-06-15 00:00

The time model:
  An event holds its inventory from dropoffDate to pickupDate: its window, not only start → end.
  Two windows overlap when one starts before the other ends; windows that only touch (a pickup
  at 10:00 and a dropoff elsewhere at 10:00) do not overlap: the units can go from one to the next.
  With a turnaround (the turnaround settings: time to clean and prepare what comes back), a unit
  stays held that long after its pickup too (docs/turnaround.md).
  A cancelled event (cancelDate set) holds nothing.
  Expected order of an event's dates: dropoff ≤ start ≤ end ≤ teardown ≤ pickup
  (\`rentals check\` reports the pair that is out of order).
  A range --from A --to B selects what overlaps [A, B).
  Shifting dates (events clone) moves every datetime by the same number of calendar days and
  wall-clock hours: across a daylight-saving change, 09:00 stays 09:00.
`;

/**
 * Examples of the forms every date flag takes (domain/dates.ts reads them and lists them when one
 * is refused); test/e2e/dates-line.e2e.test.ts runs each through each date flag of each command
 * whose help shows them. Not imported from there: this module loads at every start, for the topics.
 * A day, a moment (quoted for the shell), a weekday, days ahead: `rentals mcp`'s instructions name them so.
 */
export const DATE_EXAMPLES = ['2026-06-12', '"2026-06-12 14:00"', 'fri', '+3d'] as const;

/** What a help line that names dates ends with: the topic that tells them (`rentals mcp` replaces it, no tool being that topic). */
export const DATES_HELP_POINTER = ` (rentals help ${DATES_HELP_TOPIC})`;

/** The line a calendar command's help ends with: examples that each of its date flags takes (a range's name is no date: --range's own help names those). */
export const DATES_HELP_LINK = `\nDates: ${DATE_EXAMPLES.join(', ')}${DATES_HELP_POINTER}`;
