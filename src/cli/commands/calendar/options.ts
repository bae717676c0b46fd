// Option groups that several calendar commands share, declared once: a date range, an item list,
// the write guards. Each adds its options to a typed command, so a handler sees them typed.

import type { Command as TypedCommand, OptionValues } from '@commander-js/extra-typings';
import { RANGE_NAMES } from '../../../domain/dates.js';
import { UsageError } from '../../../errors.js';
import { DATES_HELP_LINK } from '../../dates-help.js';
import { ALLOW_OVERBOOK_HELP } from '../../write-guards.js';
import { conceptListOption, conceptOption } from '../../vocabulary.js';

export const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

export const withDatesLink = (text = ''): string => `${text}${DATES_HELP_LINK}`;

/** --from/--to: a range of days or times, or --range by its name (`rentals help dates`). */
export function rangeOptions<A extends unknown[], O extends OptionValues>(command: TypedCommand<A, O>, defaults = { from: 'today', to: '7 days later' }) {
  return rangeNameOption(
    conceptOption(conceptOption(command, 'from', { description: `start of the range (default ${defaults.from})` }), 'to', {
      description: `end of the range (default ${defaults.to}; a day counts in full)`,
    }),
  );
}

/** --range: a range by its name, instead of --from/--to. */
export function rangeNameOption<A extends unknown[], O extends OptionValues>(command: TypedCommand<A, O>) {
  return command.option('--range <name>', `the range by name instead of --from/--to: ${RANGE_NAMES}`);
}

/** --item (also --inventory-id), repeatable: items by name or id. */
export function itemListOption<A extends unknown[], O extends OptionValues>(command: TypedCommand<A, O>, description = 'only this item; repeat for several', value = 'name|id', required = false) {
  return conceptListOption(command, 'item', collect, { primary: 'item', description, value, required });
}

/** The override of the booking rules, on every command that writes bookings (calendar, bookings verbs, bulk). */
export const ALLOW_OVERBOOK = ['--allow-overbook', ALLOW_OVERBOOK_HELP] as const;

/** The guards of every calendar write: --dry-run shows what would be written; --allow-overbook lets a shortage through. */
export function writeGuards<A extends unknown[], O extends OptionValues>(command: TypedCommand<A, O>) {
  return command
    .option(...ALLOW_OVERBOOK)
    .option('--dry-run', 'show what would be written; send nothing');
}

/** Only the --dry-run guard (writes that cannot overbook). */
export function dryRunOption<A extends unknown[], O extends OptionValues>(command: TypedCommand<A, O>) {
  return command.option('--dry-run', 'show what would be written; send nothing');
}

/** A positive whole number option (`--limit`); undefined when not given. */
export function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 2147483647) throw new UsageError(`${flag}: must be a whole number from 1 (got ${JSON.stringify(value)})`);
  return Number(text);
}

/** --paper: the page size of `-o html` (a quote, a pick list, a timeline), for printing. */
export function paperOption<A extends unknown[], O extends OptionValues>(command: TypedCommand<A, O>) {
  return command.option('--paper <size>', 'with -o html: the page size to print on, A4 or Letter (default A4)');
}

/** The --paper value, checked. */
export function paperSize(value: string | undefined): 'A4' | 'Letter' {
  if (value === undefined) return 'A4';
  const found = (['A4', 'Letter'] as const).find((size) => size.toLowerCase() === value.trim().toLowerCase());
  if (!found) throw new UsageError(`--paper: must be A4 or Letter (got ${JSON.stringify(value)})`);
  return found;
}
