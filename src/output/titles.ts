// Column titles for people: a view's own title for a column, else the key in words
// (`peakAt` → `Peak at`, `id` → `ID`). Only tables use them; every machine format and --fields
// keep the keys.

/** The title of column `key`: the view's, else the key as words. */
export function columnTitle(key: string, titles?: Readonly<Record<string, string>>): string {
  const given = titles?.[key];
  if (given !== undefined) return given;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter((w) => w !== '')
    .map((w) => (w.toLowerCase() === 'id' ? 'ID' : w.toLowerCase()));
  if (words.length === 0) return key;
  const [first, ...rest] = words;
  return [first!.charAt(0).toUpperCase() + first!.slice(1), ...rest].join(' ');
}
