// One declarative description of each resource of the API. It drives the CLI's commands and
// flags, the zod schemas (src/schemas), the output columns and the sandbox's routes.
// Plain data on purpose: importing it costs nothing at startup (no zod here).

export type ApiVersion = 'v1' | 'v2';
type FieldKind = 'id' | 'int' | 'decimal' | 'bool' | 'string' | 'datetime';
export type LinkRel = 'self' | 'edit' | 'delete' | 'add' | 'web';
export type Verb = 'list' | 'get' | 'add' | 'update' | 'delete';
export type ResourceName =
  | 'rentalBlocks'
  | 'inventory'
  | 'categories'
  | 'prices'
  | 'events'
  | 'bookings'
  | 'statuses';

export const MAX_ID = 2147483647;
export const MAX_INT = 2147483647;

export interface FieldDef {
  /** The API's field name, e.g. `quantityAvailable`. The CLI flag is its kebab-case. */
  name: string;
  kind: FieldKind;
  /** Required in create and update bodies. */
  required?: boolean;
  /** Maximum string length (kind `string`). */
  max?: number;
  /** Only in responses (`id` on create); never taken from flags. */
  responseOnly?: boolean;
  /** The resource whose id this field holds (referential integrity; name resolution). */
  references?: ResourceName;
  /** The column's title at a terminal, when the name in words would not do (`eventStatusId` → `Status`). */
  title?: string;
  /** One-line help for the flag. */
  description: string;
  /** Short flag aliases, without dashes (`item` for `--item`). */
  aliases?: string[];
  /** For a bool field: a flag that sets the opposite value (`inactive` for `active`). */
  inverseFlag?: string;
}

interface ParentDef {
  /** Path parameter and body field, e.g. `inventoryId`. */
  field: string;
  resource: ResourceName;
}

/** A column of bulk rows that gives a key field by name (resolved to its id). */
export interface NameColumn {
  /** The column that names a record for people: `inventoryName`. */
  column: string;
  /** The key field it stands for: `inventoryId`. */
  field: string;
  /** The resource named, matched on its labelField: `inventory` (name), `rentalBlocks` (pricingType). */
  resource: ResourceName;
}

/** What the bulk commands (export, import, apply) need to know of a resource. */
interface BulkDef {
  /** Fields a row may set. */
  values: readonly string[];
  /** Columns that give a key field by name, resolved to its id. */
  names: readonly NameColumn[];
  /** Columns of `export`, in order; `import` reads them back and ignores any others. */
  exportColumns: readonly string[];
  /** Id fields that filter `export` (repeatable flags): prices by item and by rental block. */
  exportFilters?: readonly string[];
  /** How rows name and change records (import --help). */
  rowsHelp: string;
  /** The commands of the group whose --plan `apply` runs (default: import). */
  planCommands?: readonly string[];
}

