// The snapshot document: every resource of the service as one JSON object, written as a stream so
// that memory stays bounded by the largest single list, never by the whole service.
//
//   {"kind":"rentals-snapshot","version":1,"takenAt":"2026-11-23T09:00:00Z","source":"https://api…",
//    "resources":{"rentalBlocks":[…],"inventory":[…],…,"bookings":[…]}}
//
// Nested resources (prices, bookings) carry their parent field (`inventoryId`, `eventId`) in each
// record, as the API sends them, so a snapshot needs no nesting to be read back.

import { type ResourceName, dependencyOrder } from '../resources/definitions.js';
import { escapeJsonControl } from '../common/sanitize.js';

export const SNAPSHOT_KIND = 'rentals-snapshot';
export const SNAPSHOT_VERSION = 1;

/** Referenced resources first (from the resource descriptions): statuses, blocks, … bookings. */
export const SNAPSHOT_ORDER: ResourceName[] = dependencyOrder();

export type SnapshotRecord = Record<string, unknown>;

/**
 * Writes a snapshot piece by piece; `write` is awaited so a slow disk or pipe applies backpressure.
 * Nothing is written until the first list has been read whole (held meanwhile, within the bound of
 * one list): the failures that come first (a service out of reach, a token refused) leave the
 * destination untouched, standard output empty.
 */
export class SnapshotWriter {
  private first = true;
  private held: string[] | undefined = [];

  private readonly out: (text: string) => Promise<void>;

  /** DEL, C1 and bidi controls are written as JSON escapes, as in every JSON rentals prints: the same values. */
  constructor(write: (text: string) => Promise<void>) {
    this.out = (text) => write(escapeJsonControl(text));
  }

  private async write(text: string): Promise<void> {
    if (this.held) this.held.push(text);
    else await this.out(text);
  }

  /** What was held, written: the first list has been read. */
  private async release(): Promise<void> {
    const held = this.held;
    if (!held) return;
    this.held = undefined;
    await this.out(held.join(''));
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
    await this.release();
  }

  async end(): Promise<void> {
    await this.write('\n}}\n');
    await this.release();
  }
}
