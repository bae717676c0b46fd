// The sandbox's state: one Map per resource, ids that only ever grow, and an index of every
// reference field (a price's inventoryId, a booking's eventId, …) so children lists and
// "is this still referenced?" checks cost the same whatever the size of the data.
// Records are frozen and replaced on update, never changed in place: a snapshot can hold on
// to them while writes go on.

import { type ResourceDef, type ResourceName, referenceFields, resourceList } from '../resources/definitions.js';

import type { StoreImage } from '../snapshot/image.js';
import type { StoredRecord } from '../schemas/stored-record.js';

export type { StoreImage, StoredRecord };

export type PutChange = { op: 'put'; resource: ResourceName; record: StoredRecord };
export type DeleteChange = { op: 'delete'; resource: ResourceName; id: number };
export type Change = PutChange | DeleteChange;

/** Resources kept in the data file. Statuses are fixed and never stored. */
export const persistedResources: ResourceName[] = resourceList.map((d) => d.name).filter((name) => name !== 'statuses');

/** Resources whose records people create; a store without any is "empty" (seeding may fill it). */
const userResources: ResourceName[] = resourceList.filter((d) => d.verbs.includes('add')).map((d) => d.name);

interface Table {
  records: Map<number, StoredRecord>;
  nextId: number;
}

interface ReferenceIndex {
  def: ResourceDef;
  field: string;
  target: ResourceName;
  /** referenced id → ids of the records that reference it */
  byTarget: Map<number, Set<number>>;
}

export interface Referrers {
  def: ResourceDef;
  ids: number[];
}

export class Store {
  private readonly tables = new Map<ResourceName, Table>();
  private readonly indexes: ReferenceIndex[] = [];
  private readonly versions = new Map<ResourceName, number>();

  constructor() {
    for (const def of resourceList) this.tables.set(def.name, { records: new Map(), nextId: 1 });
    // The references the CLI judges a delete by (data/referrers.ts): the same fields of the table.
    for (const { def, field } of referenceFields()) this.indexes.push({ def, field: field.name, target: field.references!, byTarget: new Map() });
  }

  list(def: ResourceDef, parentId?: number): StoredRecord[] {
    const table = this.table(def.name);
    if (!def.parent || parentId === undefined) return [...table.records.values()];
    const ids = this.index(def.name, def.parent.field).byTarget.get(parentId);
    if (!ids) return [];
    return [...ids].sort((a, b) => a - b).map((id) => table.records.get(id)!);
  }

  find(resource: ResourceName, id: number): StoredRecord | undefined {
    return this.table(resource).records.get(id);
  }

  has(resource: ResourceName, id: number): boolean {
    return this.table(resource).records.has(id);
  }

  count(resource: ResourceName): number {
    return this.table(resource).records.size;
  }

  /** The id the next created record of `resource` gets; ids are never reused, even after a delete. */
  nextId(resource: ResourceName): number {
    return this.table(resource).nextId;
  }

  /** Records of other resources that hold `id` of `resource` in a reference field (those that block its delete). */
  referrers(resource: ResourceName, id: number): Referrers[] {
    const found: Referrers[] = [];
    for (const index of this.indexes) {
      if (index.target !== resource) continue;
      const ids = index.byTarget.get(id);
      if (ids && ids.size > 0) found.push({ def: index.def, ids: [...ids].sort((a, b) => a - b) });
    }
    return found;
  }

  /** True when no record was ever created in the resources people write to. */
  isPristine(): boolean {
    return userResources.every((name) => this.table(name).nextId === 1);
  }

  /** Adds a record under the next id; returns the change, for the journal. */
  create(resource: ResourceName, values: Record<string, unknown>): PutChange {
    const { id: _given, ...fields } = values;
    const change: PutChange = { op: 'put', resource, record: { id: this.nextId(resource), ...fields } };
    this.apply(change);
    return change;
  }

  /** Changes each time a record of the resource is written or removed (list-body.ts keys its bodies by it). */
  version(resource: ResourceName): number {
    return this.versions.get(resource) ?? 0;
  }

  apply(change: Change): void {
    this.versions.set(change.resource, this.version(change.resource) + 1);
    const table = this.table(change.resource);
    const id = change.op === 'put' ? change.record.id : change.id;
    const previous = table.records.get(id);
    if (change.op === 'put') {
      const record = Object.freeze(change.record);
      this.reindex(change.resource, previous, record);
      table.records.set(id, record);
      if (id >= table.nextId) table.nextId = id + 1;
    } else if (previous) {
      this.reindex(change.resource, previous, undefined);
      table.records.delete(id);
    }
  }

  /** A consistent picture of the persisted state, taken synchronously; cheap (arrays of shared records). */
  capture(): StoreImage {
    const image: StoreImage = { nextIds: {}, records: {} };
    for (const name of persistedResources) {
      const table = this.table(name);
      image.nextIds[name] = table.nextId;
      image.records[name] = [...table.records.values()];
    }
    return image;
  }

  /** Replaces the records of the resources the image holds (others keep theirs). */
  load(image: StoreImage): void {
    for (const [name, records] of Object.entries(image.records) as [ResourceName, StoredRecord[]][]) {
      const table = this.table(name);
      for (const record of table.records.values()) this.reindex(name, record, undefined);
      table.records.clear();
      this.versions.set(name, this.version(name) + 1);
      for (const record of [...records].sort((a, b) => a.id - b.id)) this.apply({ op: 'put', resource: name, record });
    }
    for (const [name, nextId] of Object.entries(image.nextIds) as [ResourceName, number][]) {
      const table = this.table(name);
      table.nextId = Math.max(table.nextId, nextId);
    }
  }

  private reindex(resource: ResourceName, before: StoredRecord | undefined, after: StoredRecord | undefined): void {
    for (const index of this.indexes) {
      if (index.def.name !== resource) continue;
      const old = before?.[index.field];
      const now = after?.[index.field];
      if (old === now) continue;
      if (typeof old === 'number') {
        const ids = index.byTarget.get(old);
        ids?.delete(before!.id);
        if (ids?.size === 0) index.byTarget.delete(old);
      }
      if (typeof now === 'number') {
        let ids = index.byTarget.get(now);
        if (!ids) index.byTarget.set(now, (ids = new Set()));
        ids.add(after!.id);
      }
    }
  }

  private table(name: ResourceName): Table {
    return this.tables.get(name)!;
  }

  private index(resource: ResourceName, field: string): ReferenceIndex {
    return this.indexes.find((i) => i.def.name === resource && i.field === field)!;
  }
}
