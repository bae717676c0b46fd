// A row spec says how bulk rows of one resource name their record and what they set. The one
// engine (parser, planner, runner, report) is parameterised by it; prices, inventory and bookings
// differ only in these few lines of data.

import {
  type FieldDef,
  type ResourceDef,
  type ResourceName,
  fieldByName,
  resources,
  writableFields,
} from '../resources/definitions.js';

export interface NameColumn {
  /** The column that names a record for people: `inventoryName`. */
  column: string;
  /** The key field it stands for: `inventoryId`. */
  field: string;
  /** The resource named, matched on its labelField: `inventory` (name), `rentalBlocks` (pricingType). */
  resource: ResourceName;
}

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

export const priceRows: RowSpec = {
  def: resources.prices,
  values: ['price'],
  key: ['inventoryId', 'rentalBlockId'],
  names: [
    { column: 'inventoryName', field: 'inventoryId', resource: 'inventory' },
    { column: 'pricingType', field: 'rentalBlockId', resource: 'rentalBlocks' },
  ],
  exportColumns: ['inventoryId', 'inventoryName', 'rentalBlockId', 'pricingType', 'price', 'id'],
};

/** Upsert by id, or by name: without an id, `name` is what finds the item. */
export const inventoryRows: RowSpec = {
  def: resources.inventory,
  values: ['name', 'quantityAvailable', 'active'],
  key: ['name'],
  names: [],
  exportColumns: ['id', 'name', 'quantityAvailable', 'active'],
};

/** The inventory booked for one event (the event's id is the run's scope, `--event-id`). */
export const bookingRows: RowSpec = {
  def: resources.bookings,
  values: ['quantity', 'price'],
  key: ['inventoryId'],
  names: [{ column: 'inventoryName', field: 'inventoryId', resource: 'inventory' }],
  exportColumns: ['inventoryId', 'inventoryName', 'quantity', 'price', 'id'],
};

export const rowSpecs = { prices: priceRows, inventory: inventoryRows, bookings: bookingRows } as const;
export type BulkResource = keyof typeof rowSpecs;

export function rowSpecFor(resource: string): RowSpec | undefined {
  return (rowSpecs as Record<string, RowSpec>)[resource];
}

export function field(spec: RowSpec, name: string): FieldDef {
  const found = fieldByName(spec.def, name);
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
