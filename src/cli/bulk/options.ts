// The options the bulk commands share (import, adjust, apply, export), and their parsing.
// Loaded when the program is built, so it stays light: the engine loads only when a command runs.

import { type Command, Option } from 'commander';
import { DEFAULT_CONCURRENCY } from '../../bulk/pool.js'; // a constant: the engine itself is not loaded
import { UsageError } from '../../errors.js';
import type { OptionValues } from '../command.js';

const MAX_CONCURRENCY = 64;

export function concurrencyOption(command: Command): Command {
  return command.option('--concurrency <n>', `requests in flight at once, 1 to ${MAX_CONCURRENCY} (default ${DEFAULT_CONCURRENCY})`);
}

export function reportOption(command: Command): Command {
  return command
    .addOption(
      new Option('--report <file>', 'write one NDJSON line per row: line, action, outcome, ids, old, new, error (a new file)').conflicts(['dryRun', 'plan']),
    )
    .option('--force', 'replace the --report file if it exists (it may be the only record of an earlier run)');
}

/** -y, --yes: a change of more than 50 rows asks first at a terminal, and needs --yes elsewhere. */
export function yesOption(command: Command): Command {
  return command.option('-y, --yes', 'apply more than 50 changes without asking (needed when not on a terminal)');
}

/** --dry-run, --plan, --skip-invalid (and --max-change where rows set a price): import and adjust share them. */
export function planningOptions(command: Command, applyCommand: string, setsPrices: boolean): Command {
  command
    .option('--dry-run', 'print the plan (each row: create, update old → new, unchanged, invalid; then totals) and send nothing')
    .option('--plan <file>', `write the plan to a file and send nothing; run it later with \`${applyCommand} <file>\``)
    .option('--skip-invalid', 'apply the valid rows even when some are invalid (they are reported; exit 6)');
  if (setsPrices) command.option('--max-change <percent>', 'refuse rows that move a price by more than this many percent');
  return command;
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

export function stringOption(options: OptionValues, name: string): string | undefined {
  const value = options[name];
  return typeof value === 'string' ? value : undefined;
}

export function listOption(options: OptionValues, name: string): string[] {
  const value = options[name];
  return Array.isArray(value) ? value.map(String) : [];
}
