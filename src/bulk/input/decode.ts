// Bytes to text, refusing what is not text of the encoding: a Windows-1252 CSV read as UTF-8
// would rename items with replacement characters. UTF-8 (its byte order mark dropped) unless the
// input starts with a UTF-16 byte order mark (Excel's "Unicode text"). A decoder with `fatal`
// used with `stream` keeps a character split across chunks for the next one, and throws only on
// bytes that can never be part of one.

import type { InputIssue } from './types.js';

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

export interface Decoded {
  texts: AsyncGenerator<string>;
  /** Why the input stopped being read (set once `texts` has ended on it). */
  problem(): InputIssue | undefined;
}

/** The file name a fix converts to: `inv.csv` → `inv.utf8.csv`. */
function convertedName(file: string): string {
  const dot = file.lastIndexOf('.');
  return dot > file.lastIndexOf('/') && dot > 0 ? `${file.slice(0, dot)}.utf8${file.slice(dot)}` : `${file}.utf8`;
}

function conversion(file: string, from: string): string {
  if (file === '(stdin)') return `pipe it through iconv -f ${from} -t UTF-8 first`;
  return `convert it first: iconv -f ${from} -t UTF-8 ${file} > ${convertedName(file)}`;
}

/** Where the first byte that cannot be UTF-8 is in `bytes` (which starts at a character), or -1. */
function invalidUtf8At(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
    if (need === 0) return i;
    const low = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
    const high = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined) return i; // the input ends inside a character
      if (c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) return i;
    }
    i += need + 1;
  }
  return -1;
}

function countLines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

function hex(byte: number): string {
  return `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
}

function notUtf8(file: string, line: number, offset: number, byte: number): InputIssue {
  // Windows-1252 agrees with Latin-1 from 0xA0: name the character the byte most likely meant.
  const meant = byte >= 0xa0 ? ` (${String.fromCharCode(byte)} in Windows-1252)` : '';
  return {
    line,
    rule:
      `is not UTF-8 text: byte ${hex(byte)} at byte offset ${offset}${meant}; nothing was read from it. ` +
      `It is likely Windows-1252 (Excel's "CSV (Comma delimited)"): ${conversion(file, 'WINDOWS-1252')}, or save it from the spreadsheet as "CSV UTF-8"`,
  };
}

function withoutBom(file: string): InputIssue {
  return {
    line: 1,
    rule: `looks like UTF-16 text without a byte order mark (every other byte is zero), which is not read: ${conversion(file, 'UTF-16LE')} (UTF-16BE if it came from a big-endian system)`,
  };
}

/** The encoding the first bytes say (a UTF-16 byte order mark, or NUL bytes of UTF-16 without one). */
function sniff(head: Uint8Array): Encoding | 'utf-16 without bom' {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head.length >= 2 && (head[0] === 0) !== (head[1] === 0)) return 'utf-16 without bom';
  return 'utf-8';
}

/** Decodes a stream of chunks (strings pass as they are), stopping at the first byte that is not of the encoding. */
export function decodeInput(chunks: AsyncIterable<string | Uint8Array>, file: string): Decoded {
  let problem: InputIssue | undefined;
  async function* texts(): AsyncGenerator<string> {
    let decoder: InstanceType<typeof TextDecoder> | undefined;
    let encoding: Encoding = 'utf-8';
    let head: Uint8Array | undefined; // the first byte, held until a second says whether it starts a UTF-16 byte order mark
    let lines = 0; // line ends in the text decoded so far
    let offset = 0; // bytes before the current chunk
    let previous: Uint8Array | undefined;
    let first = true;
    for await (const chunk of chunks) {
      let text: string;
      if (typeof chunk === 'string') text = chunk;
      else {
        let bytes = chunk;
        if (decoder === undefined) {
          if (head !== undefined) bytes = Uint8Array.from([...head, ...bytes]);
          if (bytes.length < 2) {
            head = bytes;
            continue;
          }
          const found = sniff(bytes);
          if (found === 'utf-16 without bom') {
            problem = withoutBom(file);
            return;
          }
          encoding = found;
          decoder = new TextDecoder(encoding, { fatal: true });
          head = undefined;
        }
        try {
          text = decoder.decode(bytes, { stream: true });
        } catch {
          problem = failed(encoding, bytes, previous, offset, lines);
          return;
        }
        offset += bytes.length;
        previous = bytes;
      }
      if (first && text.length > 0) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a byte order mark
        first = false;
      }
      lines += countLines(text);
      if (text) yield text;
    }
    let rest: string;
    try {
      rest = head !== undefined ? new TextDecoder('utf-8', { fatal: true }).decode(head) : (decoder?.decode() ?? '');
    } catch {
      problem = failed(encoding, new Uint8Array(0), previous ?? head, offset, lines);
      return;
    }
    if (rest) yield rest;
  }

  function failed(encoding: Encoding, bytes: Uint8Array, previous: Uint8Array | undefined, offset: number, lines: number): InputIssue {
    if (encoding !== 'utf-8') {
      return { line: lines + 1, rule: `is not ${encoding.toUpperCase()} text (a lone surrogate in the bytes after byte offset ${offset}); nothing was read from it: save it again as "CSV UTF-8"` };
    }
    // The decoder may hold the start of a character from the chunk before: look from there.
    const tail = previous === undefined ? new Uint8Array(0) : previous.subarray(Math.max(0, previous.length - 3));
    let skip = 0;
    while (skip < tail.length && (tail[skip]! & 0xc0) === 0x80) skip++;
    const held = tail.subarray(skip);
    const joined = Uint8Array.from([...held, ...bytes]);
    const at = Math.max(0, invalidUtf8At(joined));
    const before = joined.subarray(0, at);
    const heldLines = held.reduce((n, b) => n + (b === 0x0a ? 1 : 0), 0);
    const line = lines + 1 - heldLines + before.reduce((n, b) => n + (b === 0x0a ? 1 : 0), 0);
    return notUtf8(file, line, offset - held.length + at, joined[at] ?? 0);
  }

  return { texts: texts(), problem: () => problem };
}
