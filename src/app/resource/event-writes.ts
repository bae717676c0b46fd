// `events update` through the one event write path (app/change-event.ts): a change of status,
// window dates or cancel date is judged like a booking (the event's lines against the firm holds
// over the new window, under the new status) and refused whole, or written and read back.

import { changeEvent } from '../change-event.js';
import { wholeRecord } from '../../data/event-writer.js';
import { defaultVersion, recordUrlPath, resources } from '../../resources/definitions.js';
import { validated } from '../../schemas/validated.js';
import type { ValidBody } from '../../schemas/valid-body.js';
import type { View } from '../../output/views.js';
import { recordsView } from '../../output/records-view.js';
import type { ResourceDeps, WriteInput } from './verbs.js';

/** `resolve`: the changes with names resolved and ids checked, once the event is read (as every update reads its record first). */
export async function updateEvent(deps: ResourceDeps, id: number, resolve: () => Promise<Record<string, unknown>>, input: WriteInput, checkDates: (canonical: ValidBody) => Promise<void>): Promise<View> {
  const calendar = await deps.booking();
  const event = await calendar.events.read(id);
  const changes = await resolve();
  // Every rule of the values first (exit 2), then the calendar's (exit 1).
  await checkDates(await validated(resources.events, { ...wholeRecord(event.record), ...changes, id }, 'update'));
  const { planned, written } = await changeEvent(calendar, event, changes, { allowOverbook: input.allowOverbook === true, dryRun: input.dryRun === true, verb: 'changed', now: deps.wallNow() });
  if (!written) return deps.describeRequest('PUT', recordUrlPath(resources.events, defaultVersion(resources.events), id), planned.body);
  return recordsView(resources.events, [written.after!]);
}
