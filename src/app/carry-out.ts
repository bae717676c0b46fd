// The last step of every write use case: a planned write (data/planned-write.ts), already judged,
// says what its rules let through (warnings, never silenced) and what needs no write (notes), then
// is written, or, for a dry run, only shown: the same plan either way. A plan that leaves its
// record as it is (every value the one it has: a second cancel with the same reason in the same
// minute, an update with the values the record has) is decided here, once for every command:
// nothing is sent, nothing goes into the history, and the command says nothing changed.

import type { Change } from '../domain/changes.js';
import type { PlannedWrite } from '../data/planned-write.js';
import type { Notices } from '../output/notices.js';
import { unchangedRecord } from './changes-view.js';

export interface CarriedOut {
  /** As planned (a dry run: nothing is sent) or as written; none when nothing changes. */
  changes: Change[];
  /** The plan leaves this record as it is: nothing was sent (app/changes-view.ts unchangedView says so). */
  unchanged?: Change;
}

export async function carryOut(planned: PlannedWrite, dryRun: boolean, notices: Notices): Promise<CarriedOut> {
  const unchanged = unchangedRecord(planned);
  if (unchanged) return { changes: [], unchanged };
  return { changes: await sendPlanned(planned, dryRun, notices) };
}

/**
 * The changes as planned (a dry run) or as written, whatever they change: for an undo, whose every
 * step is noted as sent before its write and found by it afterwards (app/undo-progress.ts).
 */
export async function sendPlanned(planned: PlannedWrite, dryRun: boolean, notices: Notices): Promise<Change[]> {
  announcePlanned(planned, notices);
  if (dryRun) return [...planned.changes];
  return planned.write();
}

/** What a plan says before it is written: its warnings (never silenced) and notes (for people). */
export function announcePlanned(planned: Pick<PlannedWrite, 'warnings' | 'notes'>, notices: Notices): void {
  for (const warning of planned.warnings) notices.warn(warning);
  for (const note of planned.notes) notices.info(note);
}
