// Option groups that several calendar commands share, as data (registry/flags.ts), each declared
// once and spread into the commands' `flags`: a date range, an item list, the write guards.

import { type RangeInput, RANGE_MONTH, RANGE_WORDS } from '../../../domain/dates.js';
import { UsageError } from '../../../errors.js';
import { MAX_INT } from '../../../resources/definitions.js';
import { DATES_HELP_LINK } from '../../dates-help.js';
import type { FlagDecls } from '../../registry/flags.js';
import { ALLOW_OVERBOOK_HELP } from '../../write-guards.js';

export const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

/** `text` and the line of date examples (`rentals help dates`): only on a command with a date flag. */
export const withDatesLink = (text = ''): string => `${text}${DATES_HELP_LINK}`;

/** --range: a range by its name, instead of --from/--to. */
export const RANGE_NAME_FLAG = {
  range: { value: 'name', values: RANGE_WORDS, alsoTakes: RANGE_MONTH, help: 'a named range instead: weekend, this-week, 2026-06…' },
} as const satisfies FlagDecls;

/** --from/--to: a range of days or times, or --range by its name (`rentals help dates`); `defaults` as help says them. */
export function rangeFlags(defaults: { from: string; to: string }) {
  return {
    from: { concept: 'from', description: `start of the range (default ${defaults.from})` },
    to: { concept: 'to', description: `end of the range (default ${defaults.to})` },
    ...RANGE_NAME_FLAG,
  } as const satisfies FlagDecls;
}

/** What --from, --to and --range gave, as a use case takes it. */
export function rangeOf(options: { from?: string; to?: string; range?: string }): RangeInput {
  return { from: options.from, to: options.to, range: options.range };
}

/** The range of most calendar commands: today and the next seven days unless told. */
export const RANGE_FLAGS = rangeFlags({ from: 'today', to: '7 days later' });

/** --item (also --inventory-id), repeatable: items by name or id; read with conceptValues('item', …). */
export function itemListFlag(description = 'only this item; repeat for several', how: { value?: string; required?: boolean } = {}) {
  return {
    item: { concept: 'item', list: collect, primary: 'item', description, value: how.value ?? 'name|id', required: how.required === true },
  } as const satisfies FlagDecls;
}

/** --dry-run alone (writes that cannot overbook). */
export const DRY_RUN_FLAG = {
  dryRun: { help: 'show what would be written; send nothing' },
} as const satisfies FlagDecls;

/** The guards of every calendar write: --allow-overbook lets a shortage through; --dry-run shows what would be written. */
export const WRITE_GUARD_FLAGS = {
  allowOverbook: { help: ALLOW_OVERBOOK_HELP },
  ...DRY_RUN_FLAG,
} as const satisfies FlagDecls;

/** A positive whole number option (`--limit`); undefined when not given. */
export function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > MAX_INT) throw new UsageError(`${flag}: must be a whole number from 1 to ${MAX_INT} (got ${JSON.stringify(value)})`);
  return Number(text);
}

/** --category: only the items of a category (availability, timeline). */
export const CATEGORY_FLAG = {
  category: { value: 'name|id', help: 'only the items of this category' },
} as const satisfies FlagDecls;
