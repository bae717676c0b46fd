// The one truncation: at most `max` characters (code points, so an emoji is never cut in half),
// the last one an ellipsis when the text was longer. Display width is the output layer's concern.

export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, Math.max(0, max - 1)).join('')}…` : text;
}
