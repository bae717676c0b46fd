// Value rules from the reference's Limits, as plain functions: the zod schemas (schemas/resource.ts),
// the CLI's flag parsing and the bulk parsers all use these, so one rule reads the same everywhere.
// Each returns the canonical value to send, or a Rule describing what was broken.

import { MAX_ID, MAX_INT, type FieldDef } from '../resources/definitions.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; rule: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (rule: string): Parsed<never> => ({ ok: false, rule });

const INTEGER = /^[+]?\d+$/;
const DECIMAL = /^\d+(\.\d+)?$/;

function integerIn(value: unknown, min: number, max: number, what: string): Parsed<number> {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && INTEGER.test(value.trim())) n = Number(value.trim());
  else n = NaN;
  // The rule's text is made only when it is broken: a bulk run reads hundreds of thousands of ids.
  if (!Number.isInteger(n) || n < min || n > max) return fail(`must be ${what} from ${min} to ${max}`);
  return ok(n);
}

/** Ids: integers 1..2147483647 (number or numeric string). */
export const parseId = (value: unknown): Parsed<number> => integerIn(value, 1, MAX_ID, 'an integer id');

/** quantity, quantityAvailable: integers 0..2147483647. */
export const parseCount = (value: unknown): Parsed<number> => integerIn(value, 0, MAX_INT, 'an integer');

/**
 * The range and scale of decimals (prices, amounts): the reference says only "≥ 0". Below 10^11
 * with at most 4 decimals, a value has at most 15 significant digits, so it survives a trip
 * through a binary double (JSON numbers here, in the sandbox and most likely in the service)
 * digit for digit: what is sent is what is read back. 4 decimals is also the most a money column
 * usually keeps (SQL's money, decimal(19,4)); a fifth would be rounded away silently.
 */
export const DECIMAL_MAX_INTEGER_DIGITS = 11;
export const DECIMAL_MAX_PLACES = 4;
let decimalPatterns: { fixed: RegExp; anyScale: RegExp; currency: RegExp } | undefined;

/**
 * Made at the first decimal read, not as the module loads: `new RegExp` parses its pattern at once
 * (the bundle writes /\p{Sc}/u so too, and reads the Unicode property then: ~30 µs), and every
 * start (`inventory list` too) loads this module.
 */
function decimalPattern(name: 'fixed' | 'anyScale' | 'currency'): RegExp {
  decimalPatterns ??= {
    // At most DECIMAL_MAX_INTEGER_DIGITS digits before the point and DECIMAL_MAX_PLACES after it (or any number of places).
    fixed: new RegExp(`^\\d{1,${DECIMAL_MAX_INTEGER_DIGITS}}(?:\\.\\d{1,${DECIMAL_MAX_PLACES}})?$`),
    anyScale: new RegExp(`^\\d{1,${DECIMAL_MAX_INTEGER_DIGITS}}(?:\\.\\d+)?$`),
    currency: /\p{Sc}/u,
  };
  return decimalPatterns[name];
}
const DECIMAL_LIMIT = '100000000000'; // 10^11, as text: the rule's message

/** Integer digits (leading zeros dropped) and decimal places (trailing zeros dropped) of a plain decimal or exponent text. */
function decimalShape(text: string): { integerDigits: number; places: number } | undefined {
  const m = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return undefined;
  const whole = m[1]!;
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  const exponent = Number(m[3] ?? '0');
  if (!Number.isSafeInteger(exponent)) return undefined;
  const digits = (whole + fraction).replace(/^0+/, '');
  if (digits === '') return { integerDigits: 0, places: 0 };
  // value = digits × 10^(exponent − fraction.length)
  const power = exponent - fraction.length;
  return { integerDigits: Math.max(0, digits.length + power), places: Math.max(0, -power) };
}

/** The range and scale rule on a value already known to be a decimal ≥ 0. */
function decimalLimits(text: string, anyScale: boolean): string | undefined {
  const shape = decimalShape(text);
  if (!shape) return 'must be a decimal number such as 12 or 12.50';
  if (shape.integerDigits > DECIMAL_MAX_INTEGER_DIGITS) return `must be less than ${DECIMAL_LIMIT}`;
  if (!anyScale && shape.places > DECIMAL_MAX_PLACES) return `must have at most ${DECIMAL_MAX_PLACES} decimal places`;
  return undefined;
}

export interface DecimalOptions {
  /**
   * Accept more than DECIMAL_MAX_PLACES decimals: for input that is rounded (`--round`) before it is
   * judged with `checkDecimalScale`. The range still applies.
   */
  anyScale?: boolean;
}

/**
 * Prices and amounts: decimals ≥ 0 and < 10^11 with at most 4 decimal places, no commas, no currency
 * symbols. A JSON number is judged by its shortest text (`String(n)`), which is what comes back.
 */
export function parseDecimal(value: unknown, options: DecimalOptions = {}): Parsed<number> {
  const anyScale = options.anyScale === true;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return fail('must be a decimal number');
    if (value < 0) return fail('must be ≥ 0');
    if (decimalPattern(anyScale ? 'anyScale' : 'fixed').test(String(value))) return ok(value === 0 ? 0 : value);
    const broken = decimalLimits(String(Math.abs(value)), anyScale);
    return broken ? fail(broken) : ok(value === 0 ? 0 : value);
  }
  if (typeof value !== 'string') return fail('must be a decimal number');
  const text = value.trim();
  // The usual value (`120`, `99.5`): inside the range and scale by its very digits, nothing else to check.
  if (decimalPattern(anyScale ? 'anyScale' : 'fixed').test(text)) return ok(Number(text));
  if (text.includes(',')) return fail('must be a plain decimal without commas (write 1200.50, not 1,200.50)');
  if (decimalPattern('currency').test(text)) return fail('must be a plain decimal without currency symbols (write 12, not $12)');
  if (/^-\s*\d/.test(text)) return fail('must be ≥ 0');
  if (!DECIMAL.test(text)) return fail('must be a decimal number such as 12 or 12.50');
  const broken = decimalLimits(text, anyScale);
  return broken ? fail(broken) : ok(Number(text));
}

