// "Did you mean": the known words closest to a mistyped one, by edit distance (insertions,
// deletions, substitutions and swaps of neighbours each count 1), regardless of case.

/** Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** Up to `max` candidates close to `word` (closest first); a third of its length may differ, at least 2. */
export function closest(word: string, candidates: Iterable<string>, max = 3): string[] {
  const wanted = word.trim().toLowerCase();
  if (wanted === '') return [];
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  const scored: Array<[string, number]> = [];
  for (const candidate of new Set(candidates)) {
    const folded = candidate.toLowerCase();
    const score = folded.includes(wanted) && wanted.length >= 3 ? 1 : editDistance(wanted, folded);
    if (score <= limit) scored.push([candidate, score]);
  }
  return scored.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).slice(0, max).map(([c]) => c);
}
