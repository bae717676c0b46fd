// The plan file (`--plan <file>`, `prices apply <file>`): one JSON document, a row per line so
// that it diffs and greps well:
//   {"version":1,"resource":"prices","createdAt":"…","source":"prices.csv","scope":{},
//    "totals":{"create":0,"update":1,…},"digest":"sha256:…",
//    "rows":[
//   {"line":14,"action":"update","ids":{"id":55,"inventoryId":3,"rentalBlockId":2},"label":"Tent 20x20 / Weekend","old":{"price":120},"new":{"price":126}}
//   ]}
// The digest is an HMAC under the user's plan key (src/config/plan-key.ts) of the resource, the
// scope, the source, the time and every row: a plan changed after it was written (a price, an id,
// an action, a duplicated row), by hand or by a program without the key, is refused by `apply`;
// so is a plan signed with another user's or machine's key (make it again here). Every value is
// checked again against the reference's rules, and every row's action and target against the
// row's own old and new values and the plan's scope, before anything is sent.

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PlanKey } from '../config/plan-key.js';
import { isObject } from '../common/objects.js';
import { type FieldIssue, UsageError, ValidationError } from '../errors.js';
import { PLAN_ACTIONS, PLAN_VERSION, type Plan, type PlanAction, type PlanRow, UNDO_SOURCE_PREFIX, totalsOf } from './plan.js';
import { type RowSpec, bodyFields, field, idFields } from './spec.js';
import { type Values, readCell } from './values.js';
import { describeJsonError } from '../json-error.js';

const DIGEST_PREFIX = 'hmac-sha256';

type SignedHead = Pick<Plan, 'resource' | 'scope' | 'source' | 'createdAt'>;

/** The HMAC (hex) of the head and the rows, given as their JSON lines. */
function planMac(key: PlanKey, head: SignedHead, rowLines: readonly string[]): string {
  const mac = createHmac('sha256', key.secret);
  mac.update(`${PLAN_VERSION}\n${head.resource}\n${JSON.stringify(head.scope)}\n${JSON.stringify(head.source)}\n${JSON.stringify(head.createdAt)}\n`);
  for (const line of rowLines) mac.update(`${line}\n`);
  return mac.digest('hex');
}

/** `hmac-sha256:<key id>:<hex>`. */
function planDigest(key: PlanKey, head: SignedHead, rowLines: readonly string[]): string {
  return `${DIGEST_PREFIX}:${key.id}:${planMac(key, head, rowLines)}`;
}

export function serializePlan(plan: Plan, key: PlanKey): string {
  const { rows, ...head } = plan;
  const rowLines = rows.map((row) => JSON.stringify(row));
  const top = JSON.stringify({ ...head, digest: planDigest(key, plan, rowLines) });
  return `${top.slice(0, -1)},\n"rows":[\n${rowLines.join(',\n')}${rows.length > 0 ? '\n' : ''}]}\n`;
}

/** Reads a plan file for `spec`, checking its shape, its digest under `key` and its rows; every problem is reported at once. */
export function parsePlan(text: string, file: string, spec: RowSpec, key: PlanKey): Plan {
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
  const head: SignedHead = {
    resource: spec.def.name,
    scope: isIds(value.scope) ? value.scope : {},
    source: typeof value.source === 'string' ? value.source : '',
    createdAt: typeof value.createdAt === 'string' ? value.createdAt : '',
  };
  checkDigest(value.digest, key, head, rows, file, spec);
  const invalid = [...checkRowValues(rows, spec, file), ...checkRowActions(rows, head, file)];
  if (invalid.length > 0) throw planError(file, invalid);
  return { version: PLAN_VERSION, ...head, totals: totalsOf(rows), rows };
}

function checkDigest(digest: unknown, key: PlanKey, head: SignedHead, rows: readonly PlanRow[], file: string, spec: RowSpec): void {
  const again = `make the plan again here (${(spec.def.bulk?.planCommands ?? ['import']).map((name) => `rentals ${spec.def.command} ${name} … --plan ${file}`).join(', or ')})`;
  if (typeof digest !== 'string') throw new UsageError(`${file}: the plan has no digest, so it cannot be checked; nothing was sent: ${again}`);
  const [prefix, keyId, mac] = digest.split(':');
  if (prefix !== DIGEST_PREFIX || keyId === undefined || mac === undefined) {
    throw new UsageError(`${file}: the plan's digest is not one this rentals signs (${DIGEST_PREFIX}); nothing was sent: ${again}`);
  }
  if (keyId !== key.id) {
    throw new UsageError(
      `${file}: the plan was signed with another plan key (${keyId}; yours is ${key.id}): it was made by another user or on another machine, so it cannot be checked here; nothing was sent: ${again}`,
    );
  }
  const expected = Buffer.from(planMac(key, head, rows.map((row) => JSON.stringify(row))), 'hex');
  const given = Buffer.from(mac, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new UsageError(`${file}: the plan was changed after it was made (its digest does not match its rows); nothing was sent: ${again}`);
  }
}

/**
 * Each row's action and target must follow from the row itself, whatever the digest says: an
 * update changes what "old" holds into what "new" holds on a record with an id; a create names
 * no id and had nothing before; an unchanged row changes nothing; a delete has an id, an "old"
 * and no "new", and only an undo makes one. Every id of the scope is the row's own.
 */
function checkRowActions(rows: readonly PlanRow[], head: SignedHead, file: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const undo = head.source.startsWith(UNDO_SOURCE_PREFIX);
  rows.forEach((row, index) => {
    const where = `${file} rows[${index}] (line ${row.line})`;
    const problem = actionProblem(row, undo);
    if (problem) issues.push({ field: where, message: problem });
    for (const [name, id] of Object.entries(head.scope)) {
      if (row.ids[name] !== undefined && row.ids[name] !== id) issues.push({ field: `${where} ${name}`, message: `is ${row.ids[name]}, outside the plan's scope (${name} ${id})` });
    }
  });
  return issues;
}

function actionProblem(row: PlanRow, undo: boolean): string | undefined {
  const hasId = row.ids.id !== undefined;
  const sameFields = (a: Values, b: Values): boolean => {
    const names = Object.keys(a);
    return names.length === Object.keys(b).length && names.every((name) => name in b);
  };
  switch (row.action) {
    case 'create':
      if (hasId) return 'will create a record, yet names an id';
      if (row.old !== null) return 'will create a record, yet has "old" values';
      return undefined;
    case 'update':
      if (!hasId) return 'will update a record, yet names no id';
      if (!sameFields(row.old!, row.new!)) return 'will update, but its "old" and "new" name different fields';
      if (Object.keys(row.new!).every((name) => String(row.old![name]) === String(row.new![name]))) return 'will update, but "new" is "old"';
      return undefined;
    case 'unchanged':
      if (row.old === null || row.new === null || !sameFields(row.old, row.new) || Object.keys(row.new).some((name) => String(row.old![name]) !== String(row.new![name]))) {
        return 'is unchanged, but its "old" and "new" differ';
      }
      return undefined;
    case 'delete':
      if (!undo) return 'will delete a record, which only a plan made by --undo does';
      if (!hasId) return 'will delete a record, yet names no id';
      if (row.new !== null) return 'will delete a record, yet has "new" values';
      return undefined;
    default:
      return undefined; // invalid, refused, unread: never sent
  }
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