/** The scale rule alone, for a decimal that passed `parseDecimal(…, { anyScale: true })` and was then rounded. */
export function checkDecimalScale(value: number): string | undefined {
  const parsed = parseDecimal(value);
  return parsed.ok ? undefined : parsed.rule;
}

const TRUE = new Set(['1', 'true', 'yes', 'y', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'n', 'off']);

/** Flags: true/false/1/0/yes/no in; 1/0 out (the vendor's convention). */
export function parseBool(value: unknown): Parsed<0 | 1> {
  if (value === true || value === 1) return ok(1);
  if (value === false || value === 0) return ok(0);
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (TRUE.has(word)) return ok(1);
    if (FALSE.has(word)) return ok(0);
  }
  return fail('must be true or false (also 1/0, yes/no)');
}

/** Datetimes are held to these years (a typo such as 0026 or 2206 is refused, not written). */
export const DATETIME_YEARS = { min: 1900, max: 2199 } as const;

const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?$/;

/** Whether `value` is written in a form parseDatetime reads (it may still name no day of the calendar: 2026-02-30). */
export function isDatetimeForm(value: string): boolean {
  return DATETIME.test(value.trim());
}

/**
 * Datetimes: `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]`, `YYYY-MM-DDTHH:MM[:SS[.fff]]`.
 * Sent as `YYYY-MM-DDTHH:MM:SS` (the form of the reference's examples); the fraction is dropped.
 */
export function parseDatetime(value: unknown): Parsed<string> {
  const rule = 'must be a date or datetime: YYYY-MM-DD, YYYY-MM-DD HH:MM[:SS] or YYYY-MM-DDTHH:MM:SS';
  if (typeof value !== 'string') return fail(rule);
  const m = DATETIME.exec(value.trim());
  if (!m) return fail(rule);
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year < DATETIME_YEARS.min || year > DATETIME_YEARS.max) return fail(`${rule}; the year must be between ${DATETIME_YEARS.min} and ${DATETIME_YEARS.max} (has ${y})`);
  if (month < 1 || month > 12) return fail(`${rule}; month ${mo} does not exist`);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return fail(`${rule}; ${y}-${mo} has no day ${d}`);
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return fail(`${rule}; the time is out of range`);
  return ok(`${y}-${mo}-${d}T${h}:${mi}:${s}`);
}

/** Text: a string, never a number or a boolean written for one (a JSON body is held to the types a flag has). */
export function parseText(value: unknown, max: number | undefined, required: boolean): Parsed<string> {
  if (typeof value !== 'string') return fail(`must be text (a JSON string), not ${value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`}`);
  if (required && value.trim() === '') return fail('must not be empty');
  if (max !== undefined && [...value].length > max) {
    return fail(`must be at most ${max} characters (has ${[...value].length})`);
  }
  return ok(value);
}

/** The strict rule of a field, for a value that is present (not undefined/null). */
export function parseFieldValue(field: FieldDef, value: unknown): Parsed<unknown> {
  switch (field.kind) {
    case 'id':
      return parseId(value);
    case 'int':
      return parseCount(value);
    case 'decimal':
      return parseDecimal(value);
    case 'bool':
      return parseBool(value);
    case 'datetime':
      return parseDatetime(value);
    case 'string':
      return parseText(value, field.max, field.required === true);
  }
}

// ---- Tolerant reading: what a real server might send back ----

/** 1/0/true/false/"1"/"0"/"true"/"false" → boolean; anything else unchanged. */
export function readBool(value: unknown): unknown {
  const parsed = parseBool(value);
  return parsed.ok ? parsed.value === 1 : value;
}

/** Numbers and numeric strings → number; anything else unchanged. */
export function readNumber(value: unknown): unknown {
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return value;
}

/** Datetimes with or without `.000`, with a space or a T → `YYYY-MM-DDTHH:MM:SS`; else unchanged. */
export function readDatetime(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.replace(/(Z|[+-]00:?00)$/, '');
  const parsed = parseDatetime(trimmed);
  return parsed.ok ? parsed.value : value;
}

function readFieldValue(field: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  switch (field.kind) {
    case 'id':
    case 'int':
    case 'decimal':
      return readNumber(value);
    case 'bool':
      return readBool(value);
    case 'datetime':
      return readDatetime(value);
    case 'string':
      return value;
  }
}

/**
 * A record as read from a server: known fields normalised, unknown fields kept (in the server's
 * order), missing known ones null. The one reader of records from responses, for the CLI, the
 * catalog and the bulk engine. Hand-written rather than a zod schema on purpose, measured on 100k
 * events: zod's looseObject took 0.7–1.3 s, this loop 0.3–0.4 s, and list/get never load zod.
 * Built key by key: `{ ...record }` followed by ~30 more keys sends V8 down a slow path (2 s).
 */
export function readRecord(fields: FieldDef[], record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) setOwn(out, key, record[key]);
  for (const field of fields) setOwn(out, field.name, readFieldValue(field, record[field.name]));
  return out;
}

/** `out[key] = value`, except that a server's "__proto__" key stays a plain key, never the prototype. */
function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}