export interface ResourceDef {
  name: ResourceName;
  /** CLI group name, e.g. `rental-blocks`. */
  command: string;
  /** Extra group names (`blocks`). */
  commandAliases?: string[];
  /** Human names. */
  singular: string;
  plural: string;
  summary: string;
  versions: ApiVersion[];
  /** Path of the collection under the version prefix; `{field}` is the parent's id. */
  collectionPath: string;
  parent?: ParentDef;
  verbs: Verb[];
  /** Link relations each record carries (reference, "Response conventions"). */
  links: LinkRel[];
  fields: FieldDef[];
  /** Default table columns. */
  columns: string[];
  /** The columns from the most to the least important: what a narrow terminal keeps (the rest from the right go first). */
  rank?: readonly string[];
  /** Values a new record gets when neither a flag nor the file gives them. */
  createDefaults?: Record<string, unknown>;
  /** Fields a new record may leave out because its writer fills them: a booking's price, from the event's rental block. */
  writerFills?: readonly string[];
  /** Values copied from another field when a new record gives none: events' dropoffDate from startDate. */
  createDefaultsFrom?: Record<string, string>;
  /**
   * Writes go through this resource's own rules: bookings, the booking planner (availability,
   * prices, inactive items); events, the event writer (a status, window or cancel change judged
   * like a booking); inventory, the stock writer (units owned never below what events hold).
   */
  writeRules?: 'bookings' | 'events' | 'inventory';
  /** Date fields in the order their values follow (events: dropoff ≤ start ≤ end ≤ teardown ≤ pickup). */
  dateOrder?: readonly string[];
  /** Date fields that end something: a day given for one on the command line (2026-06-12, sun, +3d) is the whole day, up to 24:00, as `--to` is. */
  dayEnds?: readonly string[];
  /** A field that names a record for people (used by name resolution, confirmations). */
  labelField?: string;
  /**
   * A date said beside each id when several records share a label, so that the right one can be
   * picked: events' start (their names repeat across years).
   */
  labelHint?: { field: string; word: string };
  /**
   * The label names one record (a catalog entry the tool takes by name): a create or a rename to a
   * label another record has, as a lookup matches it, is refused by the writer (data/unique-names.ts).
   */
  uniqueLabel?: true;
  /** Besides `id`, the fields that together identify one record (within the parent, if any). */
  naturalKey?: readonly string[];
  /** The rule a new record must keep beyond its values' (said in the help of `add`). */
  addRule?: string;
  /** Replaces the generic aliases of a verb (events: `get` is not `show`, which is a verb of its own). */
  verbAliases?: Partial<Record<Verb, readonly string[]>>;
  /** Examples of the commands that need real values (add, update, export, import), by command name. */
  examples?: Partial<Record<string, readonly string[]>>;
  /** Present when the bulk commands (export, import, apply) serve this resource. */
  bulk?: BulkDef;
}

/** A field with its literal types kept (its name, kind, aliases): what the typed field flags read. */
const field = <const F extends FieldDef>(def: F): F => def;

const id = field({ name: 'id', kind: 'id', responseOnly: true, description: 'record id' });
const readWrite: Verb[] = ['list', 'get', 'add', 'update', 'delete'];
const readOnly: Verb[] = ['list', 'get'];

const eventString = <const N extends string>(name: N, max: number, description: string) => field({ name, kind: 'string', max, description });
const amount = <const N extends string>(name: N, title: string, description: string) => field({ name, title, kind: 'decimal', description });
const titled = <const N extends string>(name: N, title: string, max: number, description: string) => field({ name, title, kind: 'string', max, description });
const inventoryRef = field({
  name: 'inventoryId',
  title: 'Item',
  kind: 'id',
  required: true,
  references: 'inventory',
  description: 'the inventory item (id or name)',
  aliases: ['item'],
});
const rentalBlockRef = field({
  name: 'rentalBlockId',
  title: 'Block',
  kind: 'id',
  required: true,
  references: 'rentalBlocks',
  description: 'the rental block (id or name, e.g. Weekend)',
  aliases: ['block'],
});

/** An event's dates in the order they follow: the one statement of it (event model, date-order rule, check). */
export const EVENT_DATE_ORDER = ['dropoffDate', 'startDate', 'endDate', 'teardownDate', 'pickupDate'] as const satisfies readonly string[];

/** The table as written, every field's name, kind, aliases and inverse flag a literal type (the `const` inference of `table`). */
const table = <const T extends Record<ResourceName, ResourceDef>>(defs: T): T => defs;

