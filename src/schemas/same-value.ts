// Two values compared as the API means them (what a diff, and a lookup after an unknown outcome, ask).

/**
 * Values equal as the API means them: 1 and "1", 12.5 and "12.50", true and 1, and datetimes
 * with or without `.000` are the same value written two ways, not a change.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  const na = normalise(a);
  const nb = normalise(b);
  if (typeof na === 'object' || typeof nb === 'object') return JSON.stringify(na) === JSON.stringify(nb);
  return na === nb;
}

function normalise(value: unknown): unknown {
  if (value === true) return 1;
  if (value === false) return 0;
  if (typeof value === 'string') {
    const text = value.trim();
    if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
    const datetime = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.0+)?$/.exec(text);
    if (datetime) return `${datetime[1]}T${datetime[2]!.length === 5 ? `${datetime[2]}:00` : datetime[2]}`;
    if (text === 'true') return 1;
    if (text === 'false') return 0;
    return value;
  }
  return value;
}
