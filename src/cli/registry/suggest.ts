// "Did you mean" for an unknown flag, command or help topic: a flag that is the start of real ones
// (`--quantity` for `--quantity-available`), or a word a typo or two away from a real one, or
// from the start of one (`--quantiy` → `--quantity-available`, `evnts` → `events`).

import { editDistance } from '../../common/similar.js';

/** The candidates that `flag` (`--quantity`, `--quantity=3`) is a prefix of, or []. */
export function prefixMatches(flag: string, candidates: readonly string[]): string[] {
  const name = flag.split('=')[0]!;
  if (!name.startsWith('--') || name.length < 4) return [];
  return [...new Set(candidates.filter((candidate) => candidate.startsWith(name) && candidate !== name))];
}

/**
 * The candidates closest to `word` (`--quantiy`, `evnts`): by edit distance to the whole
 * candidate or to its start, at most 1 edit for short words and 2 from 6 letters on; at the same
 * distance a whole word wins over the start of one (`--itme`: `--item`, not `--timeout`).
 */
export function closeMatches(word: string, candidates: readonly string[]): string[] {
  const strip = (text: string) => text.replace(/^--?/, '').split('=')[0]!;
  const typed = strip(word);
  if (typed.length < 2) return [];
  const allowed = typed.length >= 6 ? 2 : 1;
  let best = allowed + 1;
  let found: string[] = [];
  for (const candidate of new Set(candidates)) {
    const name = strip(candidate);
    if (name === typed) continue;
    const starts = [typed.length - 1, typed.length, typed.length + 1].filter((k) => k > 0 && k < name.length).map((k) => name.slice(0, k));
    const distance = Math.min(editDistance(typed, name), 0.5 + Math.min(...starts.map((start) => editDistance(typed, start))));
    if (distance < best) {
      best = distance;
      found = [candidate];
    } else if (distance === best) found.push(candidate);
  }
  return found;
}

/** Prefix matches first, else close ones. */
export function suggestions(word: string, candidates: readonly string[]): string[] {
  const prefixed = prefixMatches(word, candidates);
  return prefixed.length > 0 ? prefixed : closeMatches(word, candidates);
}

export function didYouMean(matches: readonly string[]): string {
  if (matches.length === 0) return '';
  const listed = matches.length === 1 ? matches[0] : `${matches.slice(0, -1).join(', ')} or ${matches[matches.length - 1]}`;
  return `\n(Did you mean ${listed}?)`;
}
