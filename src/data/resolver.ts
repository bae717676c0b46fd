// Id fields that reference a resource with a human label also accept that label:
// `--event-status-id Confirmed`, `--rental-block-id Weekend`, `--inventory-id "Tent 20x20"`.
// Resolved through the run's data catalog (each referenced list read once per run), with the
// NameIndex wording the bulk engine's name columns use too. A number given as text is an id
// unless the run knows some record is named so (Catalog.reference: then `id:7` or `name:7` says
// which); a JSON number is an id.

import { AmbiguousNameError, type FieldIssue, UnknownNameError, ValidationError } from '../errors.js';
import { type FieldDef, type ResourceDef, type ResourceName, resources } from '../resources/definitions.js';
import type { Catalog } from './catalog.js';
import type { LookupResult } from './names.js';

/**
 * References whose ids are checked against the service's list before sending, as their names are:
 * an event status (a short list, which a server may not check itself).
 */
const CHECKED_IDS: ReadonlySet<ResourceName> = new Set(['statuses']);

/**
 * A reference to a record of `target` (one with labels) given as text: a name, `name:…`, `id:…`,
 * or a number that may be either (only the record's list tells). A JSON number is an id.
 */
export function isReference(target: ResourceDef, value: unknown): value is string {
  return typeof value === 'string' && target.labelField !== undefined && value.trim() !== '';
}

export function needsResolution(field: FieldDef, value: unknown): boolean {
  return field.kind === 'id' && field.references !== undefined && isReference(resources[field.references], value);
}

export class NameResolver {
  constructor(private readonly catalog: Catalog) {}

  /**
   * Replaces labels by ids in `body`; collects every unresolvable one into a ValidationError. The
   * ids of a checked reference are checked too, among `given` (what the user gave; default: `body`).
   */
  async resolve(def: ResourceDef, body: Record<string, unknown>, given: Record<string, unknown> = body): Promise<Record<string, unknown>> {
    const issues: FieldIssue[] = [];
    let allMissing = true;
    let allAmbiguous = true;
    const out = { ...body };
    for (const field of def.fields) {
      const value = body[field.name];
      let id = value;
      if (needsResolution(field, value)) {
        const result = await this.reference(field.references!, value as string);
        if (!result.ok) {
          issues.push({ field: field.name, message: result.rule, value });
          allMissing &&= result.reason === 'missing';
          allAmbiguous &&= result.reason === 'ambiguous';
          continue;
        }
        id = out[field.name] = result.id;
      }
      const unknown = field.name in given ? await this.unknownId(field, id) : undefined;
      if (unknown !== undefined) {
        issues.push({ field: field.name, message: unknown, value });
        allAmbiguous = false;
      }
    }
    // Names that match nothing are not found (exit 4); an ambiguous one is a usage error (exit 2), said as such (a read is not invalid).
    if (issues.length === 0) return out;
    if (allMissing) throw new UnknownNameError(issues, def.singular);
    throw allAmbiguous ? new AmbiguousNameError(issues, def.singular) : new ValidationError(issues, def.singular);
  }

  /**
   * Why `value`, an id of a checked reference, names no record (undefined when it does, or when
   * the service does not list that resource: a 404 or 403 there does not block the write).
   */
  private async unknownId(field: FieldDef, value: unknown): Promise<string | undefined> {
    if (field.kind !== 'id' || field.references === undefined || !CHECKED_IDS.has(field.references)) return undefined;
    const id = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : undefined;
    if (id === undefined) return undefined;
    // A 404 or 403 on the list gives the catalog's documented stand-in, which names the ids it
    // knows of, not every id the service may have: no id is refused by it.
    const names = await this.catalog.names(field.references);
    if (this.catalog.isDocumentedStandIn(field.references)) return undefined;
    return names.unknownId(id);
  }

  /** The id a reference names (`id:7` without reading the list), or a message saying why there is none. */
  async lookup(target: ResourceName, ref: string): Promise<number | string> {
    const found = await this.reference(target, ref);
    return found.ok ? found.id : found.rule;
  }

  /** `id:7` is read as it is, a bare number the id unless the run knows it may be a name (Catalog.reference), anything else through the list's names. */
  private async reference(target: ResourceName, ref: string): Promise<LookupResult> {
    return (await this.catalog.reference(target, ref)).found;
  }
}