const TABLE = table({
  rentalBlocks: {
    name: 'rentalBlocks',
    command: 'rental-blocks',
    commandAliases: ['blocks'],
    singular: 'rental block',
    plural: 'rental blocks',
    summary: 'Rental blocks: the standard pricing windows (read-only)',
    versions: ['v1', 'v2'],
    collectionPath: 'rentalblocks',
    verbs: readOnly,
    links: ['self'],
    fields: [
      id,
      { name: 'pricingType', title: 'Block', kind: 'string', description: 'label of the pricing window' },
      { name: 'active', kind: 'bool', description: 'whether the block is in use' },
    ],
    columns: ['id', 'pricingType', 'active'],
    labelField: 'pricingType',
  },
  inventory: {
    name: 'inventory',
    command: 'inventory',
    writeRules: 'inventory',
    commandAliases: ['items'],
    singular: 'inventory item',
    plural: 'inventory items',
    summary: 'Inventory items: the assets the company rents out',
    versions: ['v1', 'v2'],
    collectionPath: 'inventory',
    verbs: readWrite,
    links: ['self', 'edit', 'delete', 'add'],
    fields: [
      id,
      { name: 'name', title: 'Item', kind: 'string', required: true, description: 'name or description of the item' },
      {
        name: 'quantityAvailable',
        title: 'Owned',
        kind: 'int',
        required: true,
        description: 'units owned (integer ≥ 0)',
        aliases: ['qty'],
      },
      {
        name: 'active',
        kind: 'bool',
        required: true,
        description: 'available for new events (default on add: true)',
        inverseFlag: 'inactive',
      },
    ],
    columns: ['id', 'name', 'quantityAvailable', 'active'],
    createDefaults: { active: 1 },
    labelField: 'name',
    uniqueLabel: true,
    naturalKey: ['name'],
    addRule: 'A name another item has (in any case or spacing) is refused (exit 1).',
    examples: {
      add: ['rentals inventory add --name "Tent 20x20" --quantity-available 4', 'rentals inventory add --file item.json --dry-run'],
      update: ['rentals inventory update 7 --quantity-available 6', 'rentals inventory update 7 --inactive'],
      export: ['rentals inventory export -o csv > items.csv'],
      import: ['rentals inventory import items.csv --dry-run', 'rentals inventory export -o csv > items.csv && rentals inventory import items.csv --report run.ndjson'],
    },
    // Upsert by id, or by name: without an id, `name` is what finds the item.
    bulk: {
      values: ['name', 'quantityAvailable', 'active'],
      names: [],
      exportColumns: ['id', 'name', 'quantityAvailable', 'active'],
      rowsHelp: `
Rows name an item by id or by name, and set quantityAvailable and active.`,
    },
  },
  categories: {
    name: 'categories',
    command: 'categories',
    commandAliases: ['category'],
    singular: 'inventory category',
    plural: 'inventory categories',
    summary: 'Inventory categories',
    versions: ['v2'],
    collectionPath: 'inventorycategory',
    verbs: readWrite,
    links: ['self', 'edit', 'delete', 'add'],
    fields: [
      id,
      { name: 'name', title: 'Category', kind: 'string', required: true, description: 'name of the category' },
      {
        name: 'inactive',
        kind: 'bool',
        required: true,
        description: 'category is inactive (default on add: false)',
        inverseFlag: 'active',
      },
    ],
    columns: ['id', 'name', 'inactive'],
    createDefaults: { inactive: 0 },
    labelField: 'name',
    uniqueLabel: true,
    addRule: 'A name another category has (in any case or spacing) is refused (exit 1).',
    examples: {
      add: ['rentals categories add --name Linens'],
      update: ['rentals categories update 3 --name "Party tents"'],
    },
  },
  prices: {
    name: 'prices',
    command: 'prices',
    commandAliases: ['pricing'],
    singular: 'inventory price',
    plural: 'inventory prices',
    summary: 'Inventory prices: the unit price of an item for a rental block',
    versions: ['v1'],
    collectionPath: 'inventory/{inventoryId}/pricing',
    parent: { field: 'inventoryId', resource: 'inventory' },
    verbs: readWrite,
    links: ['self', 'edit', 'delete', 'add'],
    fields: [
      id,
      inventoryRef,
      rentalBlockRef,
      { name: 'price', kind: 'decimal', required: true, description: 'unit price (decimal ≥ 0)' },
    ],
    columns: ['id', 'inventoryId', 'rentalBlockId', 'price'],
    rank: ['inventoryId', 'rentalBlockId', 'price', 'id'],
    naturalKey: ['inventoryId', 'rentalBlockId'],
    addRule: 'An item has one price per rental block: a second is refused (exit 1, nothing sent); change the price it has with `rentals prices set`.',
    examples: {
      add: ['rentals prices add --inventory-id 7 --rental-block-id 2 --price 149.50', 'rentals prices add --inventory-id "Tent 20x20" --rental-block-id Weekend --price 150'],
      update: ['rentals prices update 31 --inventory-id 7 --price 155'],
      export: [
        'rentals prices export -o csv > prices.csv',
        "rentals prices export -o ndjson | jq -c 'select(.rentalBlockId == 2) | .price *= 1.1' | rentals prices import - --round 0.01",
        'rentals prices export --inventory-id "Tent 20x20" --rental-block-id Weekend',
      ],
      import: [
        'rentals prices import prices.csv --dry-run',
        'rentals prices import --undo run.ndjson',
      ],
    },
    bulk: {
      values: ['price'],
      names: [
        { column: 'inventoryName', field: 'inventoryId', resource: 'inventory' },
        { column: 'pricingType', field: 'rentalBlockId', resource: 'rentalBlocks' },
      ],
      exportColumns: ['inventoryId', 'inventoryName', 'rentalBlockId', 'pricingType', 'price', 'id'],
      exportFilters: ['inventoryId', 'rentalBlockId'],
      planCommands: ['import', 'adjust'],
      rowsHelp: `
Rows name a price by id, or inventoryId and rentalBlockId (or inventoryName and pricingType), and set price.`,
    },
  },
  events: {
    name: 'events',
    writeRules: 'events',
    command: 'events',
    commandAliases: ['event'],
    singular: 'event',
    plural: 'events',
    summary: 'Events: the core record of the calendar',
    versions: ['v1'],
    collectionPath: 'events',
    verbs: readWrite,
    links: ['self', 'edit', 'delete', 'add', 'web'],
    fields: [
      id,
      {
        name: 'eventStatusId',
        title: 'Status',
        kind: 'id',
        required: true,
        references: 'statuses',
        description: 'event status id or name (e.g. Confirmed)',
        aliases: ['status'],
      },
      rentalBlockRef,
      { name: 'startDate', title: 'Start', kind: 'datetime', required: true, description: 'event start', aliases: ['start'] },
      { name: 'endDate', title: 'End', kind: 'datetime', required: true, description: 'event end', aliases: ['end'] },
      {
        name: 'dropoffDate',
        title: 'Dropoff',
        kind: 'datetime',
        required: true,
        description: 'inventory drop off (default on add: the start date)',
      },
      {
        name: 'teardownDate',
        title: 'Teardown',
        kind: 'datetime',
        required: true,
        description: 'tear down (default on add: the end date)',
      },
      {
        name: 'pickupDate',
        title: 'Pickup',
        kind: 'datetime',
        required: true,
        description: 'inventory pickup (default on add: the end date)',
      },
      { name: 'eventName', title: 'Event', kind: 'string', required: true, max: 100, description: 'name of the event', aliases: ['name'] },
      // Titles in the shop's words (resources/shop-words.ts; test/e2e/shop-words.e2e.test.ts keeps them so).
      titled('eventAddress1', 'Venue', 255, "the venue's address, line 1"),
      titled('eventAddress2', 'Venue line 2', 255, "the venue's address, line 2"),
      titled('eventCity', 'Venue city', 255, "the venue's city"),
      titled('eventState', 'Venue state', 50, "the venue's state"),
      titled('eventPostalCode', 'Venue postal code', 50, "the venue's postal code"),
      titled('eventContacts', 'Venue contact', 4000, 'who to reach at the venue'),
      titled('eventSpecialRequirements', 'Special requirements', 4000, 'special requirements'),
      titled('customerName', 'Customer', 255, "the customer's name"),
      titled('customerAddress1', 'Customer address', 255, "the customer's address, line 1"),
      titled('customerAddress2', 'Customer address line 2', 255, "the customer's address, line 2"),
      titled('customerCity', 'Customer city', 255, "the customer's city"),
      titled('customerState', 'Customer state', 50, "the customer's state"),
      titled('customerPostalCode', 'Customer postal code', 50, "the customer's postal code"),
      titled('customerContacts', 'Customer contact', 4000, "the customer's phone or e-mail (printed on quotes)"),
      amount('amountDeposit', 'Deposit', 'deposit amount'),
      amount('amountDelivery', 'Delivery', 'delivery amount'),
      amount('amountLabor', 'Labor', 'labor amount'),
      amount('amountMisc', 'Misc', 'miscellaneous amount'),
      amount('amountDiscount', 'Discount', 'discount amount'),
      amount('amountSalesTax', 'Sales tax', 'sales tax amount'),
      { name: 'cancelDate', title: 'Cancelled', kind: 'datetime', description: 'cancellation date, if cancelled' },
      { ...eventString('cancelReason', 4000, 'internal notes about the cancellation'), aliases: ['reason'] },
      eventString('internalNotes', 4000, 'internal notes for the shop: shown by events show, never on a quote or order confirmation'),
    ],
    columns: ['id', 'eventName', 'eventStatusId', 'startDate', 'endDate', 'customerName', 'eventCity', 'cancelDate'],
    rank: ['id', 'eventName', 'startDate', 'eventStatusId', 'customerName', 'endDate', 'eventCity', 'cancelDate'],
    // Event dates a person rarely sets apart: dropoff = start; teardown and pickup = end.
    createDefaultsFrom: { dropoffDate: 'startDate', teardownDate: 'endDate', pickupDate: 'endDate' },
    dateOrder: EVENT_DATE_ORDER,
    dayEnds: ['endDate', 'teardownDate', 'pickupDate'],
    labelField: 'eventName',
    labelHint: { field: 'startDate', word: 'starts' },
    // `show` is not an alias of `get` here: `events show` is a verb of its own (an event with its bookings).
    verbAliases: { get: ['view'] },
    examples: {
      add: [
        'rentals events add --event-name "Smith wedding" --event-status-id Confirmed --rental-block-id 2 --start-date "2026-06-12 14:00" --end-date "2026-06-13 01:00"',
        'rentals events add --file event.json --customer-name "Ann Smith"',
      ],
      update: ['rentals events update 12 --cancel-date 2026-05-01 --cancel-reason "Customer postponed"', 'rentals events get 12 --json | jq \'.data[0].eventName = "New name"\' | rentals events update 12 --file -'],
    },
  },
  bookings: {
    name: 'bookings',
    command: 'bookings',
    commandAliases: ['booking'],
    singular: 'booking',
    plural: 'bookings',
    summary: 'Bookings: the inventory booked for an event (event inventory)',
    versions: ['v1', 'v2'],
    collectionPath: 'events/{eventId}/inventory',
    parent: { field: 'eventId', resource: 'events' },
    writeRules: 'bookings',
    writerFills: ['price'],
    addRule: "Without --price, the booking takes the item's price for the event's rental block; an item with no price there (or several) is refused (exit 1) with the way out.",
    verbs: readWrite,
    links: ['self', 'edit', 'delete', 'add'],
    fields: [
      id,
      { name: 'eventId', title: 'Event', kind: 'id', required: true, references: 'events', description: 'the event', aliases: ['event'] },
      inventoryRef,
      { name: 'quantity', kind: 'int', required: true, description: 'units rented (integer ≥ 0)', aliases: ['qty'] },
      { name: 'price', kind: 'decimal', required: true, description: 'unit price (decimal ≥ 0)' },
    ],
    columns: ['id', 'eventId', 'inventoryId', 'quantity', 'price'],
    rank: ['inventoryId', 'quantity', 'price', 'id', 'eventId'],
    naturalKey: ['inventoryId'],
    examples: {
      add: ['rentals bookings add --event-id 12 --inventory-id 7 --quantity 2 --price 150'],
      update: ['rentals bookings update 40 --event-id 12 --quantity 3'],
      export: ['rentals bookings export --event-id 12 -o csv > bookings.csv'],
      import: ['rentals bookings import --event-id 12 bookings.csv --dry-run', 'rentals bookings import --event-id "Smith wedding" bookings.ndjson --report run.ndjson'],
    },
    // The inventory booked for one event (the event's id is the run's scope, `--event-id`).
    bulk: {
      values: ['quantity', 'price'],
      names: [{ column: 'inventoryName', field: 'inventoryId', resource: 'inventory' }],
      exportColumns: ['inventoryId', 'inventoryName', 'quantity', 'price', 'id'],
      rowsHelp: `
Rows name the item (inventoryId or inventoryName) and set quantity and price.`,
    },
  },
  statuses: {
    name: 'statuses',
    command: 'statuses',
    commandAliases: ['status'],
    singular: 'event status',
    plural: 'event statuses',
    summary: 'Event statuses such as Quoted and Confirmed (read-only)',
    versions: ['v2'],
    collectionPath: 'status',
    verbs: readOnly,
    links: ['self'],
    fields: [id, { name: 'statusType', title: 'Status', kind: 'string', description: 'name of the status' }],
    columns: ['id', 'statusType'],
    labelField: 'statusType',
  },
});

