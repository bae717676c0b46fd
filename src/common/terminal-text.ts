// The one sanitizer of text written for people (a terminal, a log a person reads): every C0
// character but the line feed (a CR only as part of CRLF), DEL, every C1 character, the bidi
// controls (U+202A–E, U+2066–9, U+200E/F, U+061C) and the line and paragraph separators
// (U+2028/9) are written as visible escapes, whoever wrote
// the text. Only the sequences the program itself means (its colours, the progress line's
// redraw) pass raw, and only when they were made by `terminalControl`: such a sequence carries a
// random per-process marker that text from a server cannot know, so a name cannot forge one.

import { BIDI_CLASS, visibleControl } from './sanitize.js';

const MARKER_LENGTH = 24;

/**
 * The marker: NUL then 24 characters out of U+0001–U+0008 (72 random bits); zero columns wide.
 * Made on first need (a colour, or text with a control character in it): Web Crypto costs a
 * start that prints plain text, as most piped runs do, a few milliseconds of module loading.
 */
let marker: string | undefined;
function theMarker(): string {
  if (marker === undefined) {
    const bytes = new Uint8Array(MARKER_LENGTH);
    globalThis.crypto.getRandomValues(bytes);
    marker = `\u0000${Array.from(bytes, (b) => String.fromCharCode(1 + (b % 8))).join('')}`;
  }
  return marker;
}

/** The control sequences a program may mean: SGR colours, erase-in-line, a carriage return. */
const MEANT = /^(?:\u001b\[[0-9;]*[mK]|\r)+$/;

/** `sequence` (colours, `\r\x1b[K`) marked as meant by this program: forPeople lets it through. */
export function terminalControl(sequence: string): string {
  if (!MEANT.test(sequence)) throw new Error('terminalControl takes SGR, erase-in-line and CR only');
  return sequence.replace(/\u001b\[[0-9;]*[mK]|\r/g, (part) => `${theMarker()}${part}`);
}

const UNSAFE_CHAR = `[\\u0000-\\u0009\\u000b-\\u001f\\u007f-\\u009f${BIDI_CLASS}]`;
const UNSAFE = new RegExp(UNSAFE_CHAR);
/** The same but for TAB, for a machine format shown at a terminal (tsv's separator; a tab cannot overwrite anything). */
const UNSAFE_CHAR_BUT_TAB = `[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${BIDI_CLASS}]`;
const UNSAFE_BUT_TAB = new RegExp(UNSAFE_CHAR_BUT_TAB);
let sanitizers: { escaped: RegExp; kept: RegExp } | undefined;
function sanitizer(tabs: 'escaped' | 'kept'): RegExp {
  sanitizers ??= {
    escaped: new RegExp(`${escapeForRegExp(theMarker())}(\\u001b\\[[0-9;]*[mK]|\\r)|\\r\\n|${UNSAFE_CHAR}`, 'g'),
    kept: new RegExp(`${escapeForRegExp(theMarker())}(\\u001b\\[[0-9;]*[mK]|\\r)|\\r\\n|${UNSAFE_CHAR_BUT_TAB}`, 'g'),
  };
  return sanitizers[tabs];
}

function escapeForRegExp(text: string): string {
  return text.replace(/[\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `text` safe to show a person: unsafe characters as visible escapes, this program's own sequences kept; `tabs`: TAB too. */
export function forPeople(text: string, tabs: 'escaped' | 'kept' = 'escaped'): string {
  if (!(tabs === 'kept' ? UNSAFE_BUT_TAB : UNSAFE).test(text)) return text;
  return text.replace(sanitizer(tabs), (match, meant: string | undefined) => meant ?? (match === '\r\n' ? match : visibleControl(match)));
}
