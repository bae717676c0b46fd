// The snapshot document: every resource of the service as one JSON object, written as a stream so
// that memory stays bounded by the largest single list, never by the whole service.
//
//   {"kind":"rentals-snapshot","version":1,"takenAt":"2026-11-23T09:00:00Z","source":"https://api…",
//    "resources":{"rentalBlocks":[…],"inventory":[…],…,"bookings":[…]}}
//
// Nested resources (prices, bookings) carry their parent field (`inventoryId`, `eventId`) in each
// record, as the API sends them, so a snapshot needs no nesting to be read back.

import { type ResourceName, dependencyOrder } from '../resources/definitions.js';
import { UsageError } from '../errors.js';
import { escapeJsonControl } from '../common/sanitize.js';

export const SNAPSHOT_KIND = 'rentals-snapshot';
export const SNAPSHOT_VERSION = 1;

/** The order resources are written in: parents before the records that point at them. */
/** Referenced resources first (from the resource descriptions): statuses, blocks, … bookings. */
export const SNAPSHOT_ORDER: ResourceName[] = dependencyOrder();

export type SnapshotRecord = Record<string, unknown>;

export interface Snapshot {
  kind: typeof SNAPSHOT_KIND;
  version: number;
  takenAt: string;
  source: string;
  resources: Partial<Record<ResourceName, SnapshotRecord[]>>;
}

/** Writes a snapshot piece by piece; `write` is awaited so a slow disk or pipe applies backpressure. */
export class SnapshotWriter {
  private first = true;

  private readonly write: (text: string) => Promise<void>;

  /** DEL, C1 and bidi controls are written as JSON escapes, as in every JSON rentals prints: the same values. */
  constructor(write: (text: string) => Promise<void>) {
    this.write = (text) => write(escapeJsonControl(text));
  }

  async begin(takenAt: string, source: string): Promise<void> {
    const head = { kind: SNAPSHOT_KIND, version: SNAPSHOT_VERSION, takenAt, source };
    await this.write(`${JSON.stringify(head).slice(0, -1)},"resources":{`);
  }

  /** One resource's records; an async source (nested lists fetched parent by parent) streams through. */
  async resource(name: ResourceName, records: Iterable<SnapshotRecord> | AsyncIterable<SnapshotRecord>): Promise<void> {
    let chunk = `${this.first ? '' : ','}\n${JSON.stringify(name)}:[`;
    this.first = false;
    let n = 0;
    for await (const record of records) {
      chunk += `${n++ === 0 ? '' : ','}\n${JSON.stringify(record)}`;
      if (chunk.length > 1 << 16) {
        await this.write(chunk);
        chunk = '';
      }
    }
    await this.write(`${chunk}]`);
  }

  async end(): Promise<void> {
    await this.write('\n}}\n');
  }
}

/** Reads a snapshot document, checking its kind and version; `label` names it in errors. */
export function parseSnapshot(text: string, label: string): Snapshot {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${label}: not a JSON document (${error instanceof Error ? error.message.split('\n')[0] : 'parse error'})`);
  }
  if (!isPlainObject(value) || value.kind !== SNAPSHOT_KIND) {
    throw new UsageError(`${label}: not a rentals snapshot (make one with \`rentals snapshot --out FILE\`)`);
  }
  if (value.version !== SNAPSHOT_VERSION) {
    throw new UsageError(`${label}: snapshot version ${JSON.stringify(value.version)} is not supported (this rentals reads version ${SNAPSHOT_VERSION})`);
  }
  if (!isPlainObject(value.resources)) throw new UsageError(`${label}: the snapshot has no "resources" object`);
  for (const [name, records] of Object.entries(value.resources)) {
    if (!SNAPSHOT_ORDER.includes(name as ResourceName)) throw new UsageError(`${label}: unknown resource ${JSON.stringify(name)}`);
    if (!Array.isArray(records) || !records.every(isPlainObject)) throw new UsageError(`${label}: "${name}" is not a list of records`);
  }
  return value as unknown as Snapshot;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
