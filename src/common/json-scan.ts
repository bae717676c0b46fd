// Finding where JSON values end in UTF-8 bytes as they arrive, without decoding them: every
// structural character is ASCII, and no byte of a multi-byte sequence is below 0x80, so brackets
// and quotes are found byte by byte. Only ends are found here; JSON.parse checks the values. Used
// by the streamed readers of a list's body (api/data-envelope.ts) and of a snapshot file.

export const QUOTE = 0x22;
const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

export function skipSpace(bytes: Buffer, at: number): number {
  while (at < bytes.length && isSpace(bytes[at]!)) at++;
  return at;
}

/** The index of the quote closing the string that opens at `open`, or -1 (found by native search: strings are most of a body). */
export function stringEnd(bytes: Buffer, open: number): number {
  for (let from = open + 1; ; ) {
    const quote = bytes.indexOf(QUOTE, from);
    if (quote < 0) return -1;
    let backslashes = 0;
    for (let i = quote - 1; i > open && bytes[i] === BACKSLASH; i--) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

/** Where the JSON value starting at `start` ends (exclusive), or -1 when the bytes so far hold only part of it; `invalid` for a value that cannot start there. */
export function valueEnd(bytes: Buffer, start: number, invalid: () => Error): number {
  const c = bytes[start]!;
  if (c === QUOTE) {
    const end = stringEnd(bytes, start);
    return end < 0 ? -1 : end + 1;
  }
  if (c === OPEN_BRACE || c === OPEN_BRACKET) {
    let depth = 0;
    for (let i = start; i < bytes.length; i++) {
      const d = bytes[i]!;
      if (d === QUOTE) {
        i = stringEnd(bytes, i);
        if (i < 0) return -1;
      } else if (d === OPEN_BRACE || d === OPEN_BRACKET) {
        depth++;
      } else if ((d === CLOSE_BRACE || d === CLOSE_BRACKET) && --depth === 0) {
        return i + 1;
      }
    }
    return -1;
  }
  if (c === CLOSE_BRACE || c === CLOSE_BRACKET || c === COMMA || c === COLON) throw invalid();
  for (let i = start; i < bytes.length; i++) {
    const d = bytes[i]!;
    if (d === COMMA || d === CLOSE_BRACKET || d === CLOSE_BRACE || isSpace(d)) return i;
  }
  return -1;
}

/**
 * The whole values of an array from `at` on, up to about `runBytes` of them, parsed with one
 * JSON.parse (the commas between them are inside the parsed text, so it checks them too); `end`
 * is where they stop, `at` itself when not one value is whole yet.
 */
export function valueRun(bytes: Buffer, at: number, runBytes: number, invalid: () => Error): { end: number; values: unknown[] } {
  let last = valueEnd(bytes, at, invalid);
  if (last < 0) return { end: at, values: [] };
  while (last - at < runBytes) {
    let next = skipSpace(bytes, last);
    if (bytes[next] !== COMMA) break;
    next = skipSpace(bytes, next + 1);
    if (next >= bytes.length || bytes[next] === CLOSE_BRACKET) break;
    const end = valueEnd(bytes, next, invalid);
    if (end < 0) break;
    last = end;
  }
  try {
    return { end: last, values: JSON.parse(`[${bytes.toString('utf8', at, last)}]`) as unknown[] };
  } catch {
    throw invalid();
  }
}

const NO_BYTES = Buffer.alloc(0);

/**
 * The shell of a streaming parser over JSON chunks: what a chunk leaves unread (part of one value)
 * is joined to the next; `advance` consumes what it can and says how far it got. `complete()` is
 * whether all was read: only space left, and the parser's own state at its end.
 */
export abstract class ChunkedJsonParser<P> {
  private pending: Buffer = NO_BYTES;
  /** Where in the whole input the bytes handed to `advance` start (byte offsets for pieces and messages). */
  protected base = 0;

  /** Feed the chunks in order; each call returns the pieces it completed. */
  push(chunk: Buffer): P[] {
    const bytes = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const pieces: P[] = [];
    const used = this.advance(bytes, pieces);
    this.base += used;
    // A copy of what is left: the chunk itself is not kept alive by a view of it.
    this.pending = used === bytes.length ? NO_BYTES : Buffer.from(bytes.subarray(used));
    return pieces;
  }

  /** Nothing but space is left unread, and `done` (the parser's state is at its end). */
  protected complete(done: boolean): boolean {
    return skipSpace(this.pending, 0) >= this.pending.length && done;
  }

  /** Consumes what it can of `bytes`; returns how far it got (the rest is part of a value). */
  protected abstract advance(bytes: Buffer, pieces: P[]): number;
}
