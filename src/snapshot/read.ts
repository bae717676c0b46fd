// The one reader of snapshot files, for `rentals diff`, `rentals sandbox --from-snapshot` and
// anything else that reads what `rentals snapshot` writes. It goes through the file once, as it
// arrives, in whatever order its keys come (the tool's own, `jq -S`, Python's `sort_keys`, a hand's):
// the document's shape, then every record under the rules a live write follows (one id per record,
// values within their limits, references to records the snapshot holds). A file that breaks any
// of them is a usage error (exit 2) that names it and what is wrong; none is half read.
//
// What it keeps is small whatever the file's size: where each resource's list lies in the file
// (so a diff can read them again, one at a time, in the order it needs), whether its ids rose as
// read, the ids of the resources others point at (eight bytes each), and, for a reference to a
// list not read yet, each id it points at once.

import { isObject } from '../common/objects.js';
import { UsageError } from '../errors.js';
import { type ResourceName, resources } from '../resources/definitions.js';
import { parseId } from '../schemas/values.js';
import { type StoredRecord, canonicalRecord } from '../schemas/stored-record.js';
import { SNAPSHOT_KIND, SNAPSHOT_ORDER, SNAPSHOT_VERSION } from './document.js';
import type { SnapshotFile } from './file.js';
import { IdColumn } from './id-column.js';
import type { StoreImage } from './image.js';
import { EmptyDocument, NotAnObject, type SnapshotPiece, SnapshotSyntaxError, snapshotPieces } from './stream.js';

/** Where one resource's list lies in the file: bytes `start` (its `[`) to `end` (after its `]`). */
export interface ResourceSpan {
  start: number;
  end: number;
  count: number;
  /** Its records' ids rose as they were read: merged as read, no sort. */
  ordered: boolean;
}

export interface ReadSnapshot {
  file: SnapshotFile;
  spans: ReadonlyMap<ResourceName, ResourceSpan>;
  /** The service it was taken of, as its head says (a URL; anything, in a file written by hand). */
  source: unknown;
}

export interface ReadOptions {
  /**
   * `rules` (a file): every record under a live write's rules, references checked. `ids` (the
   * service itself, taken just now for `diff --live`): an id per record, once each; what the
   * service holds is what it holds.
   */
  check?: 'rules' | 'ids';
  /** Each record as a store holds it, as it is read (the sandbox's --from-snapshot). */
  onRecord?: (name: ResourceName, record: StoredRecord) => void;
}

const KNOWN = new Set<string>(SNAPSHOT_ORDER);

/** Each resource's reference fields. */
const REFERENCES = new Map(SNAPSHOT_ORDER.map((name) => [name, resources[name].fields.flatMap((f) => (f.references ? [{ field: f.name, target: f.references }] : []))]));

/** The resources some field points at: their ids are kept once their list is read. */
const TARGETS = new Set<ResourceName>([...REFERENCES.values()].flatMap((refs) => refs.map((r) => r.target)));

/** The id of a record as the rules read it (a number or numeric text), or undefined. */
export function recordId(record: unknown): number | undefined {
  if (!isObject(record)) return undefined;
  const parsed = parseId(record.id);
  return parsed.ok ? parsed.value : undefined;
}

/** A reference to a list not read yet: each id it points at, with the first record that does. */
interface Pending {
  name: ResourceName;
  field: string;
  target: ResourceName;
  ids: Map<number, number>;
}

/** Reads and checks a snapshot; throws a UsageError naming it and the first thing wrong. */
export async function readSnapshot(file: SnapshotFile, options: ReadOptions = {}): Promise<ReadSnapshot> {
  const reading = new Reading(file.label, options);
  try {
    for await (const piece of snapshotPieces(file.chunks())) reading.take(piece);
  } catch (error) {
    if (error instanceof SnapshotSyntaxError) throw new UsageError(`${file.label}: not a JSON document (${error.message})`);
    if (error instanceof NotAnObject) throw reading.notASnapshot();
    if (error instanceof EmptyDocument) {
      throw new UsageError(`${file.label}: empty, no snapshot in it (a \`rentals snapshot\` that failed before writing leaves it so); make one with \`rentals snapshot --out FILE\``);
    }
    throw error;
  }
  const spans = reading.finish();
  return { file, spans, source: reading.source };
}

/** A snapshot as the records a store holds (sandbox --from-snapshot), each checked, with the next id of each resource. */
export async function readSnapshotImage(file: SnapshotFile): Promise<StoreImage> {
  const image: StoreImage = { nextIds: {}, records: {} };
  const read = await readSnapshot(file, { onRecord: (name, record) => void (image.records[name] ??= []).push(record) });
  for (const name of read.spans.keys()) {
    let max = 0;
    for (const record of (image.records[name] ??= [])) if (record.id > max) max = record.id;
    image.nextIds[name] = max + 1;
  }
  return image;
}

class Reading {
  private readonly head: Record<string, unknown> = {};
  private resourcesSeen = 0;
  /** The first thing found wrong, in file order; thrown at once when the head is known good, else at the end (the head's own problems come first). */
  private problem: string | undefined;
  private readonly spans = new Map<ResourceName, ResourceSpan>();
  private readonly targets = new Map<ResourceName, IdColumn>();
  private readonly pending = new Map<string, Pending>();
  private current: { name: ResourceName; start: number; column: IdColumn; index: number } | undefined;
  /** A key of "resources" that is skipped (unknown, or its list refused). */
  private skipping = false;

