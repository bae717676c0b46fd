// A row spec says how bulk rows of one resource name their record and what they set. The one
// engine (parser, planner, runner, report) is parameterised by it; it is read from the resource's
// description (its natural key and its `bulk` part), so resources differ only in data.

import {
  type FieldDef,
  type NameColumn,
  type ResourceDef,
  resourceList,
  resources,
  writableFields,
} from '../resources/definitions.js';

export interface RowSpec {
  def: ResourceDef;
  /** Fields a row may set. */
  values: readonly string[];
  /** Besides `id`, the fields that together identify one record. */
  key: readonly string[];
  /** Columns that give a key field by name, resolved to its id. */
  names: readonly NameColumn[];
  /** Columns of `export`, in order; `import` reads them back and ignores any others. */
  exportColumns: readonly string[];
}

function rowSpec(def: ResourceDef): RowSpec {
  if (!def.bulk || !def.naturalKey) throw new Error(`${def.plural} have no bulk commands`);
  return { def, values: def.bulk.values, key: def.naturalKey, names: def.bulk.names, exportColumns: def.bulk.exportColumns };
}

const specs = new Map(resourceList.filter((def) => def.bulk).map((def) => [def.name as string, rowSpec(def)]));

/**
 * The row spec of a resource with bulk commands (prices, inventory, bookings), else undefined.
 */
export function rowSpecFor(resource: string): RowSpec | undefined {
  return specs.get(resource);
}

export const priceRows = specs.get(resources.prices.name)!;
export const inventoryRows = specs.get(resources.inventory.name)!;
export const bookingRows = specs.get(resources.bookings.name)!;

const fieldMaps = new WeakMap<RowSpec, Map<string, FieldDef>>();

export function field(spec: RowSpec, name: string): FieldDef {
  let fields = fieldMaps.get(spec);
  if (!fields) fieldMaps.set(spec, (fields = new Map(spec.def.fields.map((f) => [f.name, f]))));
  const found = fields.get(name);
  if (!found) throw new Error(`${spec.def.name} has no field ${name}`);
  return found;
}

/** The field that addresses the collection (prices: inventoryId; bookings: eventId). */
export function parentField(spec: RowSpec): string | undefined {
  return spec.def.parent?.field;
}

/** A parent that rows do not give: fixed for the whole run (bookings' eventId). */
export function scopeField(spec: RowSpec): string | undefined {
  const parent = parentField(spec);
  return parent !== undefined && !spec.key.includes(parent) ? parent : undefined;
}

/** The fields that go into a row's `ids`: id, the numeric key fields and the scope. */
export function idFields(spec: RowSpec): string[] {
  const numericKey = spec.key.filter((f) => field(spec, f).kind === 'id');
  const scope = scopeField(spec);
  return ['id', ...numericKey, ...(scope ? [scope] : [])];
}

/** The fields a create or update body carries. */
export function bodyFields(spec: RowSpec): string[] {
  return writableFields(spec.def).map((f) => f.name);
}

/** The decimal field `adjust` changes and `--max-change` guards (price). */
export function moneyFields(spec: RowSpec): string[] {
  return spec.values.filter((f) => field(spec, f).kind === 'decimal');
}

/** `id, or inventoryId and rentalBlockId (or inventoryName and pricingType)`. */
export function describeIdentity(spec: RowSpec): string {
  const byName = spec.key.map((f) => spec.names.find((n) => n.field === f)?.column ?? f);
  const alternative = byName.join(' and ') !== spec.key.join(' and ') ? ` (or ${byName.join(' and ')})` : '';
  return `id, or ${spec.key.join(' and ')}${alternative}`;
}
