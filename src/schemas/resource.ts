// zod schemas per resource, built from the declarative descriptions and shared by the CLI and
// the sandbox. Strict when we send (the reference's limits); tolerant when we read.
// zod/mini: the same engine as zod's classic API, but tree-shakeable, so the bundled chunk is a
// fraction of the size (zod classic cost ~43 ms of every write command's start). Still only import
// this module through a dynamic import() on the paths that need it.

import type { ValidBody } from './valid-body.js';
import * as z from 'zod/mini';
import { ValidationError, type FieldIssue } from '../errors.js';
import { type FieldDef, type ResourceDef, writableFields } from '../resources/definitions.js';
import { parseFieldValue } from './values.js';

export type WriteMode = 'create' | 'update';
export type ApiRecord = Record<string, unknown>;

export interface WriteSchemaOptions {
  /** Fields we do not know: the CLI rejects them (a typo should not vanish); the sandbox ignores them. */
  unknownFields: 'reject' | 'ignore';
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null;
}

type Schema<T> = z.ZodMiniType<T>;

function fieldSchema(field: FieldDef, required: boolean): Schema<unknown> {
  // optional(): zod 4 rejects an absent key unless its schema is optional; absence is judged below.
  return z.pipe(
    z.optional(z.unknown()),
    z.transform((value, ctx) => {
      if (isBlank(value)) {
        if (required) ctx.issues.push({ code: 'custom', message: 'is required', input: value });
        return null;
      }
      const parsed = parseFieldValue(field, value);
      if (!parsed.ok) {
        ctx.issues.push({ code: 'custom', message: parsed.rule, input: value });
        return z.NEVER;
      }
      return parsed.value;
    }),
  );
}

const cache = new Map<string, Schema<ApiRecord>>();

/** The `id` an update carries. */
const ID_FIELD: FieldDef = { name: 'id', kind: 'id', description: 'id' };

/** The body of a POST (create) or PUT (update, which also carries `id`). */
function writeSchema(def: ResourceDef, mode: WriteMode, options: WriteSchemaOptions): Schema<ApiRecord> {
  const key = `${def.name}:${mode}:${options.unknownFields}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const shape: Record<string, Schema<unknown>> = {};
  if (mode === 'update') shape.id = fieldSchema(ID_FIELD, true);
  for (const field of writableFields(def)) shape[field.name] = fieldSchema(field, field.required === true);
  const schema = (options.unknownFields === 'reject' ? z.strictObject(shape) : z.object(shape)) as unknown as Schema<ApiRecord>;
  cache.set(key, schema);
  return schema;
}

/**
 * Validates a body and returns it in canonical form (numbers as numbers, flags as 1/0,
 * datetimes as YYYY-MM-DDTHH:MM:SS, absent optional fields as null), or throws a ValidationError
 * listing every broken rule at once. `Links` is dropped: it is response-only.
 */
export function validateWrite(
  def: ResourceDef,
  body: ApiRecord,
  mode: WriteMode,
  options: WriteSchemaOptions = { unknownFields: 'reject' },
): ValidBody {
  // A body made here (a bulk row's) has no Links: judged as it is, not copied first.
  const rest = Object.hasOwn(body, 'Links') ? withoutLinks(body) : body;
  // The one place a body becomes a ValidBody.
  return (acceptedBody(def, mode, options, rest) ?? bodyBySchema(def, mode, options, rest)) as ValidBody;
}

function withoutLinks(body: ApiRecord): ApiRecord {
  const { Links: _links, ...rest } = body;
  return rest;
}

/** The schema's judgement of a body (without `Links`): its canonical form, or the ValidationError of every broken rule. */
export function bodyBySchema(def: ResourceDef, mode: WriteMode, options: WriteSchemaOptions, body: ApiRecord): ApiRecord {
  const result = writeSchema(def, mode, options).safeParse(body);
  if (result.success) return result.data;
  throw new ValidationError(issuesFromZod(result.error, body), def.singular);
}

/** The fields of a write body, in the order the schema gives them (that of its output). */
function bodyFields(def: ResourceDef, mode: WriteMode): Array<{ field: FieldDef; required: boolean }> {
  // By the description itself, then the mode: no key made per body (a bulk run validates every row's).
  let byMode = fieldsCache.get(def);
  if (!byMode) fieldsCache.set(def, (byMode = {}));
  let fields = byMode[mode];
  if (!fields) {
    // Built as writeSchema builds its shape (a later field of the same name takes the earlier's place).
    const shape: Record<string, { field: FieldDef; required: boolean }> = {};
    if (mode === 'update') shape.id = { field: ID_FIELD, required: true };
    for (const field of writableFields(def)) shape[field.name] = { field, required: field.required === true };
    fields = Object.values(shape);
    byMode[mode] = fields;
  }
  return fields;
}

const fieldsCache = new Map<ResourceDef, Partial<Record<WriteMode, Array<{ field: FieldDef; required: boolean }>>>>();

/**
 * What the schema makes of a body it accepts, without zod (a bulk run and the sandbox validate
 * every write, and zod's pipes cost most of that); undefined for any body with a problem, which
 * bodyBySchema then judges, so every message comes from one place. A property test
 * (test/unit/write-body-fast.test.ts) holds the two alike.
 */
export function acceptedBody(def: ResourceDef, mode: WriteMode, options: WriteSchemaOptions, body: ApiRecord): ApiRecord | undefined {
  const fields = bodyFields(def, mode);
  const out: ApiRecord = {};
  let known = 0;
  for (const { field, required } of fields) {
    const value = body[field.name];
    if (Object.hasOwn(body, field.name)) known++;
    if (isBlank(value)) {
      if (required) return undefined;
      out[field.name] = null;
      continue;
    }
    const parsed = parseFieldValue(field, value);
    if (!parsed.ok) return undefined;
    out[field.name] = parsed.value;
  }
  if (options.unknownFields === 'reject' && known !== Object.keys(body).length) return undefined;
  return out;
}

function issuesFromZod(error: z.core.$ZodError, input: ApiRecord): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) issues.push({ field: key, message: 'is not a field of this resource' });
      continue;
    }
    const field = issue.path.map(String).join('.') || '(body)';
    const value = issue.path.length === 1 ? input[String(issue.path[0])] : undefined;
    issues.push({ field, message: issue.message, value: value === undefined || value === null ? undefined : value });
  }
  return issues;
}
