// A row whose write failed may still have applied: the request reached the server and only its
// answer was lost (the connection dropped, the server went away). Planned afresh on --resume, a
// relative change (`adjust --percent 10`) would then apply twice. Such a row is instead judged
// against the live record, as --undo judges staleness: the record has the report's "new" values →
// it applied; it has the report's "old" → the same "new" is sent again (not recomputed); anything
// else → someone changed it since: stale, never sent.

import type { LiveRecord } from './live.js';
import { hasValues } from './plan.js';
import type { ReportLine } from './report.js';
import type { RowSpec } from './spec.js';
import type { Values } from './values.js';

export type MaybeApplied =
  /** It applied: the line as the report should have said it. */
  | { applied: ReportLine }
  /** It did not: these values are sent again. */
  | { resend: Values }
  /** The record changed since the report: why, as a stale row's error says it. */
  | { stale: string };

export function judgeMaybeApplied(spec: RowSpec, line: ReportLine, current: LiveRecord): MaybeApplied {
  if (hasValues(spec, current, line.new)) {
    const { error: _failed, ...rest } = line;
    return { applied: { ...rest, outcome: 'updated' } };
  }
  if (hasValues(spec, current, line.old)) return { resend: line.new! };
  const parts = Object.keys(line.new!).map(
    (name) => `${name} is now ${String(current.values[name])}, the report has ${String(line.old![name])} before the change and ${String(line.new![name])} after it`,
  );
  return { stale: `changed since the report: ${parts.join('; ')}` };
}
