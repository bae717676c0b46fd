// The snapshot: the whole persisted state as one JSON document, one record per line (so rental
// blocks can be edited by hand). Written to a temporary file, fsynced, renamed over the old one and
// the directory fsynced: a crash leaves either the old or the new snapshot, never half of one.
// Written in chunks, so writes keep being served while a large snapshot is saved.

import { type FileHandle, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isObject } from '../common/objects.js';
import type { ResourceName } from '../resources/definitions.js';
import { resources } from '../resources/definitions.js';
import { validateWrite } from '../schemas/resource.js';
import { ValidationError, formatIssue } from '../errors.js';
import { DataFileError, openPrivate, syncDirectory, writeFully } from './files.js';
import { type StoreImage, type StoredRecord, persistedResources } from './store.js';
import { describeJsonError } from '../json-error.js';

const FORMAT = 'rentals-sandbox';
const VERSION = 1;
const RECORDS_PER_CHUNK = 1000;

export interface Snapshot {
  image: StoreImage;
  /** The seq of the last journal entry the snapshot includes. */
  seq: number;
}

export async function writeSnapshot(path: string, snapshot: Snapshot): Promise<void> {
  const temporary = `${path}.tmp`;
  await rm(temporary, { force: true });
  try {
    const handle = await openPrivate(temporary, 'w');
    try {
      await writeDocument(handle, snapshot);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncDirectory(dirname(path));
}

async function writeDocument(handle: FileHandle, snapshot: Snapshot): Promise<void> {
  const head = { format: FORMAT, version: VERSION, seq: snapshot.seq, nextIds: snapshot.image.nextIds };
  await write(handle, `${JSON.stringify(head).slice(0, -1)},"records":{`);
  let firstTable = true;
  for (const [name, records] of Object.entries(snapshot.image.records)) {
    await write(handle, `${firstTable ? '' : ','}\n${JSON.stringify(name)}:[`);
    firstTable = false;
    for (let start = 0; start < records.length; start += RECORDS_PER_CHUNK) {
      const chunk = records.slice(start, start + RECORDS_PER_CHUNK).map((r) => JSON.stringify(r));
      await write(handle, `${start === 0 ? '' : ','}\n${chunk.join(',\n')}`);
    }
    await write(handle, '\n]');
  }
  await write(handle, '\n}}\n');
}

function write(handle: FileHandle, text: string): Promise<void> {
  return writeFully(handle, Buffer.from(text, 'utf8'));
}

/** The snapshot at `path`; undefined when there is none yet (missing or empty file). */
export async function readSnapshot(path: string): Promise<Snapshot | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (text.trim() === '') return undefined;
  return parseSnapshot(text, path);
}

export function parseSnapshot(text: string, path: string): Snapshot {
  const fail = (what: string) => new DataFileError(`the data file ${path} ${what}`);
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw fail(`is not valid JSON (${describeJsonError(error, text)})`);
  }
  if (!isObject(document) || document.format !== FORMAT) throw fail(`is not a rentals sandbox data file (no "format": "${FORMAT}")`);
  if (document.version !== VERSION) throw fail(`has version ${JSON.stringify(document.version)}; this sandbox reads version ${VERSION}`);
  const seq = document.seq ?? 0;
  if (!Number.isSafeInteger(seq) || (seq as number) < 0) throw fail('has a "seq" that is not a whole number ≥ 0');
  if (!isObject(document.records)) throw fail('has no "records" object');
  const image: StoreImage = { nextIds: {}, records: {} };
  for (const name of persistedResources) {
    const records = document.records[name];
    if (records === undefined) continue;
    if (!Array.isArray(records)) throw fail(`has "records.${name}" that is not a list`);
    image.records[name] = records.map((record, i) => canonicalRecord(name, record, `records.${name}[${i}]`, fail));
    const ids = new Set(image.records[name].map((r) => r.id));
    if (ids.size !== records.length) throw fail(`has two records with the same id in "records.${name}"`);
    const nextId = isObject(document.nextIds) ? document.nextIds[name] : undefined;
    if (nextId !== undefined && !Number.isSafeInteger(nextId)) throw fail(`has a "nextIds.${name}" that is not a whole number`);
    if (typeof nextId === 'number') image.nextIds[name] = nextId;
  }
  return { image, seq: seq as number };
}

function canonicalRecord(name: ResourceName, record: unknown, where: string, fail: (what: string) => DataFileError): StoredRecord {
  if (!isObject(record)) throw fail(`has ${where} that is not an object`);
  try {
    return validateWrite(resources[name], record, 'update', { unknownFields: 'ignore' }) as StoredRecord;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw fail(`has an invalid ${where}: ${error.issues.map(formatIssue).join('; ')}`);
  }
}

