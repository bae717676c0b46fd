// Which event statuses hold stock, and how: a firm hold blocks other bookings, a tentative one
// (a quote) is shown and warned about but blocks nothing, `none` holds nothing. The setting's
// text form is `Name=rule,Name=rule` (names case-insensitive); the names it gives replace the
// defaults for those names only. A status the policy does not name holds firmly: a status made
// up after the setting was written must not silently free stock (`unknownStatuses` lists them).

import { DomainRuleError } from './errors.js';

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

/** The rule of the setting's text, as a phrase after "must be" (the settings table's `rule`). */
export const HOLD_POLICY_RULE = 'Status=rule pairs separated by commas, each rule firm, tentative or none (e.g. "Quoted=none,On hold=tentative")';

type PolicyResult = { ok: true; policy: HoldPolicy } | { ok: false; problem: string };

/** `Quoted=none,On hold=tentative` → the defaults with those rules replaced or added. */
export function readHoldPolicy(text: string): PolicyResult {
  const entries: Array<readonly [string, HoldRule]> = [...DEFAULT_HOLD_RULES];
  const seen = new Set<string>();
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const equals = part.indexOf('=');
    const name = equals < 0 ? '' : part.slice(0, equals).trim();
    const rule = equals < 0 ? '' : part.slice(equals + 1).trim().toLowerCase();
    if (name === '' || !(RULES as readonly string[]).includes(rule)) {
      return { ok: false, problem: `${JSON.stringify(part.trim())} is not a rule: the setting must be ${HOLD_POLICY_RULE}` };
    }
    const key = name.toLowerCase();
    if (seen.has(key)) return { ok: false, problem: `the status ${JSON.stringify(name)} is given twice; give each status one rule` };
    seen.add(key);
    entries.push([name, rule as HoldRule]);
  }
  return { ok: true, policy: policyOf(entries) };
}

/** readHoldPolicy that throws a DomainRuleError naming `source` (`holds`, `--holds`, `RENTALS_HOLDS`). */
export function parseHoldPolicy(text: string, source: string): HoldPolicy {
  const read = readHoldPolicy(text);
  if (!read.ok) throw new DomainRuleError(`${source}: ${read.problem}`);
  return read.policy;
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

/** The `ruleOf` that holdsOf, holdings, checks, utilization and unconfirmableQuotes take: by `event.status` (CalendarData reads it). */
export function holdRuleFor(policy: HoldPolicy): (event: { cancelled: boolean; status: string | undefined }) => HoldRule {
  return (event) => eventHoldRule(policy, event, event.status);
}

const STRICTNESS: Record<HoldRule, number> = { none: 0, tentative: 1, firm: 2 };

/**
 * The rule writes are judged by: the shop's (profile, environment) and the run's (`--holds`)
 * together, each status holding as the stricter of the two says. A rule given for one run may make
 * a write stricter, never let through what the shop's rules refuse.
 */
export function writeRuleFor(shop: HoldPolicy, run: HoldPolicy): (event: { cancelled: boolean; status: string | undefined }) => HoldRule {
  return (event) => {
    const [a, b] = [eventHoldRule(shop, event, event.status), eventHoldRule(run, event, event.status)];
    return STRICTNESS[a] >= STRICTNESS[b] ? a : b;
  };
}
