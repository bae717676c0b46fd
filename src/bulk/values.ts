// The values a bulk row carries, in their JSON form: numbers for ids, counts, flags (1/0) and
// decimals, strings for text. Decimals are compared and displayed through exact Money.

import { type FieldDef, MAX_ID } from '../resources/definitions.js';
import { type Parsed, parseDecimal, parseFieldValue } from '../schemas/values.js';
import { compareMoney, formatMoneyFixed, moneyToNumber, parseMoney } from '../domain/money.js';

export type Scalar = number | string;
export type Values = Record<string, Scalar>;
/** The numeric identity of a record: `id` and the id fields that address it (inventoryId, eventId…). */
export type Ids = Record<string, number>;

/** An empty cell: absent, null or only spaces. */
export function isBlank(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
}

/** A cell of the input under the reference's rule for its field; undefined when the cell is empty. */
export function readCell(field: FieldDef, raw: unknown): Parsed<Scalar> | undefined {
  if (isBlank(raw)) return undefined;
  // The scale of a decimal is judged after --round (import.ts): 132.00000000000003 may still become 132.
  // A decimal's number is Number() of its digits as written: the double nearest to that decimal.
  const parsed = field.kind === 'decimal' ? parseDecimal(raw, { anyScale: true }) : parseFieldValue(field, raw);
  return parsed as Parsed<Scalar>;
}

/** A field of a record as a server sent it, in the same form; undefined when absent or odd. */
export function readLiveValue(field: FieldDef, raw: unknown): Scalar | undefined {
  // An id as a JSON number, as every listing sends them: judged here, without a Parsed made per value.
  if (typeof raw === 'number' && field.kind === 'id') return Number.isInteger(raw) && raw >= 1 && raw <= MAX_ID ? raw : undefined;
  if (isBlank(raw)) return undefined;
  if (field.kind === 'string') return typeof raw === 'string' ? raw : String(raw);
  if (field.kind === 'decimal') {
    // A finite number is its own decimal (its shortest text); -0 is 0.
    if (typeof raw === 'number') return Number.isFinite(raw) ? raw + 0 : undefined;
    const parsed = typeof raw === 'string' ? parseMoney(raw) : undefined;
    return parsed ? moneyToNumber(parsed) : undefined;
  }
  const parsed = parseFieldValue(field, raw);
  return parsed.ok ? (parsed.value as Scalar) : undefined;
}

export function sameValue(field: FieldDef, a: Scalar | undefined, b: Scalar | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (field.kind === 'decimal') {
    // A finite number's decimal is its shortest text: two numbers are the same decimal when equal.
    if (typeof a === 'number' && typeof b === 'number' && Number.isFinite(a) && Number.isFinite(b)) return a === b;
    const x = parseMoney(a);
    const y = parseMoney(b);
    return x !== undefined && y !== undefined && compareMoney(x, y) === 0;
  }
  return a === b;
}

/** For people: prices as `120.00`, text quoted, flags as yes/no. */
export function displayValue(field: FieldDef, value: Scalar | undefined): string {
  if (value === undefined) return '(none)';
  if (field.kind === 'decimal') {
    const parsed = parseMoney(value);
    return parsed ? formatMoneyFixed(parsed) : String(value);
  }
  if (field.kind === 'bool') return value === 1 ? 'yes' : 'no';
  if (field.kind === 'string') return JSON.stringify(value);
  return String(value);
}
