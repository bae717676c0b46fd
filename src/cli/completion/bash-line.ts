// bash hands a completion function the line typed so far and the text readline will replace
// (`$2`): after an open quote (`"LED U` → `LED U`), after the last word break (`Stage:\ L` →
// `\ L`), or the whole word. A name goes back quoted for where the cursor is: escaped with
// backslashes unquoted, `\"` `\$` `` \` `` `\\` inside "…", `'\''` inside '…', and closed where
// readline would leave the quote open (it adds the closing quote only after a character that is
// not one). What the completion must match is the word as the shell will read it, dequoted.

/** Where the cursor is: inside an open single or double quote, or unquoted. */
export type QuoteState = "'" | '"' | '';

export interface BashLine {
  /** The words of the line, dequoted, the command's name first; the last is the one being completed (maybe ""). */
  words: string[];
  /** The last word as typed (quotes and backslashes included). */
  raw: string;
  quote: QuoteState;
}

const BLANK = /[ \t\n]/;
/** What `"…"` lets a backslash escape. */
const ESCAPED_IN_DOUBLE = new Set(['$', '`', '"', '\\', '\n']);

/** The line split as bash splits it into words (blanks outside quotes), each dequoted. */
export function lexBashLine(line: string): BashLine {
  const words: string[] = [];
  let word = '';
  let raw = '';
  let started = false;
  let quote: QuoteState = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote === '' && BLANK.test(c)) {
      if (started) words.push(word);
      word = raw = '';
      started = false;
      continue;
    }
    started = true;
    raw += c;
    if (quote === "'") {
      if (c === "'") quote = '';
      else word += c;
    } else if (c === '\\' && i + 1 < line.length && (quote === '' || ESCAPED_IN_DOUBLE.has(line[i + 1]!))) {
      const next = line[++i]!;
      raw += next;
      if (next !== '\n') word += next;
    } else if (quote === '"') {
      if (c === '"') quote = '';
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
    } else {
      word += c;
    }
  }
  words.push(word);
  return { words, raw, quote };
}

/** Characters that stay as they are in an unquoted word (the rest get a backslash, as printf %q does). */
const PLAIN = /^[A-Za-z0-9_\-./:=@%+\u0080-\uffff]$/u;

/** `text` written for bash where the cursor is, so that the shell reads it back as `text`. */
export function quoteForBash(text: string, quote: QuoteState): string {
  if (quote === "'") return text.replace(/'/g, "'\\''") + (text.endsWith("'") ? "'" : '');
  if (quote === '"') return text.replace(/[\\"$`]/g, '\\$&') + (text.endsWith('"') ? '"' : '');
  return [...text].map((c) => (PLAIN.test(c) ? c : `\\${c}`)).join('');
}

/**
 * The replacement for readline's text (`replaced`) that makes the word `candidate`, or undefined
 * when what stays before it already differs from the candidate (readline keeps that part).
 */
export function bashReplacement(line: BashLine, replaced: string, candidate: string): string | undefined {
  const kept = line.raw.endsWith(replaced) ? line.raw.slice(0, line.raw.length - replaced.length) : '';
  const fixed = lexBashLine(kept).words.at(-1) ?? '';
  if (!candidate.toLowerCase().startsWith(fixed.toLowerCase())) return undefined;
  return quoteForBash(candidate.slice(fixed.length), line.quote);
}
