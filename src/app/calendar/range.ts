// The range a calendar read covers, said on stderr before its data (stdout keeps data only).

import { type ResolvedRange, describeRange } from '../../domain/dates.js';
import type { Notices } from '../../output/notices.js';

/** `Range: Fri 2026-06-12 00:00 → Mon 2026-06-15 00:00` on stderr (-q silences it). */
export function showRange(notices: Notices, range: ResolvedRange): void {
  notices.info(`Range: ${describeRange(range)}`);
}
