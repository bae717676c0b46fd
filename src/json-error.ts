// Describes a JSON.parse failure by position only. V8's own message quotes the start of the
// text ("Unexpected token 'r', "root:x:0:0"..."), which would echo a mistaken file — perhaps a
// token file — onto the terminal.

export function describeJsonError(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const what = message
    .replace(/, ".*$/s, '')
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/ after JSON at position \d+.*$/s, ' after the JSON value')
    .replace(/^Unexpected token '.*?'$/s, 'Unexpected character');
  const position = /at position (\d+)/.exec(message);
  if (!position) return what;
  const before = text.slice(0, Number(position[1])).split('\n');
  return `${what} at line ${before.length}, column ${before[before.length - 1]!.length + 1}`;
}
