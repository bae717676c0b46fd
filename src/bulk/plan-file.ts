// The plan file (`--plan <file>`, `prices apply <file>`): one JSON document, a row per line so
// that it diffs and greps well, written and checked as its rows pass, never held whole:
//   {"version":2,"resource":"prices","createdAt":"…","source":"prices.csv","scope":{},
//   "rows":[
//   {"line":14,"action":"update","ids":{"id":55,"inventoryId":3,"rentalBlockId":2},"label":"Tent 20x20 / Weekend","old":{"price":120},"new":{"price":126}}
//   ],
//   "totals":{"create":0,"update":1,…},"digest":"hmac-sha256:<key id>:<hex>"}
// The digest is an HMAC under the user's plan key (src/config/plan-key.ts) of every row as it
// passes, then of the resource, the scope, the source and the time: it comes last, so a plan is
// signed as it is written and checked as it is read, in one pass each. A plan changed after it was
// written (a price, an id, an action, a row dropped, duplicated or cut off), by hand or by a
// program without the key, is refused by `apply`; so is a plan signed with another user's or
// machine's key (make it again here). Every value is checked again against the reference's
// rules, and every row's action and target against the row's own old and new values and the
// plan's scope, before anything is sent. A plan of version 1 (the digest first, over the head and
// then the rows) is still read: its digest is checked on the run's copy of its rows.

import type { Hmac } from 'node:crypto';
import type { PlanKey } from '../config/plan-key.js';
import { isObject } from '../common/objects.js';
import type { Spool } from '../common/spool.js';
import { type FieldIssue, UsageError, ValidationError } from '../errors.js';
import { type AnyPlan, NOT_SENT, PLAN_ACTIONS, PLAN_VERSION, type Plan, type PlanAction, type PlanRow, type SpooledPlan, UNDO_SOURCE_PREFIX, emptyTotals, looksUp, rowsOf, totalsOf } from './plan.js';
import { type PlanPiece, PlanTextParser } from './plan-text.js';
import { ISSUES_KEPT } from './issues.js';
import { type RowSpec, bodyFields, field, idFields, parentField } from './spec.js';
import { type Values, readCell } from './values.js';
import { rowName } from './row-place.js';

const DIGEST_PREFIX = 'hmac-sha256';
/** The versions read: 1 signed its head then its rows, the digest first; 2 (written now) its rows then its head, the digest last. */
const READABLE_VERSIONS = [1, PLAN_VERSION];

/** node:crypto once a plan is signed or checked: a run that writes no plan file (`import --yes`) never loads it (~2-3 ms of a start). */
const crypto = (): typeof import('node:crypto') => process.getBuiltinModule('node:crypto');

type SignedHead = Pick<Plan, 'resource' | 'scope' | 'source' | 'createdAt'>;
type ReadHead = SignedHead & { version: number; digest: string };

const newMac = (key: PlanKey): Hmac => crypto().createHmac('sha256', key.secret);

function headText(version: number, head: SignedHead): string {
  return `${version}\n${head.resource}\n${JSON.stringify(head.scope)}\n${JSON.stringify(head.source)}\n${JSON.stringify(head.createdAt)}\n`;
}

/** A row's line as the digest covers it. */
const signed = (mac: Hmac, line: string): void => void mac.update(`${line}\n`);

/** Version 2: the rows (fed as they pass), then a NUL (no row's JSON holds one) and the head. */
function closeMac(mac: Hmac, head: SignedHead): Buffer {
  return mac.update('\0').update(headText(PLAN_VERSION, head)).digest();
}

/** Version 1: the head, then the rows. */
function versionOneMac(key: PlanKey, head: SignedHead): Hmac {
  return newMac(key).update(headText(1, head));
}

const CHUNK_CHARS = 64 * 1024;

/**
 * The plan file's text in pieces, its rows read once (a spooled plan from its spool): the head,
 * the rows as they are signed, then the totals and the digest.
 */
