// The writer of a resource whose only rules are its values' (and, for items and categories, a
// name of their own: unique-names.ts): every body through the validator (and an event's date order), the record read
// before an update or delete checked to be the one named, a write whose answer was lost looked up
// (api/unknown-outcome.ts), and the history told of each record before and after. The writers with
// calendar rules (events, bookings, stock) build on the same pieces.

import type { Address, ApiRecord, ResourceApi } from '../api/resource-api.js';
import { BeforeCreate, settleCreate, settleDelete, settleUpdate } from '../api/unknown-outcome.js';
import { writeGrant } from '../api/write-grant.js';
import type { Change } from '../domain/changes.js';
import { DateOrderError, ValidationError } from '../errors.js';
import { type ResourceDef, writableFields } from '../resources/definitions.js';
import { validated } from '../schemas/validated.js';
import type { ValidBody } from '../schemas/valid-body.js';
import { readRecord } from '../schemas/values.js';
import type { Catalog } from './catalog.js';
import { type PlannedWrite, type RecordWrites, type WritableResource, type WriteChoices, checkBodyId, readForWrite, recordChange } from './planned-write.js';
import type { UniqueNames } from './unique-names.js';
import { judgeReferences, refusedAsReferenced } from './referrers.js';

/** The body through the validator, then (events) its dates in order unless allowed; `changed`: only when the write changes a date. */
export async function checkedBody(def: ResourceDef, body: Record<string, unknown>, mode: 'create' | 'update', choices: WriteChoices = {}, changed?: Record<string, unknown>): Promise<ValidBody> {
  const valid = await validated(def, body, mode);
  if (choices.allowDateOrder || !def.dateOrder) return valid;
  const { dateOrderIssue } = await import('../schemas/date-order.js');
  if (changed && !def.dateOrder.some((name) => changed[name] !== undefined)) return valid;
  const issue = dateOrderIssue(def.name, valid);
  if (issue) throw new DateOrderError(issue, def.name, def.singular);
  return valid;
}

/** The writable fields of a record as read, with its id, and the changes over them: a PUT's whole body. */
export function mergedBody(def: ResourceDef, record: ApiRecord, id: number, changes: Record<string, unknown>): Record<string, unknown> {
  const current = readRecord(def.fields, record);
  const body: Record<string, unknown> = { id };
  for (const field of writableFields(def)) body[field.name] = current[field.name];
  const { id: _id, ...rest } = changes;
  return { ...body, ...rest };
}

/** The requests themselves, with the grant, each lost answer looked up, the run's catalog told. */
export class RecordRequests {
  constructor(
    private readonly api: () => ResourceApi,
    readonly catalog: Catalog,
  ) {}

  resourceApi(): ResourceApi {
    return this.api();
  }

  /** `known`: what exists before the POST when the writer has just read it (else it is read here). */
  async create(at: Address, body: ValidBody, replaces?: number, known?: BeforeCreate): Promise<ApiRecord> {
    const api = this.api();
    // What exists before the POST: after a fault, only a record that is new and matches is this one.
    const before = known ?? (await BeforeCreate.note(api, at));
    try {
      const result = await api.create(at, body, { grant: writeGrant, ...(replaces === undefined ? {} : { replaces }) }).catch(async (error: unknown) => {
        throw await settleCreate(api, at, body, before, error, replaces);
      });
      const created = result.records[0];
      if (!created) throw new ValidationError([{ field: 'id', message: `the service answered the new ${at.def.singular} with no record` }]);
      return created;
    } finally {
      this.catalog.forget(at.def.name, at.parentId);
    }
  }

  async update(at: Address, id: number, body: ValidBody, before: ApiRecord | undefined): Promise<ApiRecord> {
    const api = this.api();
    try {
      const result = await api.update(at, id, body, { grant: writeGrant, before }).catch(async (error: unknown) => {
        throw await settleUpdate(api, at, id, body, error, before);
      });
      return result.records[0] ?? { ...body };
    } finally {
      this.catalog.forget(at.def.name, at.parentId);
    }
  }

  async remove(at: Address, id: number, before: ApiRecord | undefined): Promise<{ id: number }> {
    const api = this.api();
    try {
      return await api.remove(at, id, { grant: writeGrant, before }).catch(async (error: unknown) => {
        throw refusedAsReferenced(error, at, id, before) ?? (await settleDelete(api, at, id, error, before));
      });
    } finally {
      this.catalog.forget(at.def.name, at.parentId);
    }
  }
}

/** A plan of one record's write with nothing to warn about. */
export function plainPlan(change: Change, request: PlannedWrite['request'], write: () => Promise<Change[]>): PlannedWrite {
  return { changes: [change], warnings: [], notes: [], request, write };
}

export class RecordWriter implements RecordWrites {
  constructor(
    readonly resource: WritableResource,
    protected readonly requests: RecordRequests,
    /** A resource whose names are unique (items, categories): their rule (unique-names.ts). */
    protected readonly names?: UniqueNames,
  ) {}

  async planCreate(at: Address, body: Record<string, unknown>, choices: WriteChoices = {}): Promise<PlannedWrite> {
    const valid = await checkedBody(at.def, body, 'create', choices);
    const known = await this.names?.judgeCreate(at, valid);
    return plainPlan(recordChange(at, null, null, { ...valid }), { method: 'POST', at, body: valid }, async () => {
      const api = this.requests.resourceApi();
      const mark = api.historyMark();
      const created = await this.requests.create(at, valid, choices.replaces, known);
      await this.names?.readBack(at, created, mark, () => this.requests.remove(at, Number(created.id), created));
      return [recordChange(at, Number(created.id), null, created)];
    });
  }

  async planUpdate(at: Address, id: number, changes: Record<string, unknown>, choices: WriteChoices = {}): Promise<PlannedWrite> {
    checkBodyId(changes, id);
    const before = await readForWrite(this.requests.resourceApi(), at, id);
    const body = await checkedBody(at.def, mergedBody(at.def, before, id, changes), 'update', choices, changes);
    await this.names?.judgeUpdate(at, id, before, body);
    return plainPlan(recordChange(at, id, before, { ...before, ...body }), { method: 'PUT', at, id, body }, async () => [recordChange(at, id, before, await this.requests.update(at, id, body, before))]);
  }

  /** Refused while records still refer to it (data/referrers.ts), beyond those the same plan deletes first. */
  async planDelete(at: Address, id: number, choices: WriteChoices = {}): Promise<PlannedWrite> {
    const before = await readForWrite(this.requests.resourceApi(), at, id);
    await judgeReferences(this.requests.catalog, { def: at.def, id }, before, choices.deletedFirst);
    return plainPlan(recordChange(at, id, before, null), { method: 'DELETE', at, id }, async () => {
      await this.requests.remove(at, id, before);
      return [recordChange(at, id, before, null)];
    });
  }
}
