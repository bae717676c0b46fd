// Use case: copy an event (events clone) to a new start, every datetime shifted alike
// (domain/event-shift.ts). Its bookings (--with-bookings) are planned by the one booking planner
// over the copy's window before anything is created, the event is created through the event
// writer, and its lines written through the booking writer (read back against a concurrent
// write). When the lines are refused at that point (another booking took the units meanwhile: a
// refusal by the rules, or a race lost and backed out), the copy is deleted again: the command
// leaves either the whole copy or nothing. Any other failure (the server, the network) leaves the
// copy as it is and says so: which lines were copied and which not, and the command that finishes
// the copy (an `events book` of every line, which leaves a line already there as it is). So does a
// copy whose creation was answered with a fault (a gateway's 502 after the server made it): its
// lines were never sent.

import type { PlannedBookings, WrittenLine } from '../../data/booking-writer.js';
import { refusedByRules } from '../../data/refused.js';
import type { ApiRecord } from '../../api/resource-api.js';
import { appliedRecord, outcomeUnknown } from '../../api/unknown-outcome.js';
import { formatMoneyFixed } from '../../domain/money.js';
import { type BookingTarget, type LineWrite, ShortageRefused } from '../../domain/booking-plan.js';
import type { WindowRetry } from '../../domain/way-out-commands.js';
import { shellLine } from '../../common/shell-words.js';
import type { Change } from '../../domain/changes.js';
import { parseDateArgument } from '../../domain/dates.js';
import { EVENT_DATE_FIELDS, eventWindow, isCancelledStatus } from '../../domain/event-model.js';
import { shiftOffset, shiftedCopy } from '../../domain/event-shift.js';
import { type CalendarEvent, eventLabel, itemName, readEvent, totalsByItem } from '../../domain/records.js';
import { type WallTime, parseWallTime, shortWallTime } from '../../domain/wall-time.js';
import { RentalsError, UsageError } from '../../errors.js';
import { announce } from '../../output/booking-notices.js';
import type { View } from '../../output/views.js';
import { fieldByName, resources } from '../../resources/definitions.js';
import { parseText } from '../../schemas/values.js';
import { validated } from '../../schemas/validated.js';
import { changesView } from '../changes-view.js';
import { bookingChanges, plannedNames } from './book.js';
import type { CalendarWrites } from '../ports.js';
import type { Given } from './cancel.js';
import { quotedName } from '../../common/sanitize.js';

type CloneDeps = Pick<CalendarWrites, 'calendar' | 'events' | 'bookings' | 'notices' | 'money'> & { now: () => WallTime };

export interface CloneRequest {
  withBookings: boolean;
  allowOverbook: boolean;
  dryRun: boolean;
  /** Called once the plan is known, before anything is sent (its warnings, and the copy's own). */
  beforeWriting?: (planned: PlannedBookings, warnings: readonly string[]) => void;
}

export interface CloneOutcome {
  /** The body of the copy (with the status it gets). */
  body: Record<string, unknown>;
  planned: PlannedBookings;
  /** What the copy's creation says before it is sent (domain/past-event.ts). */
  warnings: readonly string[];
  /** Undefined for a dry run. */
  created: ApiRecord | undefined;
  written: WrittenLine[] | undefined;
}

/** The copy as the planner sees it before it exists (a copy is active: no cancel date, a status that holds). */
function copyTarget(deps: Pick<CalendarWrites, 'bookings'>, source: CalendarEvent, body: Record<string, unknown>): BookingTarget {
  const dates: Partial<Record<(typeof EVENT_DATE_FIELDS)[number], WallTime>> = {};
  for (const field of EVENT_DATE_FIELDS) {
    const time = parseWallTime(body[field]);
    if (time !== undefined) dates[field] = time;
  }
  const status = isCancelledStatus(source.status) ? undefined : source.status;
  return {
    id: undefined,
    label: `the copy ${quotedName(String(body.eventName ?? source.name))}`,
    window: eventWindow(dates),
    cancelled: false,
    blockId: source.blockId,
    holdRule: deps.bookings.target({ ...source, status, cancelled: false }).holdRule,
  };
}

