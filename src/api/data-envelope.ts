// Parsing a large `{ "data": [ … ] }` body record by record, straight from the received bytes.
// JSON.parse of the whole body needs it as one string first: for a 240 MB body with any
// non-Latin-1 character that is a 480 MB two-byte string beside the bytes and the records. Here
// only one record's text exists at a time, so the peak is the bytes plus the records.
//
// The scan works on UTF-8 bytes: every structural character is ASCII, and no byte of a multi-byte
// sequence is below 0x80, so brackets and quotes are found without decoding. Each record is
// checked by JSON.parse; the separators between them are checked here, so an invalid body is
// never accepted (the caller then falls back to the whole-body path for its error message).

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

class Scanner {
  constructor(
    readonly bytes: Buffer,
    public at = 0,
  ) {}

  skipSpace(): void {
    while (this.at < this.bytes.length && isSpace(this.bytes[this.at]!)) this.at++;
  }

  /** The byte at the cursor after whitespace, or -1 at the end. */
  peek(): number {
    this.skipSpace();
    return this.at < this.bytes.length ? this.bytes[this.at]! : -1;
  }

  expect(c: number): boolean {
    if (this.peek() !== c) return false;
    this.at++;
    return true;
  }

  /** Moves past one JSON value (not validated: JSON.parse does that) and returns its [start, end). */
  skipValue(): [number, number] | undefined {
    this.skipSpace();
    const start = this.at;
    const { bytes } = this;
    let depth = 0;
    for (; this.at < bytes.length; this.at++) {
      const c = bytes[this.at]!;
      if (c === QUOTE) {
        this.at = this.stringEnd(this.at);
        if (this.at < 0) return undefined;
        if (depth === 0) {
          this.at++;
          return [start, this.at];
        }
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        depth++;
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (depth === 0) return this.at > start ? [start, this.at] : undefined;
        if (--depth === 0) {
          this.at++;
          return [start, this.at];
        }
      } else if (depth === 0 && (c === COMMA || isSpace(c))) {
        return this.at > start ? [start, this.at] : undefined;
      }
    }
    return depth === 0 && this.at > start ? [start, this.at] : undefined;
  }

  /** The index of the quote closing the string that opens at `open`, or -1 (found by native search: strings are most of a body). */
  private stringEnd(open: number): number {
    const { bytes } = this;
    for (let from = open + 1; ; ) {
      const quote = bytes.indexOf(QUOTE, from);
      if (quote < 0) return -1;
      let backslashes = 0;
      for (let i = quote - 1; i > open && bytes[i] === BACKSLASH; i--) backslashes++;
      if (backslashes % 2 === 0) return quote;
      from = quote + 1;
    }
  }
}

/**
 * The parsed envelope when `bytes` is a JSON object with a `"data"` array, read record by record;
 * undefined when it is anything else or not valid JSON.
 */
export function parseDataEnvelope(bytes: Buffer): { envelope: Record<string, unknown>; data: unknown[] } | undefined {
  try {
    return scan(bytes);
  } catch {
    return undefined; // a record that is not valid JSON
  }
}

function scan(bytes: Buffer): { envelope: Record<string, unknown>; data: unknown[] } | undefined {
  const s = new Scanner(bytes);
  if (!s.expect(OPEN_BRACE)) return undefined;
  let span: [number, number] | undefined;
  let data: unknown[] | undefined;
  if (s.peek() !== CLOSE_BRACE) {
    for (;;) {
      const key = s.skipValue();
      if (!key || bytes[key[0]] !== QUOTE || !s.expect(COLON)) return undefined;
      const name: unknown = JSON.parse(bytes.toString('utf8', key[0], key[1]));
      if (name === 'data' && data !== undefined) return undefined; // a repeated key: leave it to JSON.parse's rule
      if (name === 'data' && s.peek() === OPEN_BRACKET) {
        const start = s.at;
        data = readArray(s);
        if (!data) return undefined;
        span = [start, s.at];
      } else if (!s.skipValue()) {
        return undefined;
      }
      if (s.expect(COMMA)) continue;
      break;
    }
  }
  if (!s.expect(CLOSE_BRACE) || s.peek() !== -1 || !data || !span) return undefined;
  // The rest of the envelope is small: parse it with an empty array in place of the records.
  const rest = `${bytes.toString('utf8', 0, span[0])}[]${bytes.toString('utf8', span[1])}`;
  const envelope = JSON.parse(rest) as Record<string, unknown>;
  envelope.data = data;
  return { envelope, data };
}

function readArray(s: Scanner): unknown[] | undefined {
  if (!s.expect(OPEN_BRACKET)) return undefined;
  const out: unknown[] = [];
  if (s.expect(CLOSE_BRACKET)) return out;
  for (;;) {
    const value = s.skipValue();
    if (!value) return undefined;
    out.push(JSON.parse(s.bytes.toString('utf8', value[0], value[1])));
    if (s.expect(COMMA)) continue;
    return s.expect(CLOSE_BRACKET) ? out : undefined;
  }
}
