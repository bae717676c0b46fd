// The options the bulk commands share (import, adjust, apply, export), and their parsing.
// Loaded when the program is built, so it stays light: the engine loads only when a command runs.

import { type Command, Option, type OptionValues } from '@commander-js/extra-typings';
import { DEFAULT_CONCURRENCY } from '../../data/pool.js'; // a constant: the engine itself is not loaded
import { UsageError } from '../../errors.js';
import type { Outcome, View } from '../../output/views.js';
import { type ResourceDef, resources } from '../../resources/definitions.js';
import { type ConceptName, conceptListOption, conceptOfField, conceptOption, conceptValue } from '../vocabulary.js';

const MAX_CONCURRENCY = 64;

// Typed with extra-typings: each adds its flags to the options the handler may read.

export function concurrencyOption<A extends unknown[], O extends OptionValues>(command: Command<A, O>) {
  return command.option('--concurrency <n>', `requests in flight at once, 1 to ${MAX_CONCURRENCY} (default ${DEFAULT_CONCURRENCY})`);
}

export function reportOption<A extends unknown[], O extends OptionValues>(command: Command<A, O>) {
  return command
    .addOption(
      new Option('--report <file>', 'write one NDJSON line per row: line, action, outcome, ids, old, new, error (a new file)').conflicts(['dryRun', 'plan']),
    )
    .option('--force', 'replace the --report file if it exists (it may be the only record of an earlier run)');
}

/** -y, --yes: a change of more than 50 rows asks first at a terminal, and needs --yes elsewhere. */
export function yesOption<A extends unknown[], O extends OptionValues>(command: Command<A, O>) {
  return command.option('-y, --yes', 'apply more than 50 changes without asking (needed when not on a terminal)');
}

/** --dry-run, --plan, --skip-invalid: import and adjust share them. */
export function planningOptions<A extends unknown[], O extends OptionValues>(command: Command<A, O>, applyCommand: string) {
  return command
    .option('--dry-run', 'print the plan (each row: create, update old → new, unchanged, invalid; then totals) and send nothing')
    .option('--plan <file>', `write the plan to a file and send nothing; run it later with \`${applyCommand} <file>\``)
    .option('--skip-invalid', 'apply the valid rows even when some are invalid (they are reported; exit 6)')
    .option('--all', 'with --dry-run at a terminal: list the unchanged rows too (by default they are counted)');
}

/** --all: a dry run's plan lists every row at a terminal too. */
export function listingAll<T extends View | Outcome>(result: T, all: boolean | undefined): T {
  if (!all) return result;
  if ('kind' in result) return (result.kind === 'plan' ? { ...result, listAll: true } : result) as T;
  return (result.view?.kind === 'plan' ? { ...result, view: { ...result.view, listAll: true } } : result) as T;
}

/** Where rows set a price. */
export function maxChangeOption<A extends unknown[], O extends OptionValues>(command: Command<A, O>) {
  return command.option('--max-change <percent>', 'refuse rows that move a price by more than this many percent');
}

export function parseConcurrency(value: unknown): number {
  if (value === undefined) return DEFAULT_CONCURRENCY;
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= 1 && n <= MAX_CONCURRENCY)) {
    throw new UsageError(`--concurrency: must be an integer from 1 to ${MAX_CONCURRENCY} (got ${JSON.stringify(value)})`);
  }
  return n;
}

/** Repeatable `--inventory-id 3 --inventory-id "Tent 20x20"`; `3,4,5` is three ids (a name may hold a comma). */
function collectIds(value: string, previous: string[] = []): string[] {
  const parts = /^\s*\d+(\s*,\s*\d+)+\s*$/.test(value) ? value.split(',').map((part) => part.trim()) : [value];
  return [...previous, ...parts];
}

/** Bookings: the parent that rows do not name (the event), fixed for the whole run. */
function scopeConcept(def: ResourceDef): ConceptName | undefined {
  const parent = def.parent?.field;
  return parent === undefined || (def.naturalKey ?? []).includes(parent) ? undefined : conceptOfField(parent);
}

/** `--event-id <id>` (also `--event`) where rows are scoped to a parent; `what` ends its help. */
export function scopeOption(command: Command<unknown[], OptionValues>, def: ResourceDef, what: string): void {
  const concept = scopeConcept(def);
  if (concept) conceptOption(command, concept, { description: `the ${resources[def.parent!.resource].singular} whose ${def.plural} ${what} (id or name)` });
}

/** The scope's value, by whichever spelling it was given. */
export function scopeValue(def: ResourceDef, options: object): string | undefined {
  const concept = scopeConcept(def);
  return concept ? conceptValue(concept, options)?.value : undefined;
}

/** Repeatable id filters (`--inventory-id`, `--item`): the field's concept spellings. */
export function filterOption<A extends unknown[], O extends OptionValues, C extends ConceptName>(command: Command<A, O>, concept: C, description: string) {
  return conceptListOption(command, concept, collectIds, { description });
}
