// Parsing a `{ "data": [ … ] }` body piece by piece, straight from its bytes as they arrive: the
// body, its text and all its records never need to exist at once. A list is printed as it is
// read (`push` each chunk, write out the pieces), and a whole body read this way never becomes
// one string (JSON.parse of 240 MB with a non-Latin-1 character needs a 480 MB string first).
//
// The scan works on UTF-8 bytes: every structural character is ASCII, and no byte of a multi-byte
// sequence is below 0x80, so brackets and quotes are found without decoding. The scan only finds
// where values end; JSON.parse checks every byte of them, and the separators between them are
// checked here, so an invalid body is never accepted. A value cut by a chunk boundary is scanned
// again from its start when the next chunk arrives (records are small beside a chunk).

import { isObject } from '../common/objects.js';
import { CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, ChunkedJsonParser, OPEN_BRACE, OPEN_BRACKET, QUOTE, skipSpace, stringEnd, valueEnd as scanValueEnd, valueRun } from '../common/json-scan.js';

/** Records are parsed in runs of about this many bytes (one JSON.parse per run): short-lived, so they die young (see data-stream.ts). */
const RUN_BYTES = 16 * 1024;

type ApiRecord = Record<string, unknown>;

/** What a body holds, in its order: envelope fields, and the records between `data-start` and `data-end`. */
export type DataPiece =
  | { kind: 'field'; name: string; value: unknown }
  | { kind: 'data-start' }
  | { kind: 'records'; records: ApiRecord[] }
  | { kind: 'data-end' };

/** Why a body is not a `{ "data": [ {…}, … ] }`, worded to follow "the server's answer to GET /x (HTTP 200)". */
export class DataEnvelopeError extends Error {
  /** Whether an excerpt of the body helps (what it holds instead), or not (a bad entry deep inside). */
  constructor(
    message: string,
    readonly excerpt = true,
  ) {
    super(message);
  }
}

const notJson = (): DataEnvelopeError => new DataEnvelopeError('is not JSON');

/** Where the JSON value starting at `start` ends (exclusive), or -1 when the bytes so far hold only part of it. */
function valueEnd(bytes: Buffer, start: number): number {
  return scanValueEnd(bytes, start, notJson);
}

function parseJson(bytes: Buffer, from: number, to: number): unknown {
  try {
    return JSON.parse(bytes.toString('utf8', from, to));
  } catch {
    throw notJson();
  }
}

type Phase = 'open' | 'first-key' | 'key' | 'colon' | 'array' | 'first-record' | 'record' | 'after-record' | 'value' | 'after-field' | 'done';

/** Feed it the body's chunks in order (`push`), then `end()`; each call returns the pieces it completed. */
export class DataEnvelopeParser extends ChunkedJsonParser<DataPiece> {
  private phase: Phase = 'open';
  private key = '';
  private sawData = false;

  /** Checks that the body was whole: a cut-off body is an error, never a shorter list. */
  end(): void {
    if (!this.complete(this.phase === 'done')) throw notJson(); // cut off, or nothing at all
    if (!this.sawData) throw new DataEnvelopeError('has no "data" array');
  }

