// The five verbs over the store, for any resource: the rules the reference leaves to the server
// (404s, body checks, referential integrity, 409 on delete) live here, once for all resources.

import { isObject } from '../common/objects.js';
import { type FieldIssue, ValidationError } from '../errors.js';
import { type ResourceDef, type Verb, resources } from '../resources/definitions.js';
import { type WriteMode, validateWrite } from '../schemas/resource.js';
import { type FieldProblem, conflict, invalidFields, notFound } from './errors.js';
import type { LinkContext } from './links.js';
import type { Durability } from './persistence.js';
import { RecordJsonCache } from './record-json.js';
import { LONG_LIST, ListBodies, type ListBodySlot } from './list-body.js';
import type { DeleteChange, PutChange, Store, StoredRecord } from './store.js';

export interface Reply {
  status: number;
  /** Sent as `JSON.stringify(body)`. */
  body?: unknown;
  /** Sent as `{"data":[…]}` of these records, each serialised by `json` (cached), in chunks. */
  data?: DataList;
  headers?: Record<string, string>;
}

export interface DataList {
  records: readonly StoredRecord[];
  /** The record's JSON with its Links, UTF-8. */
  json: (record: StoredRecord) => Buffer;
  /** A long top-level list: its whole body as cached (then `records` is empty: the body is the answer), or where to keep it once made (list-body.ts). */
  body?: ListBodySlot;
}

export interface OperationRequest {
  def: ResourceDef;
  verb: Verb;
  /** Path ids: `id` and, for nested resources, the parent's (`inventoryId`, `eventId`). */
  params: Record<string, number>;
  body?: unknown;
  links: LinkContext;
}

const MAX_IDS_NAMED = 10;

export class Operations {
  private readonly json = new RecordJsonCache();
  private readonly bodies = new ListBodies();

  constructor(
    private readonly store: Store,
    private readonly durability: Durability,
  ) {}

  async run(request: OperationRequest): Promise<Reply> {
    const { def, params } = request;
    const parentId = def.parent ? params[def.parent.field] : undefined;
    if (def.parent && !this.store.has(def.parent.resource, parentId!)) {
      throw notFound(`no ${resources[def.parent.resource].singular} ${parentId}`);
    }
    switch (request.verb) {
      case 'list': {
        const version = this.store.version(def.name);
        const slot = def.parent ? undefined : this.bodies.slot(def.name, request.links, version);
        // A body kept for this version is the answer: the records are not listed again (100k of them).
        const records = slot?.body ? [] : this.store.list(def, parentId);
        const reply = await this.answer(request, 200, records, this.durability.settled(), true);
        if (slot?.body || records.length >= LONG_LIST) reply.data!.body = slot;
        return reply;
      }
      case 'get':
        return this.answer(request, 200, [this.existing(def, params.id!, parentId)], this.durability.settled(), true);
      case 'add':
        return this.write(request, 201, this.store.create(def.name, this.validBody(request, 'create', parentId)));
      case 'update':
        return this.update(request, parentId);
      case 'delete':
        return this.remove(request, parentId);
    }
  }

  private update(request: OperationRequest, parentId: number | undefined): Promise<Reply> {
    const { def } = request;
    this.existing(def, request.params.id!, parentId);
    const record = this.validBody(request, 'update', parentId) as StoredRecord;
    const change: PutChange = { op: 'put', resource: def.name, record };
    this.store.apply(change);
    return this.write(request, 200, change);
  }

  private async remove(request: OperationRequest, parentId: number | undefined): Promise<Reply> {
    const { def } = request;
    const { id } = this.existing(def, request.params.id!, parentId);
    const referrers = this.store.referrers(def.name, id);
    if (referrers.length > 0) {
      const uses = referrers.map(({ def: other, ids }) => `${ids.length} ${ids.length === 1 ? other.singular : other.plural} (${idList(ids)})`);
      throw conflict(`${def.singular} ${id} is still referenced by ${uses.join(' and ')}; delete those first`);
    }
    const change: DeleteChange = { op: 'delete', resource: def.name, id };
    this.store.apply(change);
    await this.durability.record(change);
    return { status: 200, body: { id } };
  }

  /** Changes are answered only once they are durable. */
  private async write(request: OperationRequest, status: number, change: PutChange): Promise<Reply> {
    return this.answer(request, status, [change.record], this.durability.record(change), false);
  }

  /** Reads also wait for the writes they may show to be durable, and remember each record's JSON (`cache`); a write's answer does not. */
  private async answer(request: OperationRequest, status: number, records: StoredRecord[], durable: Promise<void>, cache: boolean): Promise<Reply> {
    await durable;
    return { status, data: { records, json: this.json.serialiser(request.def, request.links, cache) } };
  }

  private existing(def: ResourceDef, id: number, parentId: number | undefined): StoredRecord {
    const record = this.store.find(def.name, id);
    if (record && (!def.parent || record[def.parent.field] === parentId)) return record;
    const within = def.parent ? ` in ${resources[def.parent.resource].singular} ${parentId}` : '';
    throw notFound(`no ${def.singular} ${id}${within}`);
  }

  /** The body in canonical form, or a 400 listing every field that breaks a rule. */
  private validBody(request: OperationRequest, mode: WriteMode, parentId: number | undefined): Record<string, unknown> {
    const { def } = request;
    let values: Record<string, unknown>;
    try {
      values = validateWrite(def, bodyObject(request.body, def), mode, { unknownFields: 'ignore' });
    } catch (error) {
      if (error instanceof ValidationError) throw invalidFields(def.singular, error.issues.map(problem));
      throw error;
    }
    const problems: FieldProblem[] = [];
    if (mode === 'update' && values.id !== request.params.id) {
      problems.push({ field: 'id', message: `must be ${request.params.id}, the id in the path` });
    }
    if (def.parent && values[def.parent.field] !== parentId) {
      const parent = resources[def.parent.resource].singular;
      problems.push({ field: def.parent.field, message: `must be ${parentId}, the ${parent} id in the path` });
    }
    for (const field of def.fields) {
      const value = values[field.name];
      if (!field.references || typeof value !== 'number' || field.name === def.parent?.field) continue;
      if (!this.store.has(field.references, value)) {
        problems.push({ field: field.name, message: `no ${resources[field.references].singular} ${value}` });
      }
    }
    if (problems.length > 0) throw invalidFields(def.singular, problems);
    return values;
  }
}

/** A JSON object, or a list holding exactly one (the vendor's documentation allows lists as bodies). */
function bodyObject(body: unknown, def: ResourceDef): Record<string, unknown> {
  const single = Array.isArray(body) && body.length === 1 ? (body[0] as unknown) : body;
  if (isObject(single)) return single;
  throw invalidFields(def.singular, [{ field: '(body)', message: `must be a JSON object with the fields of the ${def.singular}` }]);
}

function problem(issue: FieldIssue): FieldProblem {
  return { field: issue.field, message: issue.message };
}

function idList(ids: number[]): string {
  const named = ids.slice(0, MAX_IDS_NAMED).join(', ');
  return `${ids.length === 1 ? 'id' : 'ids'} ${named}${ids.length > MAX_IDS_NAMED ? ', …' : ''}`;
}
