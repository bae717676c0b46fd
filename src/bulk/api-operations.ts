// The runner's operations over the API. `current` answers from the planning snapshot when the
// plan was just made from it (import, adjust: no second read), or from a fresh listing of the row's
// parent, fetched once per parent when the run reaches it (apply, undo: the plan may be old).

import { letYoungGenerationGrow } from '../common/heap.js';
import { validateWrite } from '../schemas/resource.js';
import { type ApiRecord, single } from '../api/resource-api.js';
import { type LiveIndex, type LiveRecord, toLiveRecord } from './live.js';
import { type BulkContext, addressOf, listRecords } from './loading.js';
import type { PlanRow } from './plan.js';
import type { RowWrites } from '../data/booking-writer.js';
import type { RowOperations } from './runner.js';
import { type RowSpec, bodyFields, parentField } from './spec.js';

/** `writes`: where rows are written (apply.ts gives the booking writer's, once the plan is judged). */
/**
 * `lookupsByParent` (a plan file's): how many rows of each parent will look their record up; a
 * parent's listing is dropped after its last, so a run holds the listings of the parents it is
 * at, not of every parent it went through.
 */
export function apiOperations(
  spec: RowSpec,
  ctx: BulkContext,
  snapshot?: LiveIndex,
  writes: RowWrites = ctx.api,
  lookupsByParent?: ReadonlyArray<number | undefined>,
): RowOperations {
  const parent = parentField(spec);
  const listings = new Map<number | undefined, Promise<LiveIndex>>();
  const lookupsLeft = lookupsByParent ? [...lookupsByParent] : undefined;
  const parentOf = (row: PlanRow): number | undefined => {
    if (parent === undefined) return undefined;
    const id = row.ids[parent];
    if (id === undefined) throw new Error(`line ${row.line}: the plan row has no ${parent}`);
    return id;
  };
  const locate = (index: LiveIndex, row: PlanRow): LiveRecord | undefined =>
    index.find(row.ids, { ...row.old, ...row.new });
  const received = (records: ApiRecord[], what: string): LiveRecord => {
    const record = toLiveRecord(spec, single({ body: {}, records }, what));
    if (!record) throw new Error(`the server's answer to ${what} has no id`);
    return record;
  };

  /** Tuned once, at the run's first write (a run that writes nothing keeps its heap as it was). */
  let writing: Promise<void> | undefined;
  const write = (): Promise<void> => (writing ??= letYoungGenerationGrow());

  return {
    async current(row) {
      if (snapshot) return locate(snapshot, row);
      const parentId = parentOf(row);
      let listing = listings.get(parentId);
      if (!listing) {
        listing = listRecords(spec, ctx, parentId);
        listings.set(parentId, listing);
      }
      const found = locate(await listing, row);
      if (lookupsLeft && parentId !== undefined && lookupsLeft[parentId] !== undefined && --lookupsLeft[parentId]! <= 0) listings.delete(parentId);
      return found;
    },
    async find(row) {
      return locate(await listRecords(spec, ctx, parentOf(row)), row);
    },
    async create(row) {
      await write();
      const body = validateWrite(spec.def, pickBody(spec, { ...row.ids, ...row.new }), 'create');
      const { records } = await writes.create(addressOf(spec.def, ctx, parentOf(row)), body);
      return received(records, `creating the ${spec.def.singular} of line ${row.line}`);
    },
    async update(row, current) {
      await write();
      const body = validateWrite(spec.def, { id: current.id, ...pickBody(spec, { ...current.values, ...row.new }) }, 'update');
      const { records } = await writes.update(addressOf(spec.def, ctx, parentOf(row)), current.id, body, { before: { id: current.id, ...current.values } });
      return received(records, `updating the ${spec.def.singular} of line ${row.line}`);
    },
    async remove(row, current) {
      await write();
      await writes.remove(addressOf(spec.def, ctx, parentOf(row)), current.id, { before: { id: current.id, ...current.values } });
    },
  };
}

function pickBody(spec: RowSpec, values: ApiRecord): ApiRecord {
  const body: ApiRecord = {};
  for (const name of bodyFields(spec)) if (values[name] !== undefined) body[name] = values[name];
  return body;
}
