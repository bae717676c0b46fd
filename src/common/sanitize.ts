// Text from a server is shown to people and to their spreadsheets: it must not be able to attack
// its reader. Two treatments, below every layer:
// - stripControl: removes escape sequences and control characters (the HTTP client's messages,
//   where the text is a hint and a visible escape would only be noise);
// - escapeControl: shows them visibly (`\t`, `\n`, `\r`, `\x1b` for the other C0 characters and
//   DEL, `\u009b` for C1, `\u202e` for the bidi controls, `\u2028` for the line and paragraph
//   separators), for every data field reaching a table, TSV or ICS: a name with a raw ESC, CR or
//   TAB can neither recolour the terminal, overwrite its own row nor split a field, a right-to-left
//   override cannot reorder a row, and a line separator cannot start a row of its own.
// Whatever reaches a person passes forPeople (terminal-text.ts) on its way out as well.

/**
 * The bidi controls (a right-to-left override reorders a row) and the line and paragraph
 * separators U+2028/U+2029 (a terminal draws a column for them, a reader of the text may break
 * the line there): a character-class body, for every pattern below and terminal-text.ts's.
 */
export const BIDI_CLASS = '\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029';
/** A character class of `ranges` and the bidi controls (`g` for replacing). */
function controlClass(ranges: string, flags = ''): RegExp {
  return new RegExp(`[${ranges}${BIDI_CLASS}]`, flags);
}

const ESCAPE_SEQUENCE = /\u001b(?:\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\[[0-?]*[ -/]*[@-~]|[@-Z\\-_])/g;
const CONTROL = controlClass('\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f', 'g');

/** A control character stripControl removes: every escape sequence starts with one (ESC). */
const STRIPPABLE = controlClass('\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f');

export function stripControl(text: string): string {
  // Most text holds none: one test instead of two replaces (a list prints every cell through here).
  if (!STRIPPABLE.test(text)) return text;
  return text.replace(ESCAPE_SEQUENCE, '').replace(CONTROL, '');
}

/** Every C0 character, DEL, every C1 character and the bidi controls. */
const ANY_CONTROL = controlClass('\u0000-\u001f\u007f-\u009f');
const ANY_CONTROL_GLOBAL = controlClass('\u0000-\u001f\u007f-\u009f', 'g');
/** The same, less LF: text whose line breaks are structure (ICS text, escaped by RFC 5545; table cells, folded). */
const CONTROL_BUT_LF = controlClass('\u0000-\u0009\u000b-\u001f\u007f-\u009f', 'g');

const NAMED: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One control character as a visible escape: `\t`, `\x1b`, `\x7f`, `\u009b`, `\u202e`. */
export function visibleControl(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code >= 0x80 ? `\\u${code.toString(16).padStart(4, '0')}` : `\\x${code.toString(16).padStart(2, '0')}`;
}

/** One escape as visibleControl writes it (NAMED's, `\x1b`, `\u202e`): wrapping keeps it whole (output/wrap-words.ts). */
export const VISIBLE_CONTROL = /\\(?:x[0-9a-f]{2}|u[0-9a-f]{4}|[tnr])/;

/** Which control characters stay raw: none (TSV), LF (ICS, table cells). */
export type ControlKept = 'none' | 'newline';

const PATTERNS: Record<ControlKept, RegExp> = {
  none: ANY_CONTROL_GLOBAL,
  newline: CONTROL_BUT_LF,
};

/** True when `text` holds a character escapeControl would escape (a control, a bidi control, a separator). */
export function hasControl(text: string): boolean {
  return ANY_CONTROL.test(text);
}

/**
 * `text` with its control characters written as visible escapes (`a\x1b[31m`, `x\ty`); with
 * `none` kept, text for one line of a picture (a chart's label, a timeline bar's): a line feed in
 * it shows as `\n` and can never draw a row of its own.
 */
export function escapeControl(text: string, kept: ControlKept = 'none'): string {
  if (!ANY_CONTROL.test(text)) return text;
  return text.replace(PATTERNS[kept], visibleControl);
}

/**
 * A name as a sentence quotes it: in double quotes, a quote and a backslash escaped, a control
 * as escapeControl shows it everywhere else (`"Tent\x1b[31m\tA"`, where JSON would write
 * `\u001b`): the same name reads alike in a sentence, a field line and a table.
 */
export function quotedName(name: string): string {
  return `"${escapeControl(name.replace(/["\\]/g, '\\$&'))}"`;
}

/**
 * A file name as a message on stderr shows it: every control character as a visible escape, the
 * line feed too (`a\nb\x1b[31m.json`). stderr keeps the line feeds of a message, so a name's own
 * would otherwise start a line of its own; a file name holds none that means anything there.
 */
export function shownPath(path: string): string {
  return escapeControl(path);
}

/** DEL, C1, the bidi controls and the separators (JSON.stringify leaves them raw) as JSON escapes: the same JSON value, and nothing a terminal obeys. */
const JSON_RAW_CONTROL = controlClass('\u007f-\u009f', 'g');

export function escapeJsonControl(json: string): string {
  return json.replace(JSON_RAW_CONTROL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
