// A plan file's JSON text read as it arrives: the top-level object's fields, and the elements of
// its "rows" array one by one (parsed in runs), so that a plan of 300k rows is never one string
// nor one parsed document. Any layout of the same JSON reads the same (a plan reformatted by jq).

import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  ChunkedJsonParser,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  skipSpace,
  stringEnd,
  valueEnd,
  valueRun,
} from '../common/json-scan.js';

export type PlanPiece = { kind: 'field'; key: string; value: unknown } | { kind: 'row'; value: unknown };

const enum At {
  Start,
  Key,
  Colon,
  Value,
  Rows,
  AfterRow,
  AfterValue,
  End,
}

/** Rows parsed per JSON.parse. */
const RUN_BYTES = 64 * 1024;

export class PlanTextParser extends ChunkedJsonParser<PlanPiece> {
  /** A "rows" array was found in the top-level object. */
  sawRows = false;
  /** The text is JSON but not an object (refused as "not a plan file"). */
  notObject = false;
  private at = At.Start;
  private key = '';
  private firstKey = true;
  /** The top-level keys read: one given twice is refused (JSON.parse would keep the last, e.g. a second "rows" not the one verified). */
  private readonly keys = new Set<string>();
  private afterComma = false;
  /** The list being read is "rows" (not another list, whose elements are dropped). */
  private keeping = false;
  /** A top-level value that is not an object, gathered to tell "not JSON" from "not a plan". */
  private other: Buffer[] | undefined;

  /** Every byte read made a whole JSON text. */
  finished(): boolean {
    if (this.other) {
      try {
        JSON.parse(Buffer.concat(this.other).toString('utf8'));
        this.notObject = true;
        return true;
      } catch {
        return false;
      }
    }
    return this.complete(this.at === At.End);
  }

  protected advance(bytes: Buffer, pieces: PlanPiece[]): number {
    const invalid = (): Error => new Error('unexpected character');
    if (this.other) {
      this.other.push(Buffer.from(bytes));
      return bytes.length;
    }
    let i = 0;
    for (;;) {
      i = skipSpace(bytes, i);
      if (i >= bytes.length) return i;
      const c = bytes[i]!;
      switch (this.at) {
        case At.Start:
          if (c !== OPEN_BRACE) {
            this.other = [Buffer.from(bytes.subarray(i))];
            return bytes.length;
          }
          this.at = At.Key;
          i++;
          break;
        case At.Key: {
          if (c === CLOSE_BRACE && this.firstKey) {
            this.at = At.End;
            i++;
            break;
          }
          if (c !== QUOTE) throw invalid();
          const end = stringEnd(bytes, i);
          if (end < 0) return i;
          this.key = JSON.parse(bytes.toString('utf8', i, end + 1)) as string;
          if (this.keys.has(this.key)) throw new Error(`${JSON.stringify(this.key)} is given twice`);
          this.keys.add(this.key);
          i = end + 1;
          this.at = At.Colon;
          break;
        }
        case At.Colon:
          if (c !== COLON) throw invalid();
          i++;
          this.at = At.Value;
          break;
        case At.Value: {
          if (c === OPEN_BRACKET) {
            // "rows", or another list (a dry run's `changes`): read element by element, never whole; only the rows are kept.
            this.keeping = this.key === 'rows';
            if (this.keeping) this.sawRows = true;
            this.afterComma = false;
            this.at = At.Rows;
            i++;
            break;
          }
          const end = valueEnd(bytes, i, invalid);
          if (end < 0) return i;
          let value: unknown;
          try {
            value = JSON.parse(bytes.toString('utf8', i, end));
          } catch {
            throw invalid();
          }
          pieces.push({ kind: 'field', key: this.key, value });
          i = end;
          this.at = At.AfterValue;
          break;
        }
        case At.Rows: {
          if (c === CLOSE_BRACKET) {
            // JSON has no trailing comma: `[{…},]` is refused, as JSON.parse refuses it.
            if (this.afterComma) throw invalid();
            this.at = At.AfterValue;
            i++;
            break;
          }
          const run = valueRun(bytes, i, RUN_BYTES, invalid);
          if (run.end === i) return i;
          if (this.keeping) for (const value of run.values) pieces.push({ kind: 'row', value });
          i = run.end;
          this.at = At.AfterRow;
          break;
        }
        case At.AfterRow:
          if (c === COMMA) {
            this.afterComma = true;
            this.at = At.Rows;
          } else if (c === CLOSE_BRACKET) this.at = At.AfterValue;
          else throw invalid();
          i++;
          break;
        case At.AfterValue:
          if (c === COMMA) {
            this.firstKey = false;
            this.at = At.Key;
          } else if (c === CLOSE_BRACE) this.at = At.End;
          else throw invalid();
          i++;
          break;
        case At.End:
          throw new Error('unexpected text after the end of the plan');
      }
    }
  }
}
