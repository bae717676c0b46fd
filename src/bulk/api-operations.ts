// The runner's operations over the API. `current` answers from the planning snapshot when the
// plan was just made from it (import, adjust: no second read), or from a fresh listing of the row's
// parent, fetched once per parent when the run reaches it (apply: the plan may be old), or, for an
// undo (`freshRows`), from the row's own record read just before its write: a colleague's change
// made while a long undo runs is seen, and that row is stale, never overwritten.

import { letYoungGenerationGrow } from '../common/heap.js';
import { validateWrite } from '../schemas/resource.js';
import { type ApiRecord, single } from '../api/resource-api.js';
import { NotFoundError } from '../errors.js';
import { LiveIndex, type LiveRecord, toLiveRecord } from './live.js';
import { type BulkContext, addressOf, listRecords } from './loading.js';
import type { PlanRow } from './plan.js';
import type { RowWrites } from '../data/row-writes.js';
import type { RowOperations } from './runner.js';
import { type RowSpec, bodyFields, parentField } from './spec.js';
import { rowName } from './row-place.js';

/**
 * `writes`: where rows are written: the writers' row writes (data/row-writes.ts), which apply.ts
 * gives once the plan is judged; without them (a prediction) the operations only read.
 * `lookupsByParent` (a plan file's): how many rows of each parent will look their record up; a
 * parent's listing is dropped after its last, so a run holds the listings of the parents it is
 * at, not of every parent it went through.
 */
export function apiOperations(
  spec: RowSpec,
  ctx: BulkContext,
  snapshot?: LiveIndex,
  writes: RowWrites = READ_ONLY,
  lookupsByParent?: ReadonlyArray<number | undefined>,
  freshRows = false,
): RowOperations {
  const parent = parentField(spec);
  const listings = new Map<number | undefined, Promise<LiveIndex>>();
  const lookupsLeft = lookupsByParent ? [...lookupsByParent] : undefined;
  const parentOf = (row: PlanRow): number | undefined => {
    if (parent === undefined) return undefined;
    const id = row.ids[parent];
    if (id === undefined) throw new Error(`${rowName(row)}: the plan row has no ${parent}`);
    return id;
  };
  // By id without the merged values, which only a look-up by key needs.
  const locate = (index: LiveIndex, row: PlanRow): LiveRecord | undefined =>
    row.ids.id !== undefined ? index.get(row.ids.id) : index.find(row.ids, { ...row.old, ...row.new });
  const fields = bodyFields(spec);
  /** `what` (`updating the price of line 4`) is made only for an answer without its record. */
  const received = (records: ApiRecord[], doing: string, row: PlanRow): LiveRecord => {
    const raw = records[0];
    const record = raw === undefined ? undefined : toLiveRecord(spec, raw);
    if (record) return record;
    const what = `${doing} the ${spec.def.singular} of ${rowName(row)}`;
    single({ body: {}, records }, what);
    throw new Error(`the server's answer to ${what} has no id`);
  };

  /** An update's answer: its record is checked, not read (the runner needs only that it was applied). */
  const answered = (records: ApiRecord[], row: PlanRow): void => {
    if (records[0] === undefined || !Number.isInteger(Number(records[0].id))) received(records, 'updating', row);
  };

  /** Tuned once, at the run's first write (a run that writes nothing keeps its heap as it was). */
  let tuning: Promise<void> | undefined;
  let tuned = false;
  /** `send` now, or once the heap is tuned; a rejected promise for what it throws (a row's write never throws, it fails). */
  const writing = <T>(send: () => Promise<T>): Promise<T> => {
    if (!tuned) {
      tuning ??= letYoungGenerationGrow().then(() => {
        tuned = true;
      });
      return tuning.then(send);
    }
    try {
      return send();
    } catch (error) {
      return Promise.reject(error);
    }
  };

  return {
    current(row) {
      if (freshRows) return fresh(row);
      return snapshot ? locate(snapshot, row) : listed(row);
    },
    async find(row) {
      return locate(await listRecords(spec, ctx, parentOf(row)), row);
    },
    create(row) {
      return writing(() => {
        const body = validateWrite(spec.def, pickBody(fields, { ...row.ids, ...row.new }), 'create');
        return writes.create(addressOf(spec.def, ctx, parentOf(row)), body).then(({ records }) => received(records, 'creating', row));
      });
    },
    update(row, current) {
      return writing(() => {
        const body = validateWrite(spec.def, updateBody(fields, current, row.new ?? {}), 'update');
        return writes.update(addressOf(spec.def, ctx, parentOf(row)), current.id, body, { id: current.id, ...current.values }).then(({ records }) => answered(records, row));
      });
    },
    remove(row, current) {
      return writing(() => writes.remove(addressOf(spec.def, ctx, parentOf(row)), current.id, { id: current.id, ...current.values }).then(() => undefined));
    },
  };

  /** The row's record read now: by its id (a record gone: none), else by its key in a listing of its parent read now. */
  async function fresh(row: PlanRow): Promise<LiveRecord | undefined> {
    const id = row.ids.id;
    if (id === undefined || !ctx.api.get) return locate(await listRecords(spec, ctx, parentOf(row)), row);
    const parentId = parentOf(row);
    try {
      const { records } = await ctx.api.get(addressOf(spec.def, ctx, parentId), id);
      return new LiveIndex(spec).add(records, parentId).get(id);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }

  async function listed(row: PlanRow): Promise<LiveRecord | undefined> {
    const parentId = parentOf(row);
    let listing = listings.get(parentId);
    if (!listing) {
      listing = listRecords(spec, ctx, parentId);
      listings.set(parentId, listing);
    }
    const found = locate(await listing, row);
    if (lookupsLeft && parentId !== undefined && lookupsLeft[parentId] !== undefined && --lookupsLeft[parentId]! <= 0) listings.delete(parentId);
    return found;
  }
}

/** Operations that only read (a prediction): a write through them is a programming error. */
const READ_ONLY: RowWrites = {
  create: () => Promise.reject(new Error('these operations only read: a row is written through the writers\' row writes')),
  update: () => Promise.reject(new Error('these operations only read: a row is written through the writers\' row writes')),
  remove: () => Promise.reject(new Error('these operations only read: a row is written through the writers\' row writes')),
};

function pickBody(fields: readonly string[], values: ApiRecord): ApiRecord {
  const body: ApiRecord = {};
  for (const name of fields) if (values[name] !== undefined) body[name] = values[name];
  return body;
}

/**
 * A PUT's body: the record's id, then each body field from the row's new values, else the
 * record's (what `{ id, ...pickBody({ ...current.values, ...changes }) }` makes, without the copies).
 */
function updateBody(fields: readonly string[], current: LiveRecord, changes: ApiRecord): ApiRecord {
  const body: ApiRecord = { id: current.id };
  for (const name of fields) {
    const value = Object.hasOwn(changes, name) ? changes[name] : current.values[name];
    if (value !== undefined) body[name] = value;
  }
  return body;
}
