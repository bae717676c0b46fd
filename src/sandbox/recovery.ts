// Startup: load the snapshot, replay the journals, every record checked as a live write is.
// A torn last line (an append cut short by a crash, never acknowledged) is dropped and reported;
// any other damage stops startup, naming the file and line, with no file touched. With `repair`,
// what is valid is kept (the snapshot's good records, the journals up to their first bad line) and
// the damaged files are listed so the caller copies them aside before writing the repaired state.

import { readFile } from 'node:fs/promises';
import { type ResourceDef, resources } from '../resources/definitions.js';
import { canonicalRecord } from '../schemas/stored-record.js';
import { DataFileError } from './files.js';
import { type JournalEntry, decodeJournal } from './journal.js';
import { salvageSnapshot } from './salvage.js';
import { parseSnapshot, readSnapshotFile } from './snapshot.js';
import { type Change, type Store, persistedResources } from './store.js';

export interface RecoveryFiles {
  snapshot: string;
  /** In replay order: `<file>.journal`, then `<file>.journal.next`. */
  journals: string[];
}

export interface RecoveryOptions {
  repair: boolean;
  log: (message: string) => void;
}

export interface Recovered {
  seq: number;
  /** The store holds what the snapshot lacks (journal entries, no snapshot, a repair): write a new one. */
  changed: boolean;
  /** What was wrong (repair only; without repair the first problem is thrown). */
  problems: string[];
  /** Damaged files to copy aside before they are replaced (repair only). */
  damaged: string[];
}

const REPAIR_HINT = 'the files are left as they are; `rentals sandbox --data-file <file> --repair` keeps what is valid and sets the damaged files aside';

export async function recover(files: RecoveryFiles, store: Store, options: RecoveryOptions): Promise<Recovered> {
  const result: Recovered = { seq: 0, changed: false, problems: [], damaged: [] };
  const found = (message: string, file?: string): void => {
    if (!options.repair) throw new DataFileError(`${message}; ${REPAIR_HINT}`);
    result.problems.push(message);
    if (file !== undefined && !result.damaged.includes(file)) result.damaged.push(file);
  };
  const journals = await readJournals(files.journals);
  const seqKnown = loadSnapshot(files.snapshot, await readSnapshotFile(files.snapshot), journals.length > 0, store, result, found);
  replay(journals, store, result, found, options.log, seqKnown);
  if (options.repair) result.changed = true;
  return result;
}

/** Loads the snapshot into the store; false when its seq was lost (repair of a snapshot without its first line). */
function loadSnapshot(
  path: string,
  bytes: Buffer | undefined,
  journalExists: boolean,
  store: Store,
  result: Recovered,
  found: (message: string, file?: string) => void,
): boolean {
  // The snapshot is written before the journal is ever created: a journal without one means data lost.
  if (bytes === undefined || isBlank(bytes)) {
    result.changed = true;
    if (journalExists) found(`the data file ${path} is ${bytes === undefined ? 'missing' : 'empty'} while its journal exists (its records are gone)`, bytes?.length ? path : undefined);
    return true;
  }
  try {
    const snapshot = parseSnapshot(bytes, path);
    store.load(snapshot.image);
    result.seq = snapshot.seq;
    return true;
  } catch (error) {
    if (!(error instanceof DataFileError)) throw error;
    found(error.message, path);
  }
  const salvage = salvageSnapshot(bytes);
  store.load(salvage.snapshot.image);
  result.seq = salvage.snapshot.seq;
  for (const { where, reason } of salvage.rejected) result.problems.push(`the data file ${path}, ${where}: ${reason}`);
  return salvage.headerKept;
}

interface JournalText {
  file: string;
  text: string;
}

async function readJournals(files: string[]): Promise<JournalText[]> {
  const found: JournalText[] = [];
  for (const file of files) {
    try {
      found.push({ file, text: await readFile(file, 'utf8') });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return found;
}

function replay(
  journals: JournalText[],
  store: Store,
  result: Recovered,
  found: (message: string, file?: string) => void,
  log: (message: string) => void,
  seqKnown: boolean,
): void {
  for (const [index, { file, text }] of journals.entries()) {
    const decoded = decodeJournal(text);
    let problem: string | undefined;
    for (const { entry, line } of decoded.entries) {
      if (!seqKnown) {
        result.seq = entry.seq - 1;
        seqKnown = true;
      }
      if (entry.seq <= result.seq) continue;
      if (entry.seq !== result.seq + 1) {
        problem = `the journal ${file} is inconsistent at line ${line}: entry ${entry.seq} follows ${result.seq}`;
        break;
      }
      const checked = checkEntry(store, entry);
      if (typeof checked === 'string') {
        problem = `the journal ${file} has an invalid entry at line ${line}: ${checked}`;
        break;
      }
      store.apply(checked);
      result.seq = entry.seq;
      result.changed = true;
    }
    if (problem === undefined && decoded.damage) {
      problem = `the journal ${file} is corrupt at line ${decoded.damage.line} (${decoded.damage.reason})`;
    }
    // An empty `.journal.next` (a snapshot had just begun) does not make a torn line any less the last.
    const last = journals.slice(index + 1).every((later) => later.text === '');
    if (problem === undefined && decoded.tornLine !== undefined) {
      if (last) {
        log(`the journal ${file} ended in an incomplete line ${decoded.tornLine} (a write cut short by a crash, never acknowledged): dropped`);
      } else {
        problem = `the journal ${file} is corrupt at line ${decoded.tornLine} (a line cut short, and another journal follows)`;
      }
    }
    if (problem !== undefined) {
      found(problem, file);
      // Later entries may build on the lost one: the state stops here; what follows is set aside.
      for (const later of journals.slice(index + 1)) found(`the journal ${later.file} follows the damage and is set aside whole`, later.file);
      return;
    }
  }
}

/** The entry in canonical form, or what makes it one the live path would never have written. */
function checkEntry(store: Store, entry: JournalEntry): Change | string {
  if (!persistedResources.includes(entry.resource) || !resources[entry.resource]?.verbs.includes('add')) {
    return `unknown resource ${JSON.stringify(entry.resource)}`;
  }
  const def = resources[entry.resource];
  if (entry.op === 'delete') {
    if (!store.has(def.name, entry.id)) return `it deletes ${def.singular} ${entry.id}, which does not exist`;
    if (store.referrers(def.name, entry.id).length > 0) return `it deletes ${def.singular} ${entry.id}, which is still referenced`;
    return { op: 'delete', resource: def.name, id: entry.id };
  }
  const { record, problem } = canonicalRecord(def.name, entry.record);
  if (problem !== undefined) return `${def.singular} ${entry.record.id}: ${problem}`;
  const missing = missingReference(store, def, record);
  if (missing) return `${def.singular} ${entry.record.id}: ${missing}`;
  return { op: 'put', resource: def.name, record };
}

function missingReference(store: Store, def: ResourceDef, record: Record<string, unknown>): string | undefined {
  for (const field of def.fields) {
    const value = record[field.name];
    if (field.references && typeof value === 'number' && !store.has(field.references, value)) {
      return `${field.name}: no ${resources[field.references].singular} ${value}`;
    }
  }
  return undefined;
}

/** Only whitespace (or nothing): checked on the bytes, without decoding a large file. */
function isBlank(bytes: Buffer): boolean {
  return bytes.every((b) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09);
}