export async function* planFileChunks(plan: AnyPlan, key: PlanKey): AsyncGenerator<string> {
  const writer = new PlanWriter(plan, key);
  let chunk = writer.opening();
  for await (const row of rowsOf(plan)) {
    chunk += writer.row(row);
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk + writer.closing();
}

/** The plan file of a plan held in memory, as one text (planFileChunks' bytes). */
export function serializePlan(plan: Plan, key: PlanKey): string {
  const writer = new PlanWriter(plan, key);
  let text = writer.opening();
  for (const row of plan.rows) text += writer.row(row);
  return text + writer.closing();
}

class PlanWriter {
  private readonly mac: Hmac;
  private any = false;

  constructor(
    private readonly plan: AnyPlan,
    private readonly key: PlanKey,
  ) {
    this.mac = newMac(key);
  }

  opening(): string {
    const { resource, createdAt, source, scope } = this.plan;
    return `${JSON.stringify({ version: PLAN_VERSION, resource, createdAt, source, scope }).slice(0, -1)},\n"rows":[\n`;
  }

  row(row: PlanRow): string {
    const line = JSON.stringify(row);
    signed(this.mac, line);
    const text = `${this.any ? ',\n' : ''}${line}`;
    this.any = true;
    return text;
  }

  closing(): string {
    const digest = `${DIGEST_PREFIX}:${this.key.id}:${closeMac(this.mac, this.plan).toString('hex')}`;
    return `${this.any ? '\n' : ''}],\n"totals":${JSON.stringify(this.plan.totals)},"digest":${JSON.stringify(digest)}}\n`;
  }
}

/** Reads a plan file for `spec` from its text, checking its shape, its digest under `key` and its rows; every problem is reported at once. */
export function parsePlan(text: string, file: string, spec: RowSpec, key: PlanKey): Plan {
  const reader = new PlanReader(file, spec, key);
  const lines: string[] = [];
  reader.push(Buffer.from(text), (line) => lines.push(line));
  const head = reader.end();
  const verifier = new RowVerifier(file, spec, head);
  const oldMac = head.version === 1 ? versionOneMac(key, head) : undefined;
  for (const line of lines) if (oldMac) signed(oldMac, line);
  reader.checkDigest(head, oldMac);
  for (const line of lines) verifier.add(line);
  verifier.finish();
  const rows = lines.map((line) => JSON.parse(line) as PlanRow);
  return { version: PLAN_VERSION, ...signedHead(head), totals: totalsOf(rows), rows };
}

/**
 * Reads a plan file in memory independent of its size: its rows are shape-checked and signed as
 * they are read, and copied into the spool (the run's private directory) as the JSON lines the
 * digest covers; the digest is checked once the last byte is read, then each row of the copy
 * (values, actions) as it is read back. The copy is what the run reads: a plan changed on disk
 * after it was verified is not what runs. Refused before anything is sent, as parsePlan.
 */
export async function readPlanFile(chunks: AsyncIterable<Buffer>, file: string, spec: RowSpec, key: PlanKey, spool: Spool): Promise<SpooledPlan> {
  const reader = new PlanReader(file, spec, key);
  const copy = spool.file('plan');
  for await (const chunk of chunks) reader.push(chunk, (line) => copy.append(line));
  copy.end();
  const head = reader.end();
  // Version 2: refused here, before a row is looked at, when the digest does not match.
  if (head.version !== 1) reader.checkDigest(head);
  const verifier = new RowVerifier(file, spec, head);
  const oldMac = head.version === 1 ? versionOneMac(key, head) : undefined;
  const totals = emptyTotals();
  const parent = parentField(spec);
  const lookupsByParent: number[] = [];
  for await (const line of copy.lines()) {
    if (oldMac) signed(oldMac, line);
    const row = verifier.add(line);
    totals[row.action]++;
    const parentId = parent === undefined ? undefined : row.ids[parent];
    if (parentId !== undefined && looksUp(row)) lookupsByParent[parentId] = (lookupsByParent[parentId] ?? 0) + 1;
  }
  if (oldMac) reader.checkDigest(head, oldMac);
  verifier.finish();
  const rows = async function* (): AsyncGenerator<PlanRow> {
    for await (const line of copy.lines()) yield JSON.parse(line) as PlanRow;
  };
  return { version: PLAN_VERSION, ...signedHead(head), totals, count: copy.count, rows, lookupsByParent };
}

function signedHead(head: ReadHead): SignedHead {
  return { resource: head.resource, scope: head.scope, source: head.source, createdAt: head.createdAt };
}

/** A plan file's text as it arrives: the head's fields kept, each row shape-checked, signed and handed on as its JSON line. */
class PlanReader {
  private readonly parser = new PlanTextParser();
  private readonly fields: Record<string, unknown> = {};
  private readonly shapeIssues: FieldIssue[] = [];
  /** The rows as they pass, for a plan of version 2 (whose rows come first in its digest, whatever the order of its keys). */
  private readonly mac: Hmac;
  private index = 0;
  private broken: string | undefined;

  constructor(
    private readonly file: string,
    private readonly spec: RowSpec,
    private readonly key: PlanKey,
  ) {
    this.mac = newMac(key);
  }

  push(bytes: Buffer, row: (line: string) => void): void {
    if (this.broken !== undefined) return;
    let pieces: PlanPiece[];
    try {
      pieces = this.parser.push(bytes);
    } catch (error) {
      this.broken = error instanceof Error ? error.message : String(error);
      return;
    }
    for (const piece of pieces) {
      if (piece.kind === 'field') {
        this.fields[piece.key] = piece.value;
        continue;
      }
      const problem = checkRowShape(piece.value, this.spec);
      if (problem) {
        this.shapeIssues.push({ field: `${this.file} rows[${this.index}]`, message: problem });
      } else {
        const line = JSON.stringify(piece.value);
        signed(this.mac, line);
        row(line);
      }
      this.index++;
    }
  }

  /** The head, once every byte is read: refused as parsePlan refuses it. */
  end(): ReadHead {
    const { file } = this;
    const broken = this.broken ?? (this.parser.finished() ? undefined : 'the file ends inside it (truncated?)');
    if (broken !== undefined) throw planError(file, [{ field: file, message: `is not a plan file: not JSON (${broken})` }]);
    const value = this.fields;
    if (!this.parser.sawRows || this.parser.notObject) {
      throw planError(file, [{ field: file, message: 'is not a plan file: expected an object with "rows"' }]);
    }
    if (!READABLE_VERSIONS.includes(value.version as number)) {
      throw planError(file, [{ field: file, message: `has plan version ${JSON.stringify(value.version)}; this rentals reads versions ${READABLE_VERSIONS.join(' and ')}` }]);
    }
    if (value.resource !== this.spec.def.name) {
      throw planError(file, [{ field: file, message: `is a plan for ${String(value.resource)}, not for ${this.spec.def.plural}` }]);
    }
    if (this.shapeIssues.length > 0) throw planError(file, this.shapeIssues);
    checkDigestForm(value.digest, this.spec, file);
    return {
      version: value.version as number,
      resource: this.spec.def.name,
      scope: isIds(value.scope) ? value.scope : {},
      source: typeof value.source === 'string' ? value.source : '',
      createdAt: typeof value.createdAt === 'string' ? value.createdAt : '',
      digest: value.digest as string,
    };
  }

  /** The digest against the rows read (version 2), or against `oldMac` fed the head and the rows (version 1). */
  checkDigest(head: ReadHead, oldMac?: Hmac): void {
    const [, keyId, given] = head.digest.split(':');
    if (keyId !== this.key.id) {
      throw new UsageError(
        `${this.file}: the plan was signed with another plan key (${keyId}; yours is ${this.key.id}): it was made by another user or on another machine, so it cannot be checked here; nothing was sent: ${againHint(this.spec, this.file)}`,
      );
    }
    const expected = oldMac ? oldMac.digest() : closeMac(this.mac, head);
    const mac = Buffer.from(given!, 'hex');
    if (mac.length !== expected.length || !crypto().timingSafeEqual(mac, expected)) {
      throw new UsageError(`${this.file}: the plan was changed after it was made (its digest does not match its rows); nothing was sent: ${againHint(this.spec, this.file)}`);
    }
  }
}

/** The rows' values and actions, row by row: what a plan would send, checked before any of it is. */
class RowVerifier {
  private readonly values: RowValueChecker;
  private readonly valueIssues: FieldIssue[] = [];
  private readonly actionIssues: FieldIssue[] = [];
  private readonly undo: boolean;
  private index = 0;
  /** Problems beyond the first ISSUES_KEPT, counted: a plan of a million bad rows is not a million messages held. */
  private more = 0;

  constructor(
    private readonly file: string,
    spec: RowSpec,
    private readonly head: SignedHead,
  ) {
    this.values = new RowValueChecker(spec, file);
    this.undo = head.source.startsWith(UNDO_SOURCE_PREFIX);
  }

  /** One row's JSON line, parsed. */
  add(line: string): PlanRow {
    const row = JSON.parse(line) as PlanRow;
    const values: FieldIssue[] = [];
    const actions: FieldIssue[] = [];
    this.values.check(row, this.index, values);
    actionIssues(row, this.index, this.head, this.undo, this.file, actions);
    this.keep(this.valueIssues, values);
    this.keep(this.actionIssues, actions);
    this.index++;
    return row;
  }

  finish(): void {
    const invalid = [...this.valueIssues, ...this.actionIssues];
    if (invalid.length === 0) return;
    const error = planError(this.file, invalid);
    if (this.more > 0) error.message += `\n  … and ${this.more} more`;
    throw error;
  }

  private keep(into: FieldIssue[], found: readonly FieldIssue[]): void {
    for (const issue of found) {
      if (this.valueIssues.length + this.actionIssues.length < ISSUES_KEPT) into.push(issue);
      else this.more++;
    }
  }
}

function againHint(spec: RowSpec, file: string): string {
  return `make the plan again here (${(spec.def.bulk?.planCommands ?? ['import']).map((name) => `rentals ${spec.def.command} ${name} … --plan ${file}`).join(', or ')})`;
}

function checkDigestForm(digest: unknown, spec: RowSpec, file: string): void {
  if (typeof digest !== 'string') throw new UsageError(`${file}: the plan has no digest, so it cannot be checked; nothing was sent: ${againHint(spec, file)}`);
  const [prefix, keyId, mac] = digest.split(':');
  if (prefix !== DIGEST_PREFIX || keyId === undefined || mac === undefined) {
    throw new UsageError(`${file}: the plan's digest is not one this rentals signs (${DIGEST_PREFIX}); nothing was sent: ${againHint(spec, file)}`);
  }
}

/**
 * Each row's action and target must follow from the row itself, whatever the digest says: an
 * update changes what "old" holds into what "new" holds on a record with an id; a create names
 * no id and had nothing before; an unchanged row changes nothing; a delete has an id, an "old"
 * and no "new", and only an undo makes one. Every id of the scope is the row's own.
 */
function actionIssues(row: PlanRow, index: number, head: SignedHead, undo: boolean, file: string, issues: FieldIssue[]): void {
  const where = `${file} rows[${index}] (${rowName(row)})`;
  const problem = actionProblem(row, undo);
  if (problem) issues.push({ field: where, message: problem });
  for (const [name, id] of Object.entries(head.scope)) {
    if (row.ids[name] !== undefined && row.ids[name] !== id) issues.push({ field: `${where} ${name}`, message: `is ${row.ids[name]}, outside the plan's scope (${name} ${id})` });
  }
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
      return undefined; // invalid, refused, unread, stale: never sent
  }
}

