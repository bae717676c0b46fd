// The snapshot: the whole persisted state as one JSON document, one record per line (so rental
// blocks can be edited by hand). Written to a temporary file, fsynced, renamed over the old one and
// the directory fsynced: a crash leaves either the old or the new snapshot, never half of one.
// Written in chunks, so writes keep being served while a large snapshot is saved. Its last line
// is a checksum (SHA-256 of every byte before that line), verified at load: a flipped byte in a
// price is as much damage as a cut-off file. Version 1 files (no checksum) are still read.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { writeFileAtomically } from '../common/atomic-file.js';
import { isObject } from '../common/objects.js';
import type { ResourceName } from '../resources/definitions.js';
import { canonicalRecord } from '../schemas/stored-record.js';
import { DataFileError } from './files.js';
import { type StoreImage, type StoredRecord, persistedResources } from './store.js';
import { describeJsonError } from '../json-error.js';

export const SNAPSHOT_FORMAT = 'rentals-sandbox';
const VERSION = 2;
/** Versions this sandbox reads: 1 had no checksum. */
const READABLE_VERSIONS = [1, 2];
const CHECKSUM_LINE = '"checksum":"sha256:';
const RECORDS_PER_CHUNK = 1000;

export interface Snapshot {
  image: StoreImage;
  /** The seq of the last journal entry the snapshot includes. */
  seq: number;
}

/** Written whole or not at all (common/atomic-file.ts: beside it, 0600, fsynced, renamed into place). */
export async function writeSnapshot(path: string, snapshot: Snapshot): Promise<void> {
  await writeFileAtomically(path, (write) => writeDocument(write, snapshot));
}

async function writeDocument(out: (bytes: Buffer) => Promise<void>, snapshot: Snapshot): Promise<void> {
  const hash = createHash('sha256');
  const write = (text: string, hashed = true): Promise<void> => {
    const bytes = Buffer.from(text, 'utf8');
    if (hashed) hash.update(bytes);
    return out(bytes);
  };
  const head = { format: SNAPSHOT_FORMAT, version: VERSION, seq: snapshot.seq, nextIds: snapshot.image.nextIds };
  await write(`${JSON.stringify(head).slice(0, -1)},"records":{`);
  let firstTable = true;
  for (const [name, records] of Object.entries(snapshot.image.records)) {
    await write(`${firstTable ? '' : ','}\n${JSON.stringify(name)}:[`);
    firstTable = false;
    for (let start = 0; start < records.length; start += RECORDS_PER_CHUNK) {
      const chunk = records.slice(start, start + RECORDS_PER_CHUNK).map((r) => JSON.stringify(r));
      await write(`${start === 0 ? '' : ','}\n${chunk.join(',\n')}`);
    }
    await write('\n]');
  }
  await write('\n},\n');
  await write(`${CHECKSUM_LINE}${hash.digest('hex')}"}\n`, false);
}

/** The snapshot file's bytes; undefined when there is none. */
export async function readSnapshotFile(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export function parseSnapshot(bytes: Buffer, path: string): Snapshot {
  const fail = (what: string) => new DataFileError(`the data file ${path} ${what}`);
  const text = bytes.toString('utf8');
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw fail(`is not valid JSON (${describeJsonError(error, text)})`);
  }
  if (!isObject(document) || document.format !== SNAPSHOT_FORMAT) throw fail(`is not a rentals sandbox data file (no "format": "${SNAPSHOT_FORMAT}")`);
  if (!READABLE_VERSIONS.includes(document.version as number)) {
    throw fail(`has version ${JSON.stringify(document.version)}; this sandbox reads versions ${READABLE_VERSIONS.join(' and ')}`);
  }
  const seq = document.seq ?? 0;
  if (!Number.isSafeInteger(seq) || (seq as number) < 0) throw fail('has a "seq" that is not a whole number ≥ 0');
  if (!isObject(document.records)) throw fail('has no "records" object');
  const image: StoreImage = { nextIds: {}, records: {} };
  for (const name of persistedResources) {
    const records = document.records[name];
    if (records === undefined) continue;
    if (!Array.isArray(records)) throw fail(`has "records.${name}" that is not a list`);
    image.records[name] = records.map((record, i) => storedRecord(name, record, () => `records.${name}[${i}]${lineOf(text, name, i)}`, fail));
    const ids = new Set(image.records[name].map((r) => r.id));
    if (ids.size !== records.length) throw fail(`has two records with the same id in "records.${name}"`);
    const nextId = isObject(document.nextIds) ? document.nextIds[name] : undefined;
    if (nextId !== undefined && !Number.isSafeInteger(nextId)) throw fail(`has a "nextIds.${name}" that is not a whole number`);
    if (typeof nextId === 'number') image.nextIds[name] = nextId;
  }
  if (document.version !== 1) checkChecksum(bytes, fail);
  return { image, seq: seq as number };
}

/** The last line holds the SHA-256 of every byte before it. */
function checkChecksum(bytes: Buffer, fail: (what: string) => DataFileError): void {
  const at = bytes.lastIndexOf(`\n${CHECKSUM_LINE}`);
  if (at < 0) throw fail('has no checksum line (its last line, "checksum": …)');
  // Its line number, for a message only: counted when one is needed, on the bytes.
  const line = () => countNewlines(bytes.subarray(0, at + 1)) + 1;
  const stored = /^"checksum":"sha256:([0-9a-f]{64})"\}\n?$/.exec(bytes.subarray(at + 1).toString('utf8'))?.[1];
  if (stored === undefined) throw fail(`has an unreadable checksum at line ${line()}`);
  const actual = createHash('sha256').update(bytes.subarray(0, at + 1)).digest('hex');
  if (actual !== stored) {
    throw fail(`fails its checksum (line ${line()}): it was changed after it was written (damage, or an edit by hand)`);
  }
}

function countNewlines(bytes: Buffer): number {
  let n = 0;
  for (let at = bytes.indexOf(0x0a); at >= 0; at = bytes.indexOf(0x0a, at + 1)) n++;
  return n;
}

function storedRecord(name: ResourceName, value: unknown, where: () => string, fail: (what: string) => DataFileError): StoredRecord {
  const { record, problem } = canonicalRecord(name, value);
  if (problem !== undefined) throw fail(`has an invalid ${where()}: ${problem}`);
  return record;
}

/** ` (line N)` of a table's record when the file has the writer's layout (one record per line under `"<name>":[`). */
export function lineOf(text: string, name: string, index: number): string {
  const lines = text.split('\n');
  const header = lines.indexOf(`${JSON.stringify(name)}:[`);
  const line = header + 2 + index;
  return header >= 0 && lines[line - 1]?.startsWith('{') ? ` (line ${line})` : '';
}
