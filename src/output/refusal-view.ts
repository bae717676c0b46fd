// A write refused for stock, as what a command prints: the message on stderr (exit 1), and for
// `-o json` the refusal with its ways out on stdout, `{ "data": [], "refused": { message, event,
// shortages, commands } }` (docs/calendar.md, "Ways out of a shortage"), so a script can act on them
// (the amounts of `commands` plain; `message` the text said on stderr, in the shop's currency);
// every other format prints nothing on stdout (no csv header: nothing was written).

import { ShortageRefused } from '../domain/booking-plan.js';
import { waysOutJson } from '../domain/ways-out.js';
import { formatWallTime } from '../domain/wall-time.js';
import type { Outcome } from './views.js';

/** The outcome of a refusal for stock; undefined for any other error. */
export function refusalOutcome(refusal: unknown): Outcome | undefined {
  if (!(refusal instanceof ShortageRefused)) return undefined;
  const { target } = refusal;
  const refused = {
    message: refusal.message,
    event: { id: target.id ?? null, name: target.label, from: formatWallTime(target.window.from), to: formatWallTime(target.window.to) },
    shortages:
      refusal.waysOut.length > 0
        ? refusal.waysOut.map(waysOutJson)
        : refusal.shortages.map((s) => ({ itemId: s.itemId, name: s.itemName, asked: s.asked, owned: s.owned, free: s.owned - s.held, short: s.held + s.asked - s.owned })),
    // Each way out as the command line that takes it (quoted for a POSIX shell), the override last;
    // its amounts plain, as all of -o json's (the message is the refusal as said on stderr).
    commands: refusal.with({ money: undefined }).commands.map(({ kind, what, command }) => ({ kind, what, command })),
  };
  return { view: { kind: 'records', body: { data: [], refused }, rows: [], columns: [], emptyNote: '', refused: true }, warnings: [`error: ${refusal.message}`], exitCode: 1 };
}