/**
 * The values a plan would send, under the same rules as an input file's (a plan may come from an
 * older rentals, or from a program): fields the rows may set, valid values, one row per record.
 */
export function checkRowValues(rows: readonly PlanRow[], spec: RowSpec, file: string): FieldIssue[] {
  const checker = new RowValueChecker(spec, file);
  const issues: FieldIssue[] = [];
  rows.forEach((row, index) => checker.check(row, index, issues));
  return issues;
}

/** checkRowValues row by row: what is held is the first row of each record (by id in an array), not the rows. */
class RowValueChecker {
  private readonly settable: Set<string>;
  private readonly firstById: number[] = [];
  private readonly firstByKey = new Map<string, number>();

  constructor(
    private readonly spec: RowSpec,
    private readonly file: string,
  ) {
    this.settable = new Set(bodyFields(spec));
  }

  check(row: PlanRow, index: number, issues: FieldIssue[]): void {
    const { spec } = this;
    const where = `${this.file} rows[${index}] (${rowName(row)})`;
    if (NOT_SENT.has(row.action)) return;
    for (const [name, value] of Object.entries(row.new ?? {})) {
      if (!this.settable.has(name)) {
        issues.push({ field: `${where} ${name}`, message: `is not a field ${spec.def.plural} can set` });
        continue;
      }
      const parsed = readCell(field(spec, name), value);
      if (!parsed) issues.push({ field: `${where} ${name}`, message: 'must have a value', value });
      else if (!parsed.ok) issues.push({ field: `${where} ${name}`, message: parsed.rule, value });
    }
    const id = row.ids.id;
    const byId = id !== undefined && Number.isSafeInteger(id) && id >= 0 && id < 2 ** 31;
    // A create names no id: its record is the one its key fields (ids, or values such as an item's name) give.
    const key = byId ? undefined : id !== undefined ? `#${id}` : `+${JSON.stringify(row.ids)}${JSON.stringify(spec.key.map((name) => row.ids[name] ?? row.new?.[name] ?? null))}`;
    const first = byId ? this.firstById[id] : this.firstByKey.get(key!);
    if (first !== undefined) issues.push({ field: where, message: `changes the same ${spec.def.singular} as rows[${first}]` });
    else if (byId) this.firstById[id] = index;
    else this.firstByKey.set(key!, index);
  }
}

function planError(file: string, issues: FieldIssue[]): ValidationError {
  return new ValidationError(issues, `plan ${file}`);
}

/** What plan rows and report lines share: line, action, ids of this resource, old and new values. */
export function checkRowShape(value: unknown, spec: RowSpec): string | undefined {
  if (!isObject(value)) return 'must be an object';
  if (!Number.isInteger(value.line) || (value.line as number) < 1) return '"line" must be a positive integer';
  if (value.index !== undefined && (!Number.isInteger(value.index) || (value.index as number) < 0)) return '"index" must be a non-negative integer';
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

