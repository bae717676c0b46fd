// A snapshot file read as it arrives, record by record: the document's top fields wherever they
// are, then each resource's records in runs, with where its list lies in the file (so that it can
// be read again on its own), never the file's text or all its records at once. Any key order is
// read (`jq -S`, Python's `sort_keys`, a hand-written file): what the keys say is judged by the
// reader (read.ts), not here. JSON that is not well formed is a SnapshotSyntaxError saying where.

import { CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, ChunkedJsonParser, OPEN_BRACE, OPEN_BRACKET, QUOTE, skipSpace, stringEnd, valueEnd, valueRun } from '../common/json-scan.js';

export type SnapshotPiece =
  | { kind: 'field'; name: string; value: unknown }
  /** A key of "resources" whose value is a list: it starts at byte `start` (its `[`). */
  | { kind: 'resource'; name: string; start: number }
  | { kind: 'records'; records: unknown[] }
  /** The list ends before byte `end` (just after its `]`). */
  | { kind: 'resource-end'; end: number }
  /** A key of "resources" whose value is not a list (the value is skipped). */
  | { kind: 'not-a-list'; name: string };

/** The file is not well-formed JSON; the message says where. */
export class SnapshotSyntaxError extends Error {}

/** The top of the file is JSON, but not an object: not a snapshot whatever its keys. */
export class NotAnObject extends Error {}

/** Nothing but white space: no document at all (what a failed `rentals snapshot > file` leaves). */
export class EmptyDocument extends Error {}

const RUN_BYTES = 16 * 1024;

type Phase =
  | 'open'
  | 'key'
  | 'colon'
  | 'value'
  | 'after-field'
  | 'resources-value'
  | 'resource-key'
  | 'resource-colon'
  | 'resource-value'
  | 'skip-value'
  | 'list'
  | 'after-resource'
  | 'done';

/** Feed it the file's chunks in order (`push`), then `end()`; each call returns the pieces it completed. */
export class SnapshotStreamParser extends ChunkedJsonParser<SnapshotPiece> {
  private phase: Phase = 'open';
  private key = '';
  /** The next key or record may be the closing bracket instead (nothing read in this object or array yet). */
  private empty = false;
  /** Where a skipped value goes back to: a resource's key that was not a list. */
  private afterSkip: Phase = 'after-resource';
  private list: ListState = { afterRecord: false, empty: true };

  end(): void {
    if (this.phase === 'open') throw new EmptyDocument();
    if (!this.complete(this.phase === 'done')) throw new SnapshotSyntaxError(this.phase === 'done' ? `more after the document's end (byte ${this.base})` : 'it ends inside the document (cut off?)');
  }

