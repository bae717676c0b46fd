// Text from a server is shown to people: strip terminal escape sequences and control characters,
// so a hostile or broken server cannot retitle the window, write the clipboard (OSC 52) or clear
// the screen. Tabs and newlines stay; the formats that cannot hold them fold them themselves.
// Below every layer: the HTTP client's error messages and the output both use it.

const ESCAPE_SEQUENCE = /\u001b(?:\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\[[0-?]*[ -/]*[@-~]|[@-Z\\-_])/g;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** Any control character: every escape sequence starts with one (ESC). */
const ANY_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export function stripControl(text: string): string {
  // Most text holds none: one test instead of two replaces (a list prints every cell through here).
  if (!ANY_CONTROL.test(text)) return text;
  return text.replace(ESCAPE_SEQUENCE, '').replace(CONTROL, '');
}
