// Text into HTML: every name and value from the service goes through here. Markup characters
// become entities; control characters (an ESC, a bell) become U+FFFD, visible but harmless.

const MARKUP: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const UNSAFE = /[&<>"']|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

export function escapeHtml(value: string | number): string {
  return String(value).replace(UNSAFE, (c) => MARKUP[c] ?? '\uFFFD');
}