  protected advance(bytes: Buffer, pieces: SnapshotPiece[]): number {
    let at = 0;
    const invalid = (where = at): SnapshotSyntaxError => new SnapshotSyntaxError(`unexpected ${describe(bytes[where])} at byte ${this.base + where}`);
    for (;;) {
      at = skipSpace(bytes, at);
      if (at >= bytes.length) return at;
      const c = bytes[at]!;
      switch (this.phase) {
        case 'open':
          if (c !== OPEN_BRACE) {
            if (c === OPEN_BRACKET || c === QUOTE || (c >= 0x30 && c <= 0x39) || c === 0x2d) throw new NotAnObject();
            throw invalid();
          }
          at++;
          this.phase = 'key';
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
          if (this.phase === 'resource-colon') this.phase = 'resource-value';
          else this.phase = this.key === 'resources' ? 'resources-value' : 'value';
          break;
        case 'resources-value':
          if (c !== OPEN_BRACE) {
            // Not an object: a field like any other, for the reader to refuse.
            this.phase = 'value';
            break;
          }
          at++;
          this.phase = 'resource-key';
          this.empty = true;
          pieces.push({ kind: 'field', name: 'resources', value: {} });
          break;
        case 'value':
        case 'skip-value': {
          const end = valueEnd(bytes, at, invalid);
          if (end < 0) return at;
          if (this.phase === 'value') {
            let value: unknown;
            try {
              value = JSON.parse(bytes.toString('utf8', at, end));
            } catch {
              throw invalid();
            }
            pieces.push({ kind: 'field', name: this.key, value });
          }
          at = end;
          this.phase = this.phase === 'value' ? 'after-field' : this.afterSkip;
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
        case 'resource-value':
          if (c !== OPEN_BRACKET) {
            pieces.push({ kind: 'not-a-list', name: this.key });
            this.phase = 'skip-value';
            this.afterSkip = 'after-resource';
            break;
          }
          pieces.push({ kind: 'resource', name: this.key, start: this.base + at });
          at++;
          this.phase = 'list';
          this.list = { afterRecord: false, empty: true };
          break;
        case 'list': {
          const step = listStep(this.list, bytes, at, invalid);
          if (step === undefined) return at;
          if (step.records) pieces.push({ kind: 'records', records: step.records });
          if (step.ended) {
            pieces.push({ kind: 'resource-end', end: this.base + step.at });
            this.phase = 'after-resource';
          }
          at = step.at;
          break;
        }
        case 'done':
          throw invalid();
      }
    }
  }
}

function describe(byte: number | undefined): string {
  if (byte === undefined) return 'end';
  return byte >= 0x20 && byte < 0x7f ? JSON.stringify(String.fromCharCode(byte)) : `byte 0x${byte.toString(16).padStart(2, '0')}`;
}

/** The pieces of a snapshot file, read in chunks as they are consumed. */
export async function* snapshotPieces(chunks: AsyncIterable<Buffer>): AsyncGenerator<SnapshotPiece> {
  const parser = new SnapshotStreamParser();
  // The parser keeps copies, never a view of a chunk: one reused buffer serves (common/file-chunks.ts says why).
  for await (const chunk of chunks) yield* parser.push(chunk);
  parser.end();
}

/** Inside a list: a record was the last thing read (a comma or the end comes next); nothing was read yet. */
interface ListState {
  afterRecord: boolean;
  empty: boolean;
}

/** One step inside a list (after its `[`): a comma, a run of records, or its end; undefined when the bytes hold no whole record yet. */
function listStep(state: ListState, bytes: Buffer, at: number, invalid: () => Error): { at: number; records?: unknown[]; ended?: boolean } | undefined {
  const c = bytes[at]!;
  if (c === CLOSE_BRACKET && (state.afterRecord || state.empty)) return { at: at + 1, ended: true };
  if (state.afterRecord) {
    if (c !== COMMA) throw invalid();
    state.afterRecord = false;
    state.empty = false;
    return { at: at + 1 };
  }
  const run = valueRun(bytes, at, RUN_BYTES, invalid);
  if (run.end === at) return undefined;
  state.afterRecord = true;
  return { at: run.end, records: run.values };
}

/** The records of one list (the bytes from its `[` to its `]`), in runs: a resource read again on its own. */
export class ListParser extends ChunkedJsonParser<unknown[]> {
  private phase: 'open' | 'list' | 'done' = 'open';
  private readonly list: ListState = { afterRecord: false, empty: true };

  end(): void {
    if (!this.complete(this.phase === 'done')) throw new SnapshotSyntaxError('a list ends early (was the file changed while it was read?)');
  }

  protected advance(bytes: Buffer, runs: unknown[][]): number {
    let at = 0;
    const invalid = (): SnapshotSyntaxError => new SnapshotSyntaxError(`unexpected ${describe(bytes[at])} at byte ${this.base + at} (was the file changed while it was read?)`);
    for (;;) {
      at = skipSpace(bytes, at);
      if (at >= bytes.length) return at;
      if (this.phase !== 'list') {
        if (this.phase === 'done' || bytes[at] !== OPEN_BRACKET) throw invalid();
        this.phase = 'list';
        at++;
        continue;
      }
      const step = listStep(this.list, bytes, at, invalid);
      if (step === undefined) return at;
      if (step.records) runs.push(step.records);
      if (step.ended) this.phase = 'done';
      at = step.at;
    }
  }
}
