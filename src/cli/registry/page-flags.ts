// The flags of every command that has a page (`page` in its definition: events show, load-sheet,
// timeline): the paper it is printed on. Declared here once and added by the registry, which
// reads them before the handler runs; the handler only renders the page for the size it is given.

import { PAPER_SIZES, type PaperSize, paperOf, setting } from '../../config/settings-table.js';
import { UsageError } from '../../errors.js';
import type { FlagDecls } from './flags.js';

export const PAGE_FLAGS = {
  paper: { value: 'size', help: `with -o html: the paper to print on, ${PAPER_SIZES.join(' or ')} (default: the paper setting, ${setting('paper').default})` },
} as const satisfies FlagDecls;

/** The --paper value, checked; undefined when not given. */
export function paperFlag(value: string | undefined): PaperSize | undefined {
  if (value === undefined) return undefined;
  const found = paperOf(value);
  if (!found) throw new UsageError(`--paper: must be ${PAPER_SIZES.join(' or ')} (got ${JSON.stringify(value)})`);
  return found;
}