  constructor(
    private readonly label: string,
    private readonly options: ReadOptions,
  ) {}

  take(piece: SnapshotPiece): void {
    switch (piece.kind) {
      case 'field':
        if (piece.name === 'resources') {
          if (++this.resourcesSeen > 1) this.fail('"resources" is given twice');
          if (!isObject(piece.value)) this.head.resources = piece.value;
          else this.head.resources ??= piece.value;
        } else {
          this.head[piece.name] = piece.value;
        }
        if (this.problem !== undefined && this.headGood()) throw this.refusal();
        return;
      case 'not-a-list':
        if (KNOWN.has(piece.name)) this.fail(`"${piece.name}" is not a list of records`);
        else this.fail(`unknown resource ${JSON.stringify(piece.name)}`);
        return;
      case 'resource':
        this.startList(piece.name, piece.start);
        return;
      case 'records':
        if (this.current && !this.skipping) for (const record of piece.records) this.record(this.current, record);
        return;
      case 'resource-end':
        this.endList(piece.end);
        return;
    }
  }

  private startList(name: string, start: number): void {
    this.current = undefined;
    this.skipping = true;
    if (!KNOWN.has(name)) return this.fail(`unknown resource ${JSON.stringify(name)}`);
    const resource = name as ResourceName;
    if (this.spans.has(resource)) return this.fail(`"${name}" is given twice`);
    this.skipping = this.problem !== undefined;
    this.current = { name: resource, start, column: new IdColumn(), index: 0 };
  }

  private record(list: NonNullable<Reading['current']>, value: unknown): void {
    const { name } = list;
    const at = list.index++;
    let id: number | undefined;
    let stored: StoredRecord | undefined;
    if (this.options.check === 'ids') {
      id = recordId(value);
      if (id === undefined) return this.fail(`${name}[${at}]: ${isObject(value) ? `no id (${JSON.stringify(value.id)})` : 'not an object'}`);
    } else {
      const { record, problem } = canonicalRecord(name, value);
      if (problem !== undefined) return this.fail(`${name}[${at}]${isObject(value) ? ` (id ${JSON.stringify(value.id)})` : ''}: ${problem}`);
      stored = record;
      id = record.id;
      this.checkReferences(name, record);
    }
    list.column.push(id);
    if (stored && this.options.onRecord && this.problem === undefined) this.options.onRecord(name, stored);
  }

  /** A reference to a list read already is looked up now; to one not read yet (or this one), kept until it is. */
  private checkReferences(name: ResourceName, record: StoredRecord): void {
    for (const { field, target } of REFERENCES.get(name)!) {
      const value = record[field];
      if (typeof value !== 'number') continue;
      const ids = this.targets.get(target);
      if (ids) {
        if (!ids.has(value)) this.fail(missing(name, record.id, field, value, target));
        continue;
      }
      const key = `${name}.${field}`;
      let pending = this.pending.get(key);
      if (!pending) this.pending.set(key, (pending = { name, field, target, ids: new Map() }));
      if (!pending.ids.has(value)) pending.ids.set(value, record.id);
    }
  }

  private endList(end: number): void {
    const list = this.current;
    this.current = undefined;
    if (!list || this.skipping) return;
    const { name, column } = list;
    const twice = column.finish();
    if (twice !== undefined) return this.fail(`${name} has two records with id ${twice}`);
    this.spans.set(name, { start: list.start, end, count: column.count, ordered: column.ordered });
    if (!TARGETS.has(name)) return;
    this.targets.set(name, column);
    for (const [key, pending] of this.pending) {
      if (pending.target !== name) continue;
      this.pending.delete(key);
      for (const [value, referrer] of pending.ids) if (!column.has(value)) return this.fail(missing(pending.name, referrer, pending.field, value, name));
    }
  }

  /** The lists, once the whole file is read; the head's problems first, then the first found. */
  finish(): Map<ResourceName, ResourceSpan> {
    const { head } = this;
    if (head.kind !== SNAPSHOT_KIND) throw this.notASnapshot();
    if (head.version !== SNAPSHOT_VERSION) {
      throw new UsageError(`${this.label}: snapshot version ${JSON.stringify(head.version)} is not supported (this rentals reads version ${SNAPSHOT_VERSION})`);
    }
    if (!isObject(head.resources)) throw new UsageError(`${this.label}: the snapshot has no "resources" object`);
    // A reference to a resource the snapshot does not hold at all is not checked: a snapshot of some resources only.
    if (this.problem !== undefined) throw this.refusal();
    return this.spans;
  }

  get source(): unknown {
    return this.head.source;
  }

  notASnapshot(): UsageError {
    return new UsageError(`${this.label}: not a rentals snapshot (make one with \`rentals snapshot --out FILE\`)`);
  }

  private headGood(): boolean {
    return this.head.kind === SNAPSHOT_KIND && this.head.version === SNAPSHOT_VERSION;
  }

  private fail(problem: string): void {
    if (this.problem !== undefined) return;
    this.problem = problem;
    this.skipping = true;
    if (this.headGood()) throw this.refusal();
  }

  private refusal(): UsageError {
    return new UsageError(`${this.label}: ${this.problem}; the snapshot is refused whole`);
  }
}

function missing(name: ResourceName, id: number, field: string, value: number, target: ResourceName): string {
  return `${name} ${id} has ${field} ${value}, which is not in the snapshot's ${target}`;
}
