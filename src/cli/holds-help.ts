// `rentals help holds`: which statuses hold stock and how, written once; the status names the
// service has that the setting does not name are listed (they hold firmly).

import { DEFAULT_HOLD_POLICY, type HoldPolicy, formatHoldPolicy } from '../domain/hold-policy.js';

/** The topic's text for the policy in force and the status names it does not know. */
export function holdsHelp(policy: HoldPolicy, unknownStatuses: readonly string[] | undefined): string {
  const rules = [...policy.rules.values()].map(({ name, rule }) => `  ${name.padEnd(16)} ${rule}`);
  const unknown =
    unknownStatuses === undefined
      ? "The service's statuses could not be read here (no profile or no answer): any status not named above holds firmly."
      : unknownStatuses.length === 0
        ? 'Every status of the service has a rule.'
        : `Statuses of the service with no rule (they hold firmly): ${unknownStatuses.map((n) => JSON.stringify(n)).join(', ')}`;
  return `Holds: which event statuses hold stock

  firm       holds its units: other bookings are checked against it
  tentative  a quote: shown (availability's "tentative" column, the timeline's ░ bars) and warned
             about, but blocks nothing; \`rentals events confirm\` makes it firm when it fits
  none       holds nothing (a cancelled event never holds, whatever its status)

Rules in force:
${rules.join('\n')}
${unknown}

A --holds given for one run changes what is shown; a write is judged by the stricter of it and
the shop's rules (the profile's, RENTALS_HOLDS), never by a looser one.

Change them with the holds setting (names case-insensitive; the pairs given replace the defaults
for those names only):
  rentals config set holds "Quoted=none,On hold=tentative"
Defaults: ${formatHoldPolicy(DEFAULT_HOLD_POLICY)}
`;
}
