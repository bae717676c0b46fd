// The options the bulk commands share (import, adjust, apply, export), and their parsing.
// Loaded when the program is built, so it stays light: the engine loads only when a command runs.

import { type Command, Option, type OptionValues } from '@commander-js/extra-typings';
import { DEFAULT_CONCURRENCY } from '../../data/pool.js'; // a constant: the engine itself is not loaded
import { UsageError } from '../../errors.js';
import { type ResourceDef, kebabCase } from '../../resources/definitions.js';

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
    .option('--skip-invalid', 'apply the valid rows even when some are invalid (they are reported; exit 6)');
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
export function collectIds(value: string, previous: string[] = []): string[] {
  const parts = /^\s*\d+(\s*,\s*\d+)+\s*$/.test(value) ? value.split(',').map((part) => part.trim()) : [value];
  return [...previous, ...parts];
}

/** `--event-id <id>` for bookings: the parent that rows do not name, fixed for the whole run. */
export function scopeFlag(def: ResourceDef): string | undefined {
  const parent = def.parent?.field;
  return parent !== undefined && !(def.naturalKey ?? []).includes(parent) ? `--${kebabCase(parent)} <id>` : undefined;
}
