// The options the bulk commands share (import, adjust, apply, export), as data (registry/flags.ts),
// and their parsing. Loaded when the program is built, so it stays light: the engine loads only when a command runs.

import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from '../../app/bulk/concurrency.js';
import { UsageError } from '../../errors.js';
import type { Outcome, View } from '../../output/views.js';
import { type ResourceDef, resources } from '../../resources/definitions.js';
import { ALLOW_OVERBOOK_HELP } from '../write-guards.js';
import type { FlagDecls } from '../registry/flags.js';
import { conceptOfField, conceptValue } from '../vocabulary.js';

export { parseConcurrency } from '../../app/bulk/concurrency.js';

/** The help topic that describes the options every bulk run shares: a command's help names them in one line. */
const BULK_TOPIC = 'bulk';

export const CONCURRENCY = {
  concurrency: { value: 'n', help: `requests in flight at once, 1 to ${MAX_CONCURRENCY} (default ${DEFAULT_CONCURRENCY})`, topic: BULK_TOPIC },
} as const satisfies FlagDecls;

export const REPORT = {
  report: { value: 'file', help: 'write one NDJSON line per row: line, action, outcome, ids, old, new, error (a new file), after a first line {"run":…} recording the command and its flags (what --resume takes)', conflicts: ['dryRun', 'plan'], topic: BULK_TOPIC },
  force: { help: 'replace the --report file if it exists (it may be the only record of an earlier run)', topic: BULK_TOPIC },
} as const satisfies FlagDecls;

/** -y, --yes: a change of more than 50 rows asks first at a terminal, and needs --yes elsewhere. */
export const YES = {
  yes: { short: 'y', help: 'apply more than 50 changes without asking (needed when not on a terminal)', topic: BULK_TOPIC },
} as const satisfies FlagDecls;

/** --dry-run, --plan, --skip-invalid: import and adjust share them. */
export function planningFlags(applyCommand: string) {
  return {
    dryRun: { help: 'print the plan (each row and the totals); send nothing' },
    plan: { value: 'file', help: `write the plan to a file and send nothing; run it later with \`${applyCommand} <file>\``, topic: BULK_TOPIC },
    skipInvalid: { help: 'apply the valid rows even when some are invalid (they are reported; exit 6)', topic: BULK_TOPIC },
    all: { help: 'with --dry-run at a terminal: list the unchanged rows too (by default they are counted)', topic: BULK_TOPIC },
  } as const satisfies FlagDecls;
}

/** The options a bulk run shares, each with its help: what `rentals help bulk` lists (a command's help names them). */
export function bulkRunOptionsHelp(): string {
  const { dryRun: _shown, ...planning } = planningFlags('rentals <resource> apply');
  const decls: FlagDecls = { ...planning, ...maxChangeFlags(), ...largeChangeFlags(), ...CONCURRENCY, ...REPORT, ...YES };
  const entries = Object.entries(decls).flatMap(([key, decl]) => {
    if ('concept' in decl || 'fields' in decl) return [];
    const long = `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}${decl.value === undefined ? '' : ` <${decl.value}>`}`;
    return [[decl.short ? `-${decl.short}, ${long}` : long, decl.help] as const];
  });
  const width = Math.max(...entries.map(([term]) => term.length)) + 2;
  return `Options of a bulk import or adjust (apply takes --concurrency, --report, --force and -y):\n${entries.map(([term, help]) => `  ${term.padEnd(width)}${help}`).join('\n')}`;
}

/** --plan's file: "-" is refused (apply reads "-" as stdin, so the file named "-" could not be applied as the hint says). */
export function planFileOption(value: string | undefined): string | undefined {
  if (value === '-') throw new UsageError('--plan: "-" is not a file here (to see the plan, use --dry-run; -o json prints it as the file holds it; ./- for a file named "-")');
  return value;
}

/** --all: a dry run's plan lists every row at a terminal too. */
export function listingAll<T extends View | Outcome>(result: T, all: boolean | undefined): T {
  if (!all) return result;
  if ('kind' in result) return (result.kind === 'plan' ? { ...result, listAll: true } : result) as T;
  return (result.view?.kind === 'plan' ? { ...result, view: { ...result.view, listAll: true } } : result) as T;
}

/** Where rows set a price. */
export function maxChangeFlags(when = true) {
  return { maxChange: { value: 'percent', help: 'refuse rows that move a price by more than this many percent (in place of the default guard)', when, topic: BULK_TOPIC } } as const satisfies FlagDecls;
}

/** --allow-large-changes where rows set a price: a move by a factor of 10 is refused by default (a separator or unit mix-up, a slip of the percent). */
export function largeChangeFlags(when = true) {
  return { allowLargeChanges: { help: 'let a price move by a factor of 10 or more, or adjust to 0 (refused by default: a separator or unit mix-up, a slip of the number)', when, conflicts: ['maxChange'], topic: BULK_TOPIC } } as const satisfies FlagDecls;
}

/** --allow-overbook where the resource has booking rules (bookings); other resources do not take it. */
export function overbookFlags(def: ResourceDef) {
  return { allowOverbook: { help: ALLOW_OVERBOOK_HELP, when: def.writeRules !== undefined } } as const satisfies FlagDecls;
}


/** Repeatable `--inventory-id 3 --inventory-id "Tent 20x20"`; `3,4,5` is three ids (a name may hold a comma). */
function collectIds(value: string, previous: string[] = []): string[] {
  const parts = /^\s*\d+(\s*,\s*\d+)+\s*$/.test(value) ? value.split(',').map((part) => part.trim()) : [value];
  return [...previous, ...parts];
}

/** Bookings: rows are scoped to their event, which rows do not name; fixed for the whole run. */
function scoped(def: ResourceDef): boolean {
  const parent = def.parent?.field;
  if (parent === undefined || (def.naturalKey ?? []).includes(parent)) return false;
  if (conceptOfField(parent) !== 'event') throw new Error(`${def.plural}: a bulk scope other than the event needs its flag declared in cli/bulk/options.ts`);
  return true;
}

/** `--event-id <id>` (also `--event`) where rows are scoped to an event; `what` ends its help. */
export function scopeFlags(def: ResourceDef, what: string) {
  return {
    event: { concept: 'event', description: `the ${def.parent ? resources[def.parent.resource].singular : 'event'} whose ${def.plural} ${what}`, when: scoped(def) },
  } as const satisfies FlagDecls;
}

/** The scope's value, by whichever spelling it was given. */
export function scopeValue(def: ResourceDef, options: { eventId?: string; event?: string }): string | undefined {
  return scoped(def) ? conceptValue('event', options)?.value : undefined;
}

/** Repeatable id filters (`--inventory-id`, `--item`; `--rental-block-id`, `--block`), where the resource has them. */
export function filterFlags(filters: readonly string[] = ['inventoryId', 'rentalBlockId']) {
  const unknown = filters.filter((field) => field !== 'inventoryId' && field !== 'rentalBlockId');
  if (unknown.length > 0) throw new Error(`bulk filters ${unknown.join(', ')} need their flags declared in cli/bulk/options.ts`);
  return {
    item: { concept: 'item', list: collectIds, description: 'only these items (ids or names; 3,4,5)', when: filters.includes('inventoryId') },
    block: { concept: 'block', list: collectIds, description: 'only these rental blocks (ids or names)', when: filters.includes('rentalBlockId') },
  } as const satisfies FlagDecls;
}
