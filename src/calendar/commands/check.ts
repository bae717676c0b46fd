// `rentals check [--from --to]`: a calendar lint for cron. Exit 0 when clean, 1 when a problem is
// found; `-o json` prints one object per problem with a stable `code` (see ../checks.ts).

import type { Session } from '../../cli/session.js';
import { byWindow } from '../../data/calendar.js';
import type { RecordListView } from '../../output/views.js';
import { checkCalendar } from '../../domain/checks.js';
import { resolveRange } from '../../domain/dates.js';
import { type Options, calendarOf, nowWall, optionalString, showRange } from './common.js';

export async function check(session: Session, options: Options): Promise<number> {
  const from = optionalString(options, 'from');
  const to = optionalString(options, 'to');
  const range = from === undefined && to === undefined ? undefined : resolveRange({ from, to }, nowWall(session), { days: 7 });
  if (range) showRange(session, range);
  const calendar = calendarOf(session);
  const catalog = session.catalog();
  const events = range ? await calendar.eventsIn(range, { active: true }) : (await calendar.events()).filter((e) => !e.cancelled).sort(byWindow);
  const [items, blocks, statuses] = await Promise.all([calendar.items(), catalog.byId('rentalBlocks'), catalog.byId('statuses')]);
  // The prices of each booked item are read as soon as a booking names it (the same bounded pool),
  // not after every bookings list has arrived.
  const booked = new Set<number>();
  const bookings = await calendar.bookings(events, (list) => {
    for (const { itemId } of list) {
      if (booked.has(itemId) || !items.has(itemId)) continue;
      booked.add(itemId);
      catalog.list('prices', itemId).catch(() => undefined);
    }
  });
  const prices = await calendar.prices(booked);
  const problems = checkCalendar({ events, bookings, items, prices, blocks: new Set(blocks.keys()), statuses: new Set(statuses.keys()), range });

  const view: RecordListView = {
    kind: 'records',
    body: problems,
    rows: problems.map((p) => ({ code: p.code, event: p.eventId ?? p.eventIds?.join(' ') ?? null, item: p.itemId ?? null, message: p.message })),
    columns: ['code', 'message'],
  };
  if (problems.length > 0 || session.format !== 'table') await session.printer.view(view);
  const checked = `${events.length} event${events.length === 1 ? '' : 's'} checked`;
  if (problems.length === 0) {
    session.printer.info(`No problems found (${checked}).`);
    return 0;
  }
  session.printer.info(`${problems.length} problem${problems.length === 1 ? '' : 's'} found (${checked}).`);
  return 1;
}
