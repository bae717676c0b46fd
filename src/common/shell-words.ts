// A word as a POSIX shell (bash, zsh, dash) reads it back exactly: as it is when it has nothing the
// shell would act on, else in single quotes (a quote inside as '\''). A word holding a control
// character (a TAB, an ESC, a line break) is written in bash's and zsh's $'…' quoting instead, its
// controls as the visible escapes the tables show (`\t`, `\x1b`): printed raw, a TAB pasted into an
// interactive shell would ask it to complete, and an ESC would reach the terminal. What the tool
// prints for a user to copy (a way out of a refusal, the history's command lines, the sandbox's
// export line).
import { escapeControl, hasControl } from './sanitize.js';

/** `Tent` → `Tent`, `Frame Tent=2` → `'Frame Tent=2'`, `it's` → `'it'\''s'`, `Tent<TAB>A` → `$'Tent\tA'`. */
export function shellWord(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  // A quote as \x27, not \': the line stays one a reader of single-quoted parts splits right.
  if (hasControl(word)) return `$'${escapeControl(word.replace(/\\/g, '\\\\').replace(/'/g, '\\x27'))}'`;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Words as one command line: `rentals events book 12 --item 'Frame Tent=2'`. */
export function shellLine(words: readonly string[]): string {
  return words.map(shellWord).join(' ');
}
