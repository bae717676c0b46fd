// A word as a POSIX shell (bash, zsh, dash) reads it back exactly: as it is when it has nothing the
// shell would act on, else in single quotes (a quote inside as '\''). What the tool prints for a
// user to copy (a way out of a refusal, the history's command lines, the sandbox's export line).

/** `Tent` → `Tent`, `Frame Tent=2` → `'Frame Tent=2'`, `it's` → `'it'\''s'`. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Words as one command line: `rentals events book 12 --item 'Frame Tent=2'`. */
export function shellLine(words: readonly string[]): string {
  return words.map(shellWord).join(' ');
}