/** The properties of T that S does not have (each object of a union apart). */
type Excess<T, S> = T extends unknown ? Exclude<keyof T, keyof S> : never;
/** Every property of the table its types lack: a resource's, a field's, a parent's, the bulk columns'. */
type Unknown<R extends ResourceDef> = Excess<R, ResourceDef> | Excess<R['fields'][number], FieldDef> | Excess<NonNullable<R['parent']>, ParentDef> | Excess<NonNullable<R['bulk']>, BulkDef>;
// The const inference keeps the literal types but skips the excess property check of an annotation:
// a misspelt property (`labelFeild`) fails here instead, naming it.
true satisfies ([Unknown<(typeof TABLE)[ResourceName]>] extends [never] ? true : Unknown<(typeof TABLE)[ResourceName]>);

/** A resource whose fields keep their literal types: `resources.prices.fields` names `price`, `inventoryId`… */
export type Resource<N extends ResourceName = ResourceName> = Omit<ResourceDef, 'name' | 'fields'> & { name: N; fields: Array<FieldDef & (typeof TABLE)[N]['fields'][number]> };

export const resources: { readonly [N in ResourceName]: Resource<N> } = TABLE;

export const resourceList: ResourceDef[] = Object.values(resources);

/** A field a create or update body carries: not response-only. */
export type Writable<F extends FieldDef> = F extends { responseOnly: true } ? never : F;

