// Id fields that reference a resource with a human label also accept that label:
// `--event-status-id Confirmed`, `--rental-block-id Weekend`, `--inventory-id "Tent 20x20"`.
// Resolved through the run's data catalog (each referenced list read once per run), with the
// NameIndex wording the bulk engine's name columns use too.

import { type FieldIssue, UnknownNameError, ValidationError } from '../errors.js';
import { type FieldDef, type ResourceDef, type ResourceName, resources } from '../resources/definitions.js';
import type { Catalog } from './catalog.js';

/** Number-like values (`7`, `-1`, `1.5`) are ids to validate, never names to look up. */
const NUMERIC = /^\s*[-+]?\d*\.?\d+\s*$/;

/**
 * References whose ids are checked against the service's list before sending, as their names are:
 * an event status (a short list, which a server may not check itself).
 */
const CHECKED_IDS: ReadonlySet<ResourceName> = new Set(['statuses']);

/** A value that names a record of `target` (one with labels) rather than giving its id. */
export function isNameRef(target: ResourceDef, value: unknown): value is string {
  return typeof value === 'string' && target.labelField !== undefined && value.trim() !== '' && !NUMERIC.test(value);
}

export function needsResolution(field: FieldDef, value: unknown): boolean {
  return field.kind === 'id' && field.references !== undefined && isNameRef(resources[field.references], value);
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
    const out = { ...body };
    for (const field of def.fields) {
      const value = body[field.name];
      const unknown = field.name in given ? await this.unknownId(field, value) : undefined;
      if (unknown !== undefined) issues.push({ field: field.name, message: unknown, value });
      if (!needsResolution(field, value)) continue;
      const result = (await this.catalog.names(field.references!)).resolve(String(value));
      if (result.ok) out[field.name] = result.id;
      else {
        issues.push({ field: field.name, message: result.rule, value });
        allMissing &&= result.reason === 'missing';
      }
    }
    // Names that match nothing are not found (exit 4); an ambiguous one is a usage error (exit 2).
    if (issues.length > 0) throw allMissing ? new UnknownNameError(issues, def.singular) : new ValidationError(issues, def.singular);
    return out;
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

  /** The id whose label is `label` (exact, else regardless of case), or a message saying why there is none. */
  lookup(target: ResourceName, label: string): Promise<number | string> {
    return this.catalog.lookup(target, label);
  }
}
