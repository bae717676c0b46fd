// A snapshot file read as it arrives, record by record: the document's top fields, then each
// resource's records in runs, never the file's text or all its records at once. Only the shape
// `rentals snapshot` writes is read this way (an object, its "resources" an object of arrays);
// anything else is `NotStreamable`, and the caller reads the file whole (read.ts), which words
// what is wrong with it.

import { reusedChunks } from '../common/file-chunks.js';
import { CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, ChunkedJsonParser, OPEN_BRACE, OPEN_BRACKET, QUOTE, skipSpace, stringEnd, valueEnd, valueRun } from '../common/json-scan.js';

export type SnapshotPiece =
  | { kind: 'field'; name: string; value: unknown }
  | { kind: 'resource'; name: string }
  | { kind: 'records'; records: unknown[] }
  | { kind: 'resource-end' };

/** The file is not a snapshot in the shape this reader follows (or not JSON): read it whole. */
export class NotStreamable extends Error {}

const RUN_BYTES = 16 * 1024;
const invalid = (): NotStreamable => new NotStreamable('not JSON');

type Phase =
  | 'open'
  | 'key'
  | 'colon'
  | 'value'
  | 'after-field'
  | 'resources-open'
  | 'resource-key'
  | 'resource-colon'
  | 'array'
  | 'record'
  | 'after-record'
  | 'after-resource'
  | 'done';

/** Feed it the file's chunks in order (`push`), then `end()`; each call returns the pieces it completed. */
export class SnapshotStreamParser extends ChunkedJsonParser<SnapshotPiece> {
  private phase: Phase = 'open';
  private key = '';
  /** The next key or record may be the closing bracket instead (nothing read in this object or array yet). */
  private empty = false;

  end(): void {
    if (!this.complete(this.phase === 'done')) throw invalid();
  }

  protected advance(bytes: Buffer, pieces: SnapshotPiece[]): number {
    let at = 0;
    for (;;) {
      at = skipSpace(bytes, at);
      if (at >= bytes.length) return at;
      const c = bytes[at]!;
      switch (this.phase) {
        case 'open':
        case 'resources-open':
          if (c !== OPEN_BRACE) throw invalid();
          at++;
          this.phase = this.phase === 'open' ? 'key' : 'resource-key';
          this.empty = true;
          break;
        case 'key':
        case 'resource-key': {
          if (c === CLOSE_BRACE && this.empty) {
            at++;
            this.phase = this.phase === 'key' ? 'done' : 'after-field';
            break;
          }
          if (c !== QUOTE) throw invalid();
          const end = stringEnd(bytes, at);
          if (end < 0) return at;
          this.key = JSON.parse(bytes.toString('utf8', at, end + 1)) as string;
          at = end + 1;
          this.phase = this.phase === 'key' ? 'colon' : 'resource-colon';
          break;
        }
        case 'colon':
        case 'resource-colon':
          if (c !== COLON) throw invalid();
          at++;
          if (this.phase === 'resource-colon') this.phase = 'array';
          else this.phase = this.key === 'resources' ? 'resources-open' : 'value';
          break;
        case 'value': {
          const end = valueEnd(bytes, at, invalid);
          if (end < 0) return at;
          try {
            pieces.push({ kind: 'field', name: this.key, value: JSON.parse(bytes.toString('utf8', at, end)) });
          } catch {
            throw invalid();
          }
          at = end;
          this.phase = 'after-field';
          break;
        }
        case 'after-field':
        case 'after-resource':
          if (c !== COMMA && c !== CLOSE_BRACE) throw invalid();
          at++;
          this.empty = false;
          if (this.phase === 'after-field') this.phase = c === COMMA ? 'key' : 'done';
          else this.phase = c === COMMA ? 'resource-key' : 'after-field';
          break;
        case 'array':
          if (c !== OPEN_BRACKET) throw new NotStreamable(`"${this.key}" is not a list`);
          at++;
          pieces.push({ kind: 'resource', name: this.key });
          this.phase = 'record';
          this.empty = true;
          break;
        case 'record':
        case 'after-record':
          if (c === CLOSE_BRACKET && (this.phase === 'after-record' || this.empty)) {
            at++;
            pieces.push({ kind: 'resource-end' });
            this.phase = 'after-resource';
          } else if (this.phase === 'after-record') {
            if (c !== COMMA) throw invalid();
            at++;
            this.phase = 'record';
            this.empty = false;
          } else {
            const run = valueRun(bytes, at, RUN_BYTES, invalid);
            if (run.end === at) return at;
            pieces.push({ kind: 'records', records: run.values });
            at = run.end;
            this.phase = 'after-record';
          }
          break;
        case 'done':
          throw invalid();
      }
    }
  }
}

/** The pieces of a snapshot file, read in chunks as they are consumed. */
export async function* snapshotPieces(path: string): AsyncGenerator<SnapshotPiece> {
  const parser = new SnapshotStreamParser();
  // The parser keeps copies, never a view of a chunk: one reused buffer serves (common/file-chunks.ts says why).
  for await (const chunk of reusedChunks(path)) yield* parser.push(chunk);
  parser.end();
}