/** The names of a resource's writable fields: `FieldName<'bookings'>` is `eventId | inventoryId | quantity | price`. */
export type FieldName<N extends ResourceName> = Writable<Resource<N>['fields'][number]>['name'];

/** A create or update body of one resource by its fields' names, the values as given (the validator checks them). */
export type BodyOf<N extends ResourceName> = { [K in FieldName<N>]?: unknown };

/** The fields a create or update body carries (everything but response-only ones), their literal types kept. */
export function writableFields<D extends ResourceDef>(def: D): Array<Writable<D['fields'][number]>> {
  return def.fields.filter((f): f is Writable<D['fields'][number]> => !f.responseOnly);
}

/**
 * The fields a new record must be given, as `add --help` lists them and `add` refuses their
 * absence: required by the API, and filled by nothing else: not by a default, not copied from a
 * field itself required (an event's dropoff from its start), not by the writer (a booking's price
 * from the rental block). The parent's field (a booking's event) is one of them.
 */
export function requiredToCreate<D extends ResourceDef>(def: D): Array<Writable<D['fields'][number]>> {
  const required = (field: FieldDef) => field.required === true && !field.responseOnly;
  return writableFields(def).filter((field) => {
    if (!required(field) || def.createDefaults?.[field.name] !== undefined || def.writerFills?.includes(field.name)) return false;
    const source = def.createDefaultsFrom?.[field.name];
    const sourceField = source === undefined ? undefined : fieldByName(def, source);
    return sourceField === undefined || !required(sourceField);
  });
}

