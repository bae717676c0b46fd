// The plan file (`--plan <file>`, `prices apply <file>`): one JSON document, a row per line so
// that it diffs and greps well:
//   {"version":1,"resource":"prices","createdAt":"…","source":"prices.csv","scope":{},
//    "totals":{"create":0,"update":1,…},"digest":"sha256:…",
//    "rows":[
//   {"line":14,"action":"update","ids":{"id":55,"inventoryId":3,"rentalBlockId":2},"label":"Tent 20x20 / Weekend","old":{"price":120},"new":{"price":126}}
//   ]}
// The digest covers the resource, the scope and every row: a plan changed by hand (a price, an id,
// an action, a duplicated row) is refused by `apply`; make a new plan instead. Every value is
// checked again against the reference's rules before anything is sent.

import { createHash } from 'node:crypto';
import { isObject } from '../common/objects.js';
import { type FieldIssue, UsageError, ValidationError } from '../errors.js';
import { PLAN_ACTIONS, PLAN_VERSION, type Plan, type PlanAction, type PlanRow, totalsOf } from './plan.js';
import { type RowSpec, bodyFields, field, idFields } from './spec.js';
import { readCell } from './values.js';
import { describeJsonError } from '../json-error.js';

/** `sha256:<hex>` of the resource, the scope and the rows, given as their JSON lines. */
function planDigest(plan: Pick<Plan, 'resource' | 'scope'>, rowLines: readonly string[]): string {
  const hash = createHash('sha256');
  hash.update(`${plan.resource}\n${JSON.stringify(plan.scope)}\n`);
  for (const line of rowLines) hash.update(`${line}\n`);
  return `sha256:${hash.digest('hex')}`;
}

export function serializePlan(plan: Plan): string {
  const { rows, ...head } = plan;
  const rowLines = rows.map((row) => JSON.stringify(row));
  const top = JSON.stringify({ ...head, digest: planDigest(plan, rowLines) });
  return `${top.slice(0, -1)},\n"rows":[\n${rowLines.join(',\n')}${rows.length > 0 ? '\n' : ''}]}\n`;
}

/** Reads a plan file for `spec`, checking its shape; every problem is reported at once. */
export function parsePlan(text: string, file: string, spec: RowSpec): Plan {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw planError(file, [{ field: file, message: `is not a plan file: not JSON (${describeJsonError(error, text)})` }]);
  }
  if (!isObject(value) || !Array.isArray(value.rows)) {
    throw planError(file, [{ field: file, message: 'is not a plan file: expected an object with "rows"' }]);
  }
  if (value.version !== PLAN_VERSION) {
    throw planError(file, [{ field: file, message: `has plan version ${JSON.stringify(value.version)}; this rentals reads version ${PLAN_VERSION}` }]);
  }
  if (value.resource !== spec.def.name) {
    throw planError(file, [{ field: file, message: `is a plan for ${String(value.resource)}, not for ${spec.def.plural}` }]);
  }
  const issues: FieldIssue[] = [];
  value.rows.forEach((row, index) => {
    const problem = checkRowShape(row, spec);
    if (problem) issues.push({ field: `${file} rows[${index}]`, message: problem });
  });
  if (issues.length > 0) throw planError(file, issues);
  const rows = value.rows as PlanRow[];
  const scope = isIds(value.scope) ? value.scope : {};
  if (typeof value.digest !== 'string') {
    throw new UsageError(`${file}: the plan has no digest, so it cannot be checked: make it again with --plan`);
  }
  if (value.digest !== planDigest({ resource: spec.def.name, scope }, rows.map((row) => JSON.stringify(row)))) {
    throw new UsageError(`${file}: the plan was changed after it was made (its digest does not match its rows); nothing was sent. Make a new plan with --plan`);
  }
  const invalid = checkRowValues(rows, spec, file);
  if (invalid.length > 0) throw planError(file, invalid);
  return {
    version: PLAN_VERSION,
    resource: spec.def.name,
    createdAt: typeof value.createdAt === 'string' ? value.createdAt : '',
    source: typeof value.source === 'string' ? value.source : file,
    scope,
    totals: totalsOf(rows),
    rows,
  };
}

/**
 * The values a plan would send, under the same rules as an input file's (a plan may come from an
 * older rentals, or from a program): fields the rows may set, valid values, one row per record.
 */
export function checkRowValues(rows: readonly PlanRow[], spec: RowSpec, file: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const settable = new Set(bodyFields(spec));
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const where = `${file} rows[${index}] (line ${row.line})`;
    if (row.action === 'invalid' || row.action === 'refused' || row.action === 'unread') return;
    for (const [name, value] of Object.entries(row.new ?? {})) {
      if (!settable.has(name)) {
        issues.push({ field: `${where} ${name}`, message: `is not a field ${spec.def.plural} can set` });
        continue;
      }
      const parsed = readCell(field(spec, name), value);
      if (!parsed) issues.push({ field: `${where} ${name}`, message: 'must have a value', value });
      else if (!parsed.ok) issues.push({ field: `${where} ${name}`, message: parsed.rule, value });
    }
    const identity = row.ids.id !== undefined ? `#${row.ids.id}` : `+${JSON.stringify(row.ids)}`;
    const first = seen.get(identity);
    if (first !== undefined) issues.push({ field: where, message: `changes the same ${spec.def.singular} as rows[${first}]` });
    else seen.set(identity, index);
  });
  return issues;
}

function planError(file: string, issues: FieldIssue[]): ValidationError {
  return new ValidationError(issues, `plan ${file}`);
}

/** What plan rows and report lines share: line, action, ids of this resource, old and new values. */
export function checkRowShape(value: unknown, spec: RowSpec): string | undefined {
  if (!isObject(value)) return 'must be an object';
  if (!Number.isInteger(value.line) || (value.line as number) < 1) return '"line" must be a positive integer';
  if (!PLAN_ACTIONS.includes(value.action as PlanAction)) return `has an unknown action ${JSON.stringify(value.action)}`;
  if (!isIds(value.ids)) return '"ids" must be an object of integer ids';
  const allowed = idFields(spec);
  const foreign = Object.keys(value.ids).filter((k) => !allowed.includes(k));
  if (foreign.length > 0) {
    return `has ids ${foreign.join(', ')}, which ${spec.def.plural} do not have: is it from another command?`;
  }
  if (!isValues(value.old) || !isValues(value.new)) return '"old" and "new" must be objects of values, or null';
  const action = value.action as PlanAction;
  if ((action === 'update' || action === 'delete') && value.old === null) return `a row that will ${action} needs "old"`;
  if ((action === 'update' || action === 'create') && value.new === null) return `a row that will ${action} needs "new"`;
  return undefined;
}

function isIds(value: unknown): value is Record<string, number> {
  return isObject(value) && Object.values(value).every((id) => Number.isInteger(id));
}

function isValues(value: unknown): boolean {
  if (value === null) return true;
  return isObject(value) && Object.values(value).every((x) => typeof x === 'number' || typeof x === 'string');
}

