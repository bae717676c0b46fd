// "Did you mean" for an unknown flag: commander suggests close spellings; a flag that is the
// start of real ones (`--quantity` for `--quantity-available`) is suggested here too.

/** The candidates that `flag` (`--quantity`, `--quantity=3`) is a prefix of, or []. */
export function prefixMatches(flag: string, candidates: readonly string[]): string[] {
  const name = flag.split('=')[0]!;
  if (!name.startsWith('--') || name.length < 4) return [];
  return [...new Set(candidates.filter((candidate) => candidate.startsWith(name) && candidate !== name))];
}

export function didYouMean(matches: readonly string[]): string {
  if (matches.length === 0) return '';
  const listed = matches.length === 1 ? matches[0] : `${matches.slice(0, -1).join(', ')} or ${matches[matches.length - 1]}`;
  return `\n(Did you mean ${listed}?)`;
}
