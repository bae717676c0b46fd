// What a booking write shows: the planned line writes (--dry-run) or the records written, and
// the notices that say what each write did. Built here, beside the use cases, for book, unbook and clone.

import type { PlannedBookings, WrittenLine } from '../data/booking-writer.js';
import { lineRow } from '../data/booking-writer.js';
import { describeWrite } from '../domain/booking-plan.js';
import { announce } from '../output/booking-notices.js';
import { itemName } from '../domain/records.js';
import type { RecordListView } from '../output/views.js';
import { resources } from '../resources/definitions.js';
import { recordsView } from '../output/records-view.js';
import type { Notices } from '../output/notices.js';

const PLAN_COLUMNS = ['action', 'id', 'eventId', 'inventoryId', 'quantity', 'price'];

/** `--dry-run`: one row per line write (create, update, delete); nothing is sent. */
export function plannedView(planned: PlannedBookings, notices: Notices): RecordListView {
  announce(planned, notices);
  const rows = planned.plan.writes.map((write) => lineRow(planned.target.id, write));
  for (const write of planned.plan.writes) notices.info(`would: ${describeWrite(write, planned.target, (id) => itemName(id, planned.world.items), planned.world.blockLabel)}`);
  notices.info(`Dry run: ${rows.length} line write${rows.length === 1 ? '' : 's'} planned; nothing was sent.`);
  return { kind: 'records', body: { data: rows }, rows, columns: PLAN_COLUMNS };
}

/** The records written (deleted lines as they were), with a notice per write. */
export function writtenView(planned: PlannedBookings, written: readonly WrittenLine[], notices: Notices): RecordListView {
  for (const { write } of written) notices.info(describeWrite(write, planned.target, (id) => itemName(id, planned.world.items), planned.world.blockLabel));
  const kept = planned.plan.unchanged.map((u) => u.booking.record);
  return recordsView(resources.bookings, [...kept, ...written.map((w) => w.record)]);
}

