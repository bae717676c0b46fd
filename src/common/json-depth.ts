// How deeply a JSON text nests, found by one linear scan (no recursion), so that input nested
// 100,000 deep is refused with a message instead of overflowing the stack of whatever walks it.

/** No request body or answer of this API nests anywhere near this deep. */
export const MAX_JSON_DEPTH = 100;

/** True when `text` opens more than `limit` arrays/objects inside one another (strings skipped). */
export function nestsDeeperThan(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}
