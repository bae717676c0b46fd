// Markup by construction: `html\`<td>${name}</td>\`` escapes every interpolation (escapeHtml)
// unless it is itself markup — the result of another `html` template, or text explicitly marked
// with `trusted()` (the pages' own constant CSS). A page can only be built from these, so a value
// from the service reaches the page as text whether or not its author remembered to escape it.
// Arrays are joined (rows), and undefined, null and false print nothing (optional parts). A line
// feed in a value is shown as `\n` as every other control character is; text made of lines says so
// with `textLines`.

import { escapeHtml } from './escape.js';

const MARKUP = Symbol('markup');

/** Text that is markup already: made by `html` or by `trusted`, never by a plain string. */
export interface Markup {
  readonly [MARKUP]: string;
}

export type Interpolation = string | number | Markup | undefined | null | false | readonly Interpolation[];

function markup(text: string): Markup {
  return { [MARKUP]: text };
}

function isMarkup(value: unknown): value is Markup {
  return typeof value === 'object' && value !== null && MARKUP in value;
}

function piece(value: Interpolation): string {
  if (value === undefined || value === null || value === false) return '';
  if (isMarkup(value)) return value[MARKUP];
  if (Array.isArray(value)) return (value as readonly Interpolation[]).map(piece).join('');
  return escapeHtml(value as string | number);
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): Markup {
  let text = strings[0]!;
  values.forEach((value, i) => {
    text += piece(value) + strings[i + 1]!;
  });
  return markup(text);
}

/**
 * Text whose line breaks are its lines (an address, the terms: shown with `white-space:pre-line`):
 * each line escaped as every value is, the breaks between them kept. A string is split at its line
 * feeds (CRLF too); a list is taken as its lines, a line feed inside one shown as `\n`.
 */
export function textLines(text: string | readonly string[]): Markup {
  const lines = typeof text === 'string' ? text.split(/\r?\n/) : text;
  return markup(lines.map((line) => escapeHtml(line)).join('\n'));
}

/** Constant markup of the program's own (never a value from outside): it is not escaped. */
export function trusted(text: string): Markup {
  return markup(text);
}

/** The markup as a string: what a page file holds. */
export function markupText(value: Markup): string {
  return value[MARKUP];
}

// Characters beyond ASCII written into a template's own text are interpolated from here instead:
// a tagged template's text reaches the bundle as written (esbuild cannot escape it), and one such
// character makes the whole bundle a two-byte string that every start decodes slowly
// (scripts/build.mjs refuses a bundle that is not ASCII).
export const MIDDLE_DOT = '\u00b7';
export const CHECK_MARK = '\u2713';
