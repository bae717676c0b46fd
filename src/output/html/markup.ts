// Markup by construction: `html\`<td>${name}</td>\`` escapes every interpolation (escapeHtml)
// unless it is itself markup — the result of another `html` template, or text explicitly marked
// with `trusted()` (the pages' own constant CSS). A page can only be built from these, so a value
// from the service reaches the page as text whether or not its author remembered to escape it.
// Arrays are joined (rows), and undefined, null and false print nothing (optional parts). A line
// feed in a value is shown as `\n` as every other control character is; text made of lines says so
// with `textLines`.
//
// A value in element content is also isolated, `<bdi>…</bdi>`: a name in Hebrew or Arabic takes
// its direction from its own letters and leaves the text around it alone (a pick-list row reads
// `name (37)`, never with the id on the name's other side). Inside a tag (an attribute) and inside
// <title> or <style>, where no markup can be, a value is only escaped.

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

/** Where a value stands: in element content (isolated), or in a tag or a text-only element (escaped only). */
type Place = 'content' | 'plain';

function isolated(text: string): string {
  return text === '' ? '' : `<bdi>${text}</bdi>`;
}

function piece(value: Interpolation, place: Place): string {
  if (value === undefined || value === null || value === false) return '';
  if (isMarkup(value)) return value[MARKUP];
  if (Array.isArray(value)) return (value as readonly Interpolation[]).map((each) => piece(each, place)).join('');
  const text = escapeHtml(value as string | number);
  return place === 'content' ? isolated(text) : text;
}

/** After this much of a template's own text: inside a tag (its last `<` not closed), or in <title> or <style>. */
const IN_TAG = /<[^>]*$/;
const IN_TEXT_ONLY = /<(title|style)\b[^>]*>[^<]*$/i;

// The places of a template's values, found once per template (its strings are the same object on every call).
const places = new WeakMap<TemplateStringsArray, readonly Place[]>();

function placesOf(strings: TemplateStringsArray): readonly Place[] {
  let found = places.get(strings);
  if (!found) {
    const list: Place[] = [];
    let before = '';
    for (let i = 0; i < strings.length - 1; i++) {
      before += strings[i]!;
      list.push(IN_TAG.test(before) || IN_TEXT_ONLY.test(before) ? 'plain' : 'content');
    }
    places.set(strings, (found = list));
  }
  return found;
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): Markup {
  const where = placesOf(strings);
  let text = strings[0]!;
  values.forEach((value, i) => {
    text += piece(value, where[i]!) + strings[i + 1]!;
  });
  return markup(text);
}

/**
 * Text whose line breaks are its lines (an address, the terms: shown with `white-space:pre-line`):
 * each line escaped and isolated as every value is, the breaks between them kept. A string is split at its line
 * feeds (CRLF too); a list is taken as its lines, a line feed inside one shown as `\n`.
 */
export function textLines(text: string | readonly string[]): Markup {
  const lines = typeof text === 'string' ? text.split(/\r?\n/) : text;
  return markup(lines.map((line) => isolated(escapeHtml(line))).join('\n'));
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
// (scripts/build.mjs refuses a bundle that is not ASCII). The program's own signs: markup, not values.
export const MIDDLE_DOT = trusted('\u00b7');
export const CHECK_MARK = trusted('\u2713');
export const TIMES = trusted('\u00d7');
