// Text from a server is shown to people and to their spreadsheets: it must not be able to attack
// its reader. Two treatments, below every layer:
// - stripControl: removes escape sequences and control characters (the HTTP client's messages,
//   where the text is a hint and a visible escape would only be noise);
// - escapeControl: shows them visibly (`\t`, `\n`, `\r`, `\x1b` for the other C0 characters and
//   DEL, `\u009b` for C1), for every data field reaching a table, CSV/TSV or ICS: a name with a
//   raw ESC, CR or TAB can neither recolour the terminal, overwrite its own row nor split a field.

const ESCAPE_SEQUENCE = /\u001b(?:\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\[[0-?]*[ -/]*[@-~]|[@-Z\\-_])/g;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** A control character stripControl removes: every escape sequence starts with one (ESC). */
const STRIPPABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export function stripControl(text: string): string {
  // Most text holds none: one test instead of two replaces (a list prints every cell through here).
  if (!STRIPPABLE.test(text)) return text;
  return text.replace(ESCAPE_SEQUENCE, '').replace(CONTROL, '');
}

/** Every C0 character, DEL and every C1 character. */
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const ANY_CONTROL_GLOBAL = /[\u0000-\u001f\u007f-\u009f]/g;
/** The same, less TAB, LF and CR: for formats that hold those inside a quoted field (CSV). */
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
/** The same, less LF: text whose line breaks are structure (ICS text, escaped by RFC 5545). */
const CONTROL_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;
/** The same, less TAB and LF: raw text lines for a terminal (jq -r's output: a tab moves to the next stop, nothing more). */
const CONTROL_BUT_TAB_LF = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

const NAMED: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function visible(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  const hex = code.toString(16).padStart(2, '0');
  return code >= 0x80 ? `\\u00${hex}` : `\\x${hex}`;
}

/** Which control characters stay raw: none (tables, TSV), line breaks and TAB (CSV), LF (ICS), TAB and LF (--jq at a terminal). */
export type ControlKept = 'none' | 'line-breaks' | 'newline' | 'tab-newline';

const PATTERNS: Record<ControlKept, RegExp> = {
  none: ANY_CONTROL_GLOBAL,
  'line-breaks': CONTROL_BUT_LINE_BREAKS,
  newline: CONTROL_BUT_LF,
  'tab-newline': CONTROL_BUT_TAB_LF,
};

/** `text` with its control characters written as visible escapes (`a\x1b[31m`, `x\ty`). */
export function escapeControl(text: string, kept: ControlKept = 'none'): string {
  if (!ANY_CONTROL.test(text)) return text;
  return text.replace(PATTERNS[kept], visible);
}

/** DEL and C1 (JSON.stringify leaves them raw) as JSON escapes: the same JSON value, and no CSI for a terminal. */
const JSON_RAW_CONTROL = /[\u007f-\u009f]/g;

export function escapeJsonControl(json: string): string {
  return json.replace(JSON_RAW_CONTROL, (char) => `\\u00${char.charCodeAt(0).toString(16)}`);
}
