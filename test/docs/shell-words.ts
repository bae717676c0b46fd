// The lines of a ```sh block as the doc test reads them: which are plain `rentals …` commands it
// can run without a shell (their words, as a shell would split them), which need bash, and the
// `# exit N` a line may end with (the exit code the example is expected to give).

export interface Line {
  /** The command without its trailing comment. */
  command: string;
  /** The trailing comment, without its `#`; empty when none. */
  comment: string;
  /** The words, as the shell would split them; undefined when the line needs a shell (pipes, variables, redirections…). */
  words?: string[];
  /** From a trailing `# exit N`: the exit code the example gives; 0 otherwise. */
  expectedExit: number;
}

/** Characters that mean a shell is needed when they stand outside quotes. */
const SHELL_SYNTAX = new Set([...'|&;<>()$`*?[]{}~!\\']);

/** Splits one line (continuations already joined) into its command and comment, and its words when no shell is needed. */
export function readLine(line: string): Line {
  const words: string[] = [];
  let word: string | undefined;
  let plain = true;
  let quote: '"' | "'" | undefined;
  let i = 0;
  for (; i < line.length; i++) {
    const c = line[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = undefined;
      else {
        if (c === '$' || c === '`' || c === '\\') plain = false;
        word += c;
      }
      continue;
    }
    if (c === ' ' || c === '\t') {
      if (word !== undefined) words.push(word);
      word = undefined;
      continue;
    }
    if (c === '#' && word === undefined) break;
    if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
      continue;
    }
    if (SHELL_SYNTAX.has(c)) plain = false;
    word = (word ?? '') + c;
  }
  if (word !== undefined) words.push(word);
  if (quote) plain = false;
  const comment = line.slice(i + 1).trim();
  const exit = /^exit (\d+)\b/.exec(comment);
  const command = line.slice(0, i).trimEnd();
  const result: Line = { command, comment: i < line.length ? comment : '', expectedExit: exit ? Number(exit[1]) : 0 };
  if (plain && words[0] === 'rentals') result.words = words.slice(1);
  return result;
}

/** The logical lines of a block: continuations (a trailing `\`) joined, with the 0-based index of each one's first line. */
export function logicalLines(lines: readonly string[]): Array<{ index: number; text: string }> {
  const result: Array<{ index: number; text: string }> = [];
  let pending: { index: number; text: string } | undefined;
  lines.forEach((line, index) => {
    const continued = /(^|[^\\])\\$/.test(line);
    const part = continued ? line.slice(0, -1) : line;
    if (pending) pending.text += ` ${part.trim()}`;
    else pending = { index, text: part };
    if (!continued) {
      result.push(pending);
      pending = undefined;
    }
  });
  if (pending) result.push(pending);
  return result.filter((l) => l.text.trim() !== '' && !l.text.trim().startsWith('#'));
}
