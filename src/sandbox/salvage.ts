// `--repair` of a damaged snapshot: every record that can still be read and passes the rules is
// kept. A file that still parses (it failed its checksum, or some records break a rule) is read as
// a document; one that does not (cut short, garbled) line by line, as the writer puts one record
// per line under a `"<resource>":[` line and the seq and next ids on the first line.

import type { ResourceName } from '../resources/definitions.js';
import { canonicalRecord } from '../schemas/stored-record.js';
import { isObject } from '../common/objects.js';
import { SNAPSHOT_FORMAT, type Snapshot, lineOf } from './snapshot.js';
import { type StoreImage, persistedResources } from './store.js';

export interface Salvage {
  snapshot: Snapshot;
  /** False when the seq and next ids were lost: the journal alone says where it starts. */
  headerKept: boolean;
  /** What was dropped: where (`line 12`, `records.prices[3] (line 40)`) and why. */
  rejected: { where: string; reason: string }[];
}

export function salvageSnapshot(bytes: Buffer): Salvage {
  const text = bytes.toString('utf8');
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return fromLines(text);
  }
  return isObject(document) && document.format === SNAPSHOT_FORMAT && isObject(document.records) ? fromDocument(document, text) : fromLines(text);
}

class Kept {
  readonly image: StoreImage = { nextIds: {}, records: {} };
  readonly rejected: Salvage['rejected'] = [];
  private readonly seen = new Set<string>();
  seq = 0;
  headerKept = false;

  header(head: Record<string, unknown>): void {
    if (head.format !== SNAPSHOT_FORMAT || !Number.isSafeInteger(head.seq) || (head.seq as number) < 0) return;
    this.seq = head.seq as number;
    for (const name of persistedResources) {
      const next = isObject(head.nextIds) ? head.nextIds[name] : undefined;
      if (Number.isSafeInteger(next)) this.image.nextIds[name] = next as number;
    }
    this.headerKept = true;
  }

  /** `where` is worked out only for a record that is dropped (it scans the text for the line). */
  record(table: ResourceName, record: unknown, where: () => string): void {
    const reason = this.keep(table, record);
    if (reason) this.rejected.push({ where: where(), reason });
  }

  reject(where: string, reason: string): void {
    this.rejected.push({ where, reason });
  }

  salvage(): Salvage {
    return { snapshot: { image: this.image, seq: this.seq }, headerKept: this.headerKept, rejected: this.rejected };
  }

  private keep(table: ResourceName, value: unknown): string | undefined {
    const { record, problem } = canonicalRecord(table, value);
    if (problem !== undefined) return problem;
    const key = `${table}:${record.id}`;
    if (this.seen.has(key)) return `a second ${table} record with id ${record.id}`;
    this.seen.add(key);
    (this.image.records[table] ??= []).push(record);
    return undefined;
  }
}

function fromDocument(document: Record<string, unknown>, text: string): Salvage {
  const kept = new Kept();
  kept.header(document);
  const records = document.records as Record<string, unknown>;
  for (const name of persistedResources) {
    const list = records[name];
    if (list === undefined) continue;
    if (!Array.isArray(list)) kept.reject(`records.${name}`, 'not a list');
    else list.forEach((record, i) => kept.record(name, record, () => `records.${name}[${i}]${lineOf(text, name, i)}`));
  }
  return kept.salvage();
}

function fromLines(text: string): Salvage {
  const kept = new Kept();
  const lines = text.split('\n');
  try {
    kept.header(JSON.parse(`${lines[0] ?? ''}}}`) as Record<string, unknown>);
  } catch {
    // the first line is lost: seq and next ids come from the journal and the records
  }
  let table: ResourceName | undefined;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const where = `line ${i + 1}`;
    if (i === 0 || line === '' || /^[\]}]+,?$/.test(line) || line.startsWith('"checksum":')) return;
    const name = /^"(\w+)":\[$/.exec(line)?.[1];
    if (name !== undefined) {
      table = persistedResources.find((known) => known === name);
      if (table === undefined) kept.reject(where, `unknown resource "${name}"`);
      return;
    }
    if (table === undefined) return kept.reject(where, 'a line outside any resource');
    let record: unknown;
    try {
      record = JSON.parse(line.replace(/,$/, ''));
    } catch {
      return kept.reject(where, 'not a readable record');
    }
    kept.record(table, record, () => where);
  });
  return kept.salvage();
}
