// `--sort KEY[:asc|:desc]` of a list: KEY is a column as people see it (its title, `Start`), as
// scripts name it (its field, `startDate`) or by the field's alias (`start`), in any case and with
// or without spaces and dashes. A key that names none is refused with the choices.

import { UsageError } from '../errors.js';
import { foldedName as folded } from '../common/text.js';
import { columnTitle } from './titles.js';

export interface SortColumn {
  /** The field (the key of `-o json`, of `--fields`). */
  key: string;
  /** Its title in a table, when it has one of its own (else the key in words). */
  title?: string | undefined;
  aliases?: readonly string[] | undefined;
}

export interface SortKey {
  key: string;
  desc: boolean;
}

/** The column `value` names, and the direction; a usage error naming the choices when it names none. */
export function parseSortKey(value: string, columns: readonly SortColumn[], what: string): SortKey {
  const at = value.lastIndexOf(':');
  const direction = at < 0 ? undefined : value.slice(at + 1).trim().toLowerCase();
  const name = at < 0 ? value : value.slice(0, at);
  if (direction !== undefined && direction !== 'asc' && direction !== 'desc') throw new UsageError(`--sort: write KEY, KEY:asc or KEY:desc (got ${JSON.stringify(value)})`);
  const wanted = folded(name);
  const titleOf = (column: SortColumn) => columnTitle(column.key, column.title === undefined ? undefined : { [column.key]: column.title });
  const found = columns.filter((column) => [column.key, titleOf(column), ...(column.aliases ?? [])].some((word) => folded(word) === wanted));
  if (found.length === 1) return { key: found[0]!.key, desc: direction === 'desc' };
  const choices = (list: readonly SortColumn[]) => list.map((column) => (titleOf(column) === column.key ? column.key : `${titleOf(column)} (${column.key})`)).join(', ');
  if (found.length > 1) throw new UsageError(`--sort: ${JSON.stringify(name)} names several columns of ${what}: ${choices(found)}; give the field`);
  throw new UsageError(`--sort: ${JSON.stringify(name)} is not a column of ${what}; sort by one of: ${choices(columns)} (a title or a field, :desc to reverse)`);
}

/** Missing values last either way; numbers as numbers; text regardless of case, numbers in it by value; datetimes as text. */
export function compareValues(a: unknown, b: unknown, desc: boolean): number {
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  if (blank(a) || blank(b)) return blank(a) === blank(b) ? 0 : blank(a) ? 1 : -1;
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), undefined, { sensitivity: 'base', numeric: true });
  return desc ? -order : order;
}

/** Records sorted by `sort`, then by id: a stable order whatever the service sent. */
export function sortedRecords<R extends Record<string, unknown>>(records: readonly R[], sort: SortKey): R[] {
  return [...records].sort((a, b) => compareValues(a[sort.key], b[sort.key], sort.desc) || Number(a.id) - Number(b.id));
}
