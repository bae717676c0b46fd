// The one reader of snapshot files, for `rentals diff`, `rentals sandbox --from-snapshot` and
// anything else that reads what `rentals snapshot` writes: the document's shape, then every record
// under the rules a live write follows (one id per record, values within their limits, references
// to records the snapshot holds). A file that breaks any of them is a usage error (exit 2) that
// names it and the record; none is half read.

import { readFile } from 'node:fs/promises';
import { UsageError, ValidationError } from '../errors.js';
import { type ResourceName, resources } from '../resources/definitions.js';
import { validateWrite } from '../schemas/resource.js';
import { SNAPSHOT_ORDER, type Snapshot, parseSnapshot } from './document.js';

/** A record as a live write would store it: canonical values, its id kept. */
export type CheckedRecord = Readonly<Record<string, unknown>> & { readonly id: number };

/** Every record, checked, with the next id of each resource (the sandbox's StoreImage). */
export interface CheckedSnapshot {
  nextIds: Partial<Record<ResourceName, number>>;
  records: Partial<Record<ResourceName, CheckedRecord[]>>;
}

export interface ReadSnapshot {
  /** The records as written (what `diff` compares). */
  snapshot: Snapshot;
  /** The records as the sandbox stores them, each checked (what `--from-snapshot` loads). */
  image: CheckedSnapshot;
}

/** Reads and checks a snapshot file; `label` names it in messages (`--from-snapshot x.json`, `x.json`). */
export async function readSnapshotFile(path: string, label = path): Promise<ReadSnapshot> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`${label}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (error as Error).message}`);
  }
  const snapshot = parseSnapshot(text, label);
  return { snapshot, image: checkSnapshotRecords(snapshot, label) };
}

/** Every record under the rules of a live write, one per id, references inside the snapshot; else a UsageError naming it. */
export function checkSnapshotRecords(snapshot: Snapshot, label: string): CheckedSnapshot {
  const image: CheckedSnapshot = { nextIds: {}, records: {} };
  for (const name of SNAPSHOT_ORDER) {
    const records = snapshot.resources[name];
    if (records === undefined) continue;
    const seen = new Set<number>();
    image.records[name] = records.map((record, index) => {
      const checked = canonical(name, record, `${label}: ${name}[${index}]`);
      if (seen.has(checked.id)) throw refused(`${label}: ${name} has two records with id ${checked.id}`);
      seen.add(checked.id);
      return checked;
    });
    image.nextIds[name] = Math.max(0, ...seen) + 1;
  }
  checkReferences(image, label);
  return image;
}

function refused(message: string): UsageError {
  return new UsageError(`${message}; the snapshot is refused whole`);
}

function canonical(name: ResourceName, record: Record<string, unknown>, where: string): CheckedRecord {
  try {
    return validateWrite(resources[name], record, 'update', { unknownFields: 'ignore' }) as unknown as CheckedRecord;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const issues = error.issues.map((i) => `${i.field} ${i.message}`).join('; ');
    throw refused(`${where} (id ${JSON.stringify(record.id)}): ${issues}`);
  }
}

/** A booking of an item the snapshot does not hold would make the sandbox inconsistent from its first request. */
function checkReferences(image: CheckedSnapshot, label: string): void {
  for (const [name, records] of Object.entries(image.records) as [ResourceName, CheckedRecord[]][]) {
    for (const field of resources[name].fields) {
      const target = field.references;
      const targets = target ? image.records[target] : undefined;
      if (!target || !targets) continue;
      const ids = new Set(targets.map((r) => r.id));
      for (const record of records) {
        const value = record[field.name];
        if (typeof value === 'number' && !ids.has(value)) {
          throw refused(`${label}: ${name} ${record.id} has ${field.name} ${value}, which is not in the snapshot's ${target}`);
        }
      }
    }
  }
}
