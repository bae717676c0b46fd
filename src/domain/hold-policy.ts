// Which event statuses hold stock, and how: a firm hold blocks other bookings, a tentative one
// (a quote) is shown and warned about but blocks nothing, `none` holds nothing. The setting's
// text form is `Name=rule,Name=rule` (names case-insensitive); the names it gives replace the
// defaults for those names only. A status the policy does not name holds firmly: a status made
// up after the setting was written must not silently free stock (`unknownStatuses` lists them).

import { UsageError } from '../errors.js';

export type HoldKind = 'firm' | 'tentative';
export type HoldRule = HoldKind | 'none';

const RULES: readonly HoldRule[] = ['firm', 'tentative', 'none'];

export const DEFAULT_HOLD_RULES: ReadonlyArray<readonly [string, HoldRule]> = [
  ['Confirmed', 'firm'],
  ['Completed', 'firm'],
  ['Quoted', 'tentative'],
  ['Cancelled', 'none'],
];

export interface HoldPolicy {
  /** lower-cased status name → its rule and the name as written. */
  readonly rules: ReadonlyMap<string, { name: string; rule: HoldRule }>;
}

function policyOf(entries: Iterable<readonly [string, HoldRule]>): HoldPolicy {
  const rules = new Map<string, { name: string; rule: HoldRule }>();
  for (const [name, rule] of entries) rules.set(name.trim().toLowerCase(), { name: name.trim(), rule });
  return { rules };
}

export const DEFAULT_HOLD_POLICY: HoldPolicy = policyOf(DEFAULT_HOLD_RULES);

const RULE_TEXT = 'each rule must be Status=firm, Status=tentative or Status=none, separated by commas (e.g. "Quoted=none,On hold=tentative")';

/**
 * `Quoted=none,On hold=tentative` → the defaults with those rules replaced or added. `source`
 * names where the text came from (`holds`, `--holds`, `RENTALS_HOLDS`) in the UsageError.
 */
export function parseHoldPolicy(text: string, source: string): HoldPolicy {
  const entries: Array<readonly [string, HoldRule]> = [...DEFAULT_HOLD_RULES];
  const seen = new Set<string>();
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const equals = part.indexOf('=');
    const name = equals < 0 ? '' : part.slice(0, equals).trim();
    const rule = equals < 0 ? '' : part.slice(equals + 1).trim().toLowerCase();
    if (name === '' || !(RULES as readonly string[]).includes(rule)) {
      throw new UsageError(`${source}: ${JSON.stringify(part.trim())}: ${RULE_TEXT}`);
    }
    const key = name.toLowerCase();
    if (seen.has(key)) throw new UsageError(`${source}: the status ${JSON.stringify(name)} is given twice; give each status one rule`);
    seen.add(key);
    entries.push([name, rule as HoldRule]);
  }
  return policyOf(entries);
}

/** The text form, defaults included, in the order the rules were given: parseHoldPolicy reads it back. */
export function formatHoldPolicy(policy: HoldPolicy): string {
  return [...policy.rules.values()].map(({ name, rule }) => `${name}=${rule}`).join(',');
}

/** The rule of a status name; a name the policy does not know (or no name) holds firmly. */
export function holdRule(policy: HoldPolicy, statusName: string | undefined): HoldRule {
  return (statusName === undefined ? undefined : policy.rules.get(statusName.trim().toLowerCase())?.rule) ?? 'firm';
}

/** The names among `statusNames` that the policy does not know (they hold firmly), sorted, once each. */
export function unknownStatuses(policy: HoldPolicy, statusNames: Iterable<string>): string[] {
  const unknown = new Set<string>();
  for (const name of statusNames) if (!policy.rules.has(name.trim().toLowerCase())) unknown.add(name);
  return [...unknown].sort((a, b) => a.localeCompare(b));
}

/** How an event holds: a cancelled event holds nothing whatever its status says. */
export function eventHoldRule(policy: HoldPolicy, event: { cancelled: boolean }, statusName: string | undefined): HoldRule {
  return event.cancelled ? 'none' : holdRule(policy, statusName);
}