export async function cloneEvent(deps: Pick<CalendarWrites, 'calendar' | 'events' | 'bookings'>, source: CalendarEvent, copyBody: Record<string, unknown>, request: CloneRequest): Promise<CloneOutcome> {
  // Cancelled everywhere: the copy of an event whose status cancels it gets Confirmed.
  const body = isCancelledStatus(source.status) ? { ...copyBody, eventStatusId: await deps.calendar.catalog.idOfName('statuses', 'Confirmed', 'status') } : copyBody;
  const copy = copyTarget(deps, source, body);
  const bookings = request.withBookings ? ((await deps.calendar.bookings([source])).get(source.id) ?? []) : [];
  const items = await deps.calendar.items();
  const missing = bookings.filter((b) => !items.has(b.itemId));
  if (missing.length > 0) throw new RentalsError(`booking ${missing[0]!.id} of ${eventLabel(source)} references item ${missing[0]!.itemId}, which does not exist; nothing was copied`);
  // Several lines of one item on the source become one line of their total on the copy, at the first line's price when the block has none.
  const intents = [...totalsByItem(bookings)].map(([itemId, quantity]) => ({ kind: 'set' as const, itemId, quantity, fallbackPrice: bookings.find((b) => b.itemId === itemId && b.price !== undefined)?.price }));
  const planned = await deps.bookings.plan(copy, intents, { allowOverbook: request.allowOverbook });
  // The copy is created as every event is, through the event writer's plan (its warnings: a copy wholly in the past).
  const creation = await deps.events.planCreate(deps.events.address(), body, { allowDateOrder: true });
  if (request.dryRun) return { body, planned, warnings: creation.warnings, created: undefined, written: undefined };
  request.beforeWriting?.(planned, creation.warnings);
  let created: ApiRecord;
  try {
    created = (await creation.write())[0]!.after!;
  } catch (error) {
    // The copy may have been made, its answer lost: its lines were never sent.
    if (outcomeUnknown(error) && planned.plan.writes.length > 0) error.message += `\n${linesNotCopied(planned, appliedRecord(error))}`;
    throw error;
  }
  if (planned.plan.writes.length === 0) return { body, planned, warnings: creation.warnings, created, written: [] };
  const event = readEvent(created);
  const onCopy = { ...planned, target: { ...copy, id: event.id, label: eventLabel(event) } };
  try {
    return { body, planned: onCopy, warnings: creation.warnings, created, written: await deps.bookings.write(onCopy) };
  } catch (error) {
    if (refusedByRules(error)) {
      await deps.events.remove(event.id, created);
      error.message += `\nThe copy (event ${event.id}) was deleted again: nothing was copied.`;
    } else if (error instanceof Error) {
      error.message += `\nThe copy (event ${event.id}) was created; its bookings were not all copied (see above which were written). Finish the copy with:\n${finishCommands(onCopy, String(event.id)).join('\n')}\n(a line already there is left as it is; see rentals events show ${event.id})`;
    }
    throw error;
  }
}

/** The copy's creation failed with its outcome unknown: its lines, none of them sent, and how to copy them once the copy is known. */
function linesNotCopied(planned: PlannedBookings, copy: ApiRecord | undefined): string {
  const lines = planned.plan.writes.map((write) => say(planned, write)).join(', ');
  const head = `Its bookings were not copied (none was sent): ${lines}.`;
  if (copy?.id !== undefined) return `${head} Copy them onto the copy (event ${String(copy.id)}) with:\n${finishCommands(planned, String(copy.id)).join('\n')}`;
  return `${head} Once the copy is there (rentals events list), copy them onto it with:\n${finishCommands(planned, '<id of the copy>').join('\n')}`;
}

/** `4 × "Chairs"`. */
function say(planned: PlannedBookings, write: LineWrite): string {
  return write.action === 'delete' ? `booking ${write.booking.id}` : `${write.quantity} × ${quotedName(itemName(write.itemId, planned.world.items))}`;
}

/**
 * The `events book` commands that copy the planned lines onto the copy `id`: the lines at the
 * block's price in one, each line at a price of its own (kept from the original) in its own with --price.
 */
