// `bookings add` and `bookings update` through the one booking planner (domain/booking-plan.ts):
// the same availability, price and inactive-item rules as `events book`, and the same refusal.
// A booking added for an item already on the event is one more line; all lines count together.

import { validated } from '../../schemas/validated.js';
import { book } from '../book.js';
import type { BookingIntent } from '../../domain/booking-plan.js';
import { type Money, parseMoney } from '../../domain/money.js';
import { UsageError } from '../../errors.js';
import { type ApiVersion, type BodyOf, type FieldName, recordUrlPath, collectionUrlPath, resources } from '../../resources/definitions.js';
import { announce } from '../../output/booking-notices.js';
import { recordsView } from '../../output/records-view.js';
import { lineRow } from '../../data/booking-writer.js';
import type { View } from '../../output/views.js';
import type { ResourceDeps } from './verbs.js';
import type { WriteInput } from './verbs.js';

function count(value: unknown, field: FieldName<'bookings'>): number | undefined {
  if (value === undefined || value === null) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${field}: must be a whole number ≥ 0 (got ${JSON.stringify(value)})`);
  return n;
}

function money(value: unknown): Money | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return parseMoney(typeof value === 'number' ? value : String(value));
}

async function planAndWrite(resource: ResourceDeps, version: ApiVersion, eventId: number, intent: BookingIntent, input: WriteInput, path: (id: number | undefined) => string): Promise<View> {
  const deps = await resource.booking();
  const event = await deps.calendar.event(String(eventId));
  const { planned, written } = await book(deps, deps.bookings.target(event), [intent], {
    allowOverbook: input.allowOverbook === true,
    dryRun: input.dryRun === true,
    version,
    beforeWriting: (plan) => announce(plan, deps.notices),
  });
  if (!written) {
    announce(planned, deps.notices);
    const write = planned.plan.writes[0];
    if (!write || write.action === 'delete') return resource.describeRequest('GET', path(undefined), undefined);
    const { action: _action, ...body } = lineRow(eventId, write);
    if (body.id === null) delete body.id;
    return resource.describeRequest(write.action === 'create' ? 'POST' : 'PUT', path(write.action === 'update' ? write.booking.id : undefined), body);
  }
  // As every generic write: the records answered, no notice per line.
  return recordsView(resources.bookings, written.map((w) => w.record));
}

export async function addBooking(deps: ResourceDeps, version: ApiVersion, body: BodyOf<'bookings'>, input: WriteInput): Promise<View> {
  // Every rule of the validator first (required fields, limits); the price may come from the block.
  await validated(resources.bookings, { ...body, price: body.price ?? 0 }, 'create');
  const eventId = Number(body.eventId);
  const itemId = count(body.inventoryId, 'inventoryId')!;
  const quantity = count(body.quantity, 'quantity')!;
  return planAndWrite(deps, version, eventId, { kind: 'add-line', itemId, quantity, price: money(body.price) }, input, () => collectionUrlPath(resources.bookings, version, eventId));
}

export async function updateBooking(
  deps: ResourceDeps,
  version: ApiVersion,
  bookingId: number,
  eventId: number | undefined,
  changes: BodyOf<'bookings'>,
  input: WriteInput,
): Promise<View> {
  if (eventId === undefined) throw new UsageError('bookings belong to an event: --event-id <id> is required');
  const intent: BookingIntent = { kind: 'update-line', bookingId, itemId: count(changes.inventoryId, 'inventoryId'), quantity: count(changes.quantity, 'quantity'), price: money(changes.price) };
  return planAndWrite(deps, version, eventId, intent, input, (id) => recordUrlPath(resources.bookings, version, id ?? bookingId, eventId));
}