  protected advance(bytes: Buffer, pieces: DataPiece[]): number {
    let at = 0;
    for (;;) {
      at = skipSpace(bytes, at);
      if (at >= bytes.length) return at;
      const c = bytes[at]!;
      const phase = this.phase;
      if (phase === 'open') {
        if (c !== OPEN_BRACE) throw c === OPEN_BRACKET ? new DataEnvelopeError('has no "data" array') : notJson();
        at++;
        this.phase = 'first-key';
      } else if (phase === 'first-key' && c === CLOSE_BRACE) {
        throw new DataEnvelopeError('has no "data" array');
      } else if (phase === 'key' || phase === 'first-key') {
        if (c !== QUOTE) throw notJson();
        const end = stringEnd(bytes, at);
        if (end < 0) return at;
        this.key = parseJson(bytes, at, end + 1) as string;
        at = end + 1;
        this.phase = 'colon';
      } else if (phase === 'colon') {
        if (c !== COLON) throw notJson();
        at++;
        if (this.key !== 'data') this.phase = 'value';
        else if (this.sawData) throw new DataEnvelopeError('has "data" twice');
        else this.phase = 'array';
        this.sawData ||= this.key === 'data';
      } else if (phase === 'array') {
        if (c !== OPEN_BRACKET) throw new DataEnvelopeError('has no "data" array');
        at++;
        pieces.push({ kind: 'data-start' });
        this.phase = 'first-record';
      } else if ((phase === 'first-record' || phase === 'after-record') && c === CLOSE_BRACKET) {
        at++;
        pieces.push({ kind: 'data-end' });
        this.phase = 'after-field';
      } else if (phase === 'first-record' || phase === 'record') {
        const end = this.records(bytes, at, pieces);
        if (end === at) return at;
        at = end;
        this.phase = 'after-record';
      } else if (phase === 'after-record') {
        if (c !== COMMA) throw notJson();
        at++;
        this.phase = 'record';
      } else if (phase === 'value') {
        const end = valueEnd(bytes, at);
        if (end < 0) return at;
        pieces.push({ kind: 'field', name: this.key, value: parseJson(bytes, at, end) });
        at = end;
        this.phase = 'after-field';
      } else if (phase === 'after-field') {
        if (c !== COMMA && c !== CLOSE_BRACE) throw notJson();
        at++;
        this.phase = c === COMMA ? 'key' : 'done';
      } else {
        throw notJson(); // bytes after the closing brace
      }
    }
  }

  /** The whole records from `at` on (up to about RUN_BYTES), parsed in one JSON.parse; returns where they end. */
  private records(bytes: Buffer, at: number, pieces: DataPiece[]): number {
    const run = valueRun(bytes, at, RUN_BYTES, notJson);
    if (run.end === at) return at;
    if (!run.values.every(isObject)) throw new DataEnvelopeError('has a "data" entry that is not an object', false);
    pieces.push({ kind: 'records', records: run.values as ApiRecord[] });
    return run.end;
  }
}

const DATA_KEY = Buffer.from('"data"');
const ESCAPE = Buffer.from('\\u');

/**
 * The pieces of a whole `{ "data": [ {…}, … ] }` body from one JSON.parse (the records in one run),
 * when they are exactly those DataEnvelopeParser gives: undefined for any other body (not JSON,
 * another field, "data" written twice or with an escape, an entry that is not an object), which
 * the parser then reads and words. A short list is parsed at native speed, not scanned byte by byte.
 */
export function wholeDataPieces(bytes: Buffer): DataPiece[] | undefined {
  const at = bytes.indexOf(DATA_KEY);
  if (at < 0 || bytes.indexOf(DATA_KEY, at + 1) >= 0 || bytes.indexOf(ESCAPE) >= 0) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isObject(body)) return undefined;
  const { data } = body;
  if (!Array.isArray(data) || Object.keys(body).length !== 1 || !data.every(isObject)) return undefined;
  if (data.length === 0) return [{ kind: 'data-start' }, { kind: 'data-end' }];
  return [{ kind: 'data-start' }, { kind: 'records', records: data as ApiRecord[] }, { kind: 'data-end' }];
}

/** The envelope with `data` in its place, as JSON.parse would build it from the pieces (a later duplicate key wins). */
export class EnvelopeBuilder {
  readonly envelope: Record<string, unknown> = {};
  readonly data: ApiRecord[] = [];

  add(piece: DataPiece): void {
    if (piece.kind === 'field') setOwn(this.envelope, piece.name, piece.value);
    else if (piece.kind === 'data-start') this.envelope.data = this.data;
    else if (piece.kind === 'records') for (const record of piece.records) this.data.push(record);
  }
}

/** `out[key] = value`, except that a "__proto__" key stays a plain key, as JSON.parse makes it. */
function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/**
 * The parsed envelope when `bytes` is a JSON object with a `"data"` array of objects, read record
 * by record; undefined when it is anything else (the caller's JSON.parse then words the error).
 */
export function parseDataEnvelope(bytes: Buffer): { envelope: Record<string, unknown>; data: ApiRecord[] } | undefined {
  try {
    const parser = new DataEnvelopeParser();
    const built = new EnvelopeBuilder();
    for (const piece of parser.push(bytes)) built.add(piece);
    parser.end();
    return built;
  } catch (error) {
    if (error instanceof DataEnvelopeError) return undefined;
    throw error;
  }
}