function finishCommands(planned: PlannedBookings, id: string): string[] {
  const creates = planned.plan.writes.filter((write): write is Extract<LineWrite, { action: 'create' }> => write.action === 'create');
  const atBlock = creates.filter((write) => write.priceFrom === 'block');
  const commands = atBlock.length > 0 ? [`  rentals events book ${id} ${atBlock.map((write) => `--item ${write.itemId}=${write.quantity}`).join(' ')}`] : [];
  for (const write of creates.filter((w) => w.priceFrom !== 'block')) commands.push(`  rentals events book ${id} --item ${write.itemId}=${write.quantity} --price ${formatMoneyFixed(write.price)}`);
  return commands;
}

export interface CloneEventRequest extends Omit<CloneRequest, 'beforeWriting'> {
  /** The event copied, by name or id. */
  event: string;
  /** The copy's start (a day keeps the original clock time). */
  start: Given;
  /** The copy's name (default: the same). */
  name?: string;
}

/** The copy made over another window: the same clone, its start as far from the asked one as the window is. */
function copiedTo(source: CalendarEvent, body: Record<string, unknown>, request: CloneEventRequest): WindowRetry {
  const copy = readEvent({ ...body, id: source.id });
  return (window) => {
    const start = copy.dates.startDate;
    if (start === undefined || !copy.window) return undefined;
    const name = request.name === undefined ? [] : ['--name', request.name];
    return shellLine(['rentals', 'events', 'clone', String(source.id), '--start-date', shortWallTime(start + window.from - copy.window.from), ...name, '--with-bookings']);
  };
}

/** What a clone says before it is sent, its dry run alike: the copy's warnings, then its lines'. */
function announceCopy(planned: PlannedBookings, warnings: readonly string[], deps: Pick<CalendarWrites, 'notices' | 'money'>): void {
  for (const warning of warnings) deps.notices.warn(warning);
  announce(planned, deps.notices, deps.money);
}

/** `events clone`: the copy and (--with-bookings) its lines, as changes; `-o json`'s `data` the copy. */
export async function cloneEventView(deps: CloneDeps, request: CloneEventRequest): Promise<View> {
  const target = parseDateArgument(request.start.value, deps.now(), request.start.flag);
  if (request.name !== undefined) {
    const name = parseText(request.name, fieldByName(resources.events, 'eventName')?.max, false);
    if (!name.ok || request.name.trim() === '') throw new UsageError(`--name: ${name.ok ? 'must not be empty' : name.rule}`);
  }
  const source = await deps.calendar.event(request.event);
  const start = source.dates.startDate;
  if (start === undefined) throw new RentalsError(`${eventLabel(source)} has no start date to shift from`);
  const body = shiftedCopy(source.record, shiftOffset(start, target), request.name);
  await validated(resources.events, body, 'create');

  const { planned, warnings, created, written } = await cloneEvent(deps, source, body, { ...request, beforeWriting: (plan, said) => announceCopy(plan, said, deps) }).catch((error: unknown) => {
    throw error instanceof ShortageRefused && error.target.id === undefined ? error.with({ window: copiedTo(source, body, request) }) : error;
  });
  const catalog = () => deps.calendar.catalog;
  const eventsAt = deps.events.address();
  const copyOf = `a copy of event ${source.id} ${quotedName(source.name)}`;
  const lines = bookingChanges({ planned, written });
  const names = plannedNames(planned);
  if (!created) {
    announceCopy(planned, warnings, deps);
    const changes: Change[] = [{ resource: eventsAt.def.name, id: null, before: null, after: body, note: copyOf }, ...lines];
    return changesView(changes, { dryRun: true, json: { data: [body] }, catalog, names, narrate: true });
  }
  const event = readEvent(created);
  const changes: Change[] = [{ resource: eventsAt.def.name, id: event.id, before: null, after: created, note: copyOf }, ...lines];
  return changesView(changes, { dryRun: false, json: { data: [created] }, catalog, names: { ...names, events: { [event.id]: event.name } }, narrate: true });
}
