// Text into HTML: every name and value from the service goes through here. Control and bidi
// characters first become the visible escapes the terminal shows (`\x1b`, `\u202e`, `\t`:
// common/sanitize.ts's escapeControl), so a right-to-left override cannot reverse the text after
// it and two names that differ by a control character never read alike; then markup characters
// become entities.

import { escapeControl } from '../../common/sanitize.js';

const MARKUP: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const MARKUP_CHAR = /[&<>"']/g;

export function escapeHtml(value: string | number): string {
  return escapeControl(String(value)).replace(MARKUP_CHAR, (c) => MARKUP[c]!);
}
