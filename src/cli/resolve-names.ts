// Id fields that reference a resource with a human label also accept that label:
// `--event-status-id Confirmed`, `--rental-block-id Weekend`, `--inventory-id "Tent 20x20"`.
// Resolved through the referenced resource's list endpoint, once per resource per run, by the
// NameIndex the bulk engine's name columns use too.

import type { ResourceApi } from '../api/resource-api.js';
import { ValidationError, type FieldIssue } from '../errors.js';
import { type FieldDef, type ResourceDef, type ResourceName, defaultVersion, resources } from '../resources/definitions.js';
import { NameIndex } from '../resources/names.js';

/** Number-like values (`7`, `-1`, `1.5`) are ids to validate, never names to look up. */
const NUMERIC = /^\s*[-+]?\d*\.?\d+\s*$/;

export function needsResolution(field: FieldDef, value: unknown): boolean {
  if (field.kind !== 'id' || !field.references || typeof value !== 'string' || NUMERIC.test(value)) return false;
  return resources[field.references].labelField !== undefined && value.trim() !== '';
}

export class NameResolver {
  private readonly cache = new Map<ResourceName, Promise<NameIndex>>();

  constructor(private readonly api: () => ResourceApi) {}

  /** Replaces labels by ids in `body`; collects every unresolvable one into a ValidationError. */
  async resolve(def: ResourceDef, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const issues: FieldIssue[] = [];
    const out = { ...body };
    for (const field of def.fields) {
      const value = body[field.name];
      if (!needsResolution(field, value)) continue;
      const result = await this.lookup(field.references!, String(value));
      if (typeof result === 'number') out[field.name] = result;
      else issues.push({ field: field.name, message: result, value });
    }
    if (issues.length > 0) throw new ValidationError(issues, def.singular);
    return out;
  }

  /** The id whose label is `label` (exact, else regardless of case), or a message saying why there is none. */
  async lookup(target: ResourceName, label: string): Promise<number | string> {
    const found = (await this.index(target)).resolve(label);
    return found.ok ? found.id : found.rule;
  }

  private index(target: ResourceName): Promise<NameIndex> {
    let pending = this.cache.get(target);
    if (!pending) {
      const def = resources[target];
      pending = this.api()
        .list({ def, version: defaultVersion(def) })
        .then((r) => new NameIndex(def, r.records));
      this.cache.set(target, pending);
    }
    return pending;
  }
}
