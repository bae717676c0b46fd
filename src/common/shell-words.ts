// A word as a POSIX shell (bash, zsh, dash) reads it back exactly: as it is when it has nothing the
// shell would act on, else in single quotes (a quote inside as '\''). A word holding a control
// character (a TAB, an ESC, a line break, a bidi control) is written in bash's and zsh's $'…'
// quoting instead, each control as an escape (`\t`, `\x1b`; one beyond ASCII as its UTF-8 bytes,
// `\xe2\x80\xae`, which no locale reads otherwise): printed raw, a TAB pasted into an interactive
// shell would ask it to complete, and an ESC would reach the terminal. What the tool prints for a
// user to copy (a way out of a refusal, the history's command lines, the sandbox's export line).
import { hasControl, visibleControl } from './sanitize.js';

/** `Tent` → `Tent`, `Frame Tent=2` → `'Frame Tent=2'`, `it's` → `'it'\''s'`, `Tent<TAB>A` → `$'Tent\tA'`. */
export function shellWord(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  if (hasControl(word)) return `$'${[...word].map(ansiC).join('')}'`;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** One character inside $'…'. A quote as \x27, not \': the line stays one a reader of single-quoted parts splits right. */
function ansiC(char: string): string {
  if (char === '\\') return '\\\\';
  if (char === "'") return '\\x27';
  if (!hasControl(char)) return char;
  if (char < '\u0080') return visibleControl(char);
  return [...Buffer.from(char, 'utf8')].map((byte) => `\\x${byte.toString(16).padStart(2, '0')}`).join('');
}

/** Words as one command line: `rentals events book 12 --item 'Frame Tent=2'`. */
export function shellLine(words: readonly string[]): string {
  return words.map(shellWord).join(' ');
}
