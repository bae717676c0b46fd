// The plan file (`--plan <file>`, `prices apply <file>`): one JSON document, a row per line so
// that it diffs and greps well:
//   {"version":1,"resource":"prices","createdAt":"…","source":"prices.csv","scope":{},
//    "totals":{"create":0,"update":1,…},
//    "rows":[
//   {"line":14,"action":"update","ids":{"id":55,"inventoryId":3,"rentalBlockId":2},"label":"Tent 20x20 / Weekend","old":{"price":120},"new":{"price":126}}
//   ]}

import { isObject } from '../common/objects.js';
import { type FieldIssue, ValidationError } from '../errors.js';
import { PLAN_ACTIONS, PLAN_VERSION, type Plan, type PlanAction, type PlanRow, totalsOf } from './plan.js';
import { type RowSpec, idFields } from './spec.js';
import { describeJsonError } from '../json-error.js';

export function serializePlan(plan: Plan): string {
  const { rows, ...head } = plan;
  const top = JSON.stringify(head);
  const body = rows.map((row) => JSON.stringify(row)).join(',\n');
  return `${top.slice(0, -1)},\n"rows":[\n${body}${rows.length > 0 ? '\n' : ''}]}\n`;
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
  return {
    version: PLAN_VERSION,
    resource: spec.def.name,
    createdAt: typeof value.createdAt === 'string' ? value.createdAt : '',
    source: typeof value.source === 'string' ? value.source : file,
    scope: isIds(value.scope) ? value.scope : {},
    totals: totalsOf(rows),
    rows,
  };
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