/** The titles of the fields that have one, for a table's header. */
export function fieldTitles(def: ResourceDef): Record<string, string> {
  return Object.fromEntries(def.fields.flatMap((f) => (f.title === undefined ? [] : [[f.name, f.title]])));
}

/**
 * What a table for people needs of a resource beyond its rows: column titles, the columns' rank,
 * the columns holding another resource's id (shown by name) and the money columns (shown with
 * their scale: `67.50`).
 */
export function peopleColumns(def: ResourceDef): { titles: Record<string, string>; rank?: readonly string[]; references: Partial<Record<string, ResourceName>>; money: string[] } {
  const references = Object.fromEntries(def.fields.flatMap((f) => (f.references === undefined || f.name === def.parent?.field ? [] : [[f.name, f.references]])));
  if (def.parent) references[def.parent.field] = def.parent.resource;
  return {
    titles: fieldTitles(def),
    ...(def.rank ? { rank: def.rank } : {}),
    references,
    money: def.fields.filter((f) => f.kind === 'decimal').map((f) => f.name),
  };
}

/** A field of one resource that holds the id of a record of another (a booking's eventId, a price's inventoryId). */
export interface Reference {
  def: ResourceDef;
  field: FieldDef;
}

/** Every field of the table that holds another record's id: the references the service keeps whole (a record still referred to is not deleted). */
export function referenceFields(): Reference[] {
  return resourceList.flatMap((def) => def.fields.flatMap((field) => (field.references ? [{ def, field }] : [])));
}

