// The last step of every write use case: a planned write (data/planned-write.ts), already judged,
// says what its rules let through (warnings, never silenced) and what needs no write (notes), then
// is written, or, for a dry run, only shown: the same plan either way.

import type { Change } from '../domain/changes.js';
import type { PlannedWrite } from '../data/planned-write.js';
import type { Notices } from '../output/notices.js';

/** The changes as planned (a dry run: nothing is sent) or as written. */
export async function carryOut(planned: PlannedWrite, dryRun: boolean, notices: Notices): Promise<Change[]> {
  announcePlanned(planned, notices);
  if (dryRun) return [...planned.changes];
  return planned.write();
}

/** What a plan says before it is written: its warnings (never silenced) and notes (for people). */
export function announcePlanned(planned: Pick<PlannedWrite, 'warnings' | 'notes'>, notices: Notices): void {
  for (const warning of planned.warnings) notices.warn(warning);
  for (const note of planned.notes) notices.info(note);
}