/** The fields that refer to records of `name`: what a delete of one of them must find empty. */
export function referencesTo(name: ResourceName): Reference[] {
  return referenceFields().filter((reference) => reference.field.references === name);
}

export function fieldByName(def: ResourceDef, name: string): FieldDef | undefined {
  return def.fields.find((f) => f.name === name);
}

/** `quantityAvailable` → `quantity-available`, `eventAddress1` → `event-address1`. */
export function kebabCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

export function defaultVersion(def: ResourceDef): ApiVersion {
  return def.versions.includes('v2') ? 'v2' : def.versions[0]!;
}

/** A nested collection's path around its parent's id (`inventory/`, `/pricing`), found once per resource. */
const pathAround = new WeakMap<ResourceDef, readonly [string, string] | undefined>();

function aroundParent(def: ResourceDef, field: string): readonly [string, string] | undefined {
  if (pathAround.has(def)) return pathAround.get(def);
  const marker = `{${field}}`;
  const at = def.collectionPath.indexOf(marker);
  const around = at < 0 ? undefined : ([def.collectionPath.slice(0, at), def.collectionPath.slice(at + marker.length)] as const);
  pathAround.set(def, around);
  return around;
}

/** `/v1/inventory/7/pricing` for a collection; add an id for a record. (Made per request of a bulk run: no search and replace.) */
export function collectionUrlPath(def: ResourceDef, version: ApiVersion, parentId?: number): string {
  if (!def.parent) return `/${version}/${def.collectionPath}`;
  if (parentId === undefined) throw new Error(`${def.plural} need a ${def.parent.field}`);
  const around = aroundParent(def, def.parent.field);
  return around === undefined ? `/${version}/${def.collectionPath}` : `/${version}/${around[0]}${parentId}${around[1]}`;
}

export function recordUrlPath(def: ResourceDef, version: ApiVersion, recordId: number, parentId?: number): string {
  return `${collectionUrlPath(def, version, parentId)}/${recordId}`;
}

/**
 * Every resource after the ones it references (its parent and its id fields): the order in which
 * a snapshot lists, and the sandbox restores, the whole service.
 */
export function dependencyOrder(): ResourceName[] {
  const order: ResourceName[] = [];
  const visit = (def: ResourceDef): void => {
    if (order.includes(def.name)) return;
    for (const field of def.fields) if (field.references && field.references !== def.name) visit(resources[field.references]);
    if (def.parent) visit(resources[def.parent.resource]);
    order.push(def.name);
  };
  for (const def of resourceList) visit(def);
  return order;
}
