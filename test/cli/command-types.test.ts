// Type-level: a handler's options are the inferred type of its command's definition, so a
// misspelt option key fails `tsc` (npm test typechecks this file: an unused @ts-expect-error is an error).

import { Command } from 'commander';
import { expect, expectTypeOf, test } from 'vitest';
import type { Context } from '../../src/cli/context.js';
import { conceptValue, conceptValues } from '../../src/cli/vocabulary.js';
import { type ArgsOf, defineViewCommand } from '../../src/cli/registry/spec.js';
import { AVAILABILITY_FLAGS } from '../../src/cli/commands/calendar/availability.js';
import { RANGE_FLAGS, WRITE_GUARD_FLAGS } from '../../src/cli/commands/calendar/options.js';
import type { FlagValues } from '../../src/cli/registry/flags.js';
import { fieldsFromFlags } from '../../src/cli/field-flags.js';
import type { WriteOptions } from '../../src/cli/resource/register.js';
import { type BodyOf, type FieldName, type Resource, resources, writableFields } from '../../src/resources/definitions.js';
import type { Outcome, View } from '../../src/output/views.js';
import type { Factory } from '../../src/app/factory.js';

test('a handler sees exactly the options its definition declares, shared groups included', () => {
  const command = defineViewCommand({
    effect: 'reads',
    name: 'probe',
    summary: 'a command that exists for its types',
    examples: [],
    flags: { ...RANGE_FLAGS, item: { value: 'name', help: 'an item' }, ...WRITE_GUARD_FLAGS },
    view: 'records',
    handler: async (factory, options): Promise<View | Outcome> => {
      expectTypeOf(factory).toEqualTypeOf<Factory>();
      expectTypeOf(options).toEqualTypeOf<{ from?: string; to?: string; range?: string; item?: string; allowOverbook?: true; dryRun?: true }>();
      // @ts-expect-error a misspelt option key does not compile
      void options.allowOverbok;
      // @ts-expect-error nor does one of another command
      void options.startDate;
      return { kind: 'records', body: { data: [] }, rows: [], columns: [] };
    },
  });
  expect(command.name).toBe('probe');
});

test('a calendar command: availability reads exactly what its declaration gives, concepts by their spellings', () => {
  type Options = FlagValues<typeof AVAILABILITY_FLAGS>;
  expectTypeOf<Options>().toEqualTypeOf<{
    from?: string;
    to?: string;
    range?: string;
    item?: string[];
    inventoryId?: string[];
    category?: string;
    daily?: true;
    all?: true;
    find?: true;
    duration?: string;
    limit?: string;
    includeTentative?: true;
  }>();
  const options: Options = { item: ['Tent=2'], daily: true };
  expect(conceptValues('item', options)).toEqual(['Tent=2']);
  // @ts-expect-error a misspelt read does not compile
  void options.includeTentativ;
  // @ts-expect-error nor does a concept availability does not declare
  void conceptValue('event', options);
});

test('options declared as data: the flags and the handler type both come from the declaration', () => {
  const command = defineViewCommand({
    effect: 'reads',
    name: 'probe',
    summary: 'a command that exists for its types',
    examples: [],
    flags: {
      dryRun: { help: 'send nothing' },
      yes: { short: 'y', help: 'no question' },
      plan: { value: 'file', help: 'the plan' },
      format: { value: 'format', choices: ['csv', 'json'], help: 'input format' },
      round: { value: 'step', default: '0.01', help: 'step' },
      item: { concept: 'item', list: (value: string, previous: string[] | undefined) => [...(previous ?? []), value] },
      fields: { fields: [{ name: 'quantity', kind: 'int', description: 'units' }] },
      bookingsOnly: { help: 'not declared here', when: false },
    },
    view: 'records',
    handler: async (_factory, options): Promise<View | Outcome> => {
      expectTypeOf(options.dryRun).toEqualTypeOf<true | undefined>();
      expectTypeOf(options.plan).toEqualTypeOf<string | undefined>();
      expectTypeOf(options.format).toEqualTypeOf<'csv' | 'json' | undefined>();
      expectTypeOf(options.round).toEqualTypeOf<string>();
      expectTypeOf(options.inventoryId).toEqualTypeOf<string[] | undefined>();
      expect(conceptValues('item', options)).toEqual([]);
      // @ts-expect-error a misspelt option key does not compile
      void options.dryRn;
      // @ts-expect-error nor does a concept the command did not declare
      void conceptValue('event', options);
      return { kind: 'records', body: { data: [] }, rows: [], columns: [] };
    },
  });
  const program = new Command('rentals');
  const built = command.attach(program, { ctx: {} as Context, state: { exitCode: 0 } });
  expect(built.options.map((option) => option.flags)).toEqual([
    '--dry-run',
    '-y, --yes',
    '--plan <file>',
    '--format <format>',
    '--round <step>',
    '--inventory-id <id>',
    '--item <id>',
    '--quantity <n>',
  ]);
  expect(built.options.find((option) => option.long === '--format')?.argChoices).toEqual(['csv', 'json']);
  expect(built.options.find((option) => option.long === '--round')?.defaultValue).toBe('0.01');
});

test("field flags are typed from the resource table: a resource's fields, aliases and inverse flags, nothing else", () => {
  // What `prices set` declares: the price's fields, read by their flags' names.
  const command = defineViewCommand({
    effect: 'reads',
    name: 'probe',
    summary: 'a command that exists for its types',
    examples: [],
    flags: { fields: { fields: writableFields(resources.prices), required: true }, dryRun: { help: 'send nothing' } },
    view: 'records',
    handler: async (_factory, options): Promise<View> => {
      expectTypeOf(options.price).toEqualTypeOf<string | undefined>();
      expectTypeOf(options.inventoryId).toEqualTypeOf<string | undefined>();
      expectTypeOf(options.item).toEqualTypeOf<string | undefined>();
      expectTypeOf(options.block).toEqualTypeOf<string | undefined>();
      expect(fieldsFromFlags(resources.prices, options)).toEqual({});
      // @ts-expect-error a misspelt field flag does not compile
      void options.prise;
      // @ts-expect-error nor does a field of another resource
      void options.quantity;
      // @ts-expect-error nor the response-only id
      void options.id;
      return { kind: 'records', body: { data: [] }, rows: [], columns: [] };
    },
  });
  expect(command.name).toBe('probe');

  // The generic verbs' add and update, per resource: a bool field takes a value or none, its inverse none.
  type InventoryWrite = WriteOptions<Resource<'inventory'>>;
  expectTypeOf<Pick<InventoryWrite, 'name' | 'quantityAvailable' | 'qty' | 'active' | 'inactive' | 'dryRun'>>().toEqualTypeOf<{
    name?: string;
    quantityAvailable?: string;
    qty?: string;
    active?: string | true;
    inactive?: true;
    dryRun?: true;
  }>();
  const inventory: InventoryWrite = { quantityAvailable: '4' };
  // @ts-expect-error a misspelt field flag of a generic verb does not compile
  void inventory.quantityAvailble;
  // @ts-expect-error the event's fields are not inventory's
  void inventory.startDate;
  type EventWrite = WriteOptions<Resource<'events'>>;
  expectTypeOf<EventWrite['eventStatusId'] | EventWrite['status'] | EventWrite['reason']>().toEqualTypeOf<string | undefined>();
  // @ts-expect-error options of one resource are not read as another's fields
  fieldsFromFlags(resources.prices, inventory);

  // The bookings verbs' write bodies (app/resource/booking-writes.ts) by the table's names.
  expectTypeOf<FieldName<'bookings'>>().toEqualTypeOf<'eventId' | 'inventoryId' | 'quantity' | 'price'>();
  const body: BodyOf<'bookings'> = { quantity: 2 };
  // @ts-expect-error a misspelt field of a body does not compile
  void body.quantty;
});

test('a renamed declaration fails where the old name is read', () => {
  defineViewCommand({
    effect: 'reads',
    name: 'probe',
    summary: 'a command that exists for its types',
    examples: [],
    // Renamed from dryRun: the read below no longer compiles.
    flags: { preview: { help: 'send nothing' } },
    view: 'records',
    handler: async (_factory, options): Promise<View> => {
      // @ts-expect-error the declaration is `preview` now
      void options.dryRun;
      return { kind: 'records', body: { data: [] }, rows: [], columns: [] };
    },
  });
});

test("a handler's positionals come from the args declared: required, optional, variadic", () => {
  expectTypeOf<ArgsOf<''>>().toEqualTypeOf<[]>();
  expectTypeOf<ArgsOf<'<event>'>>().toEqualTypeOf<[string]>();
  expectTypeOf<ArgsOf<'<before> [after]'>>().toEqualTypeOf<[string, string | undefined]>();
  expectTypeOf<ArgsOf<'[command-or-topic...]'>>().toEqualTypeOf<[string[]]>();
  expectTypeOf<ArgsOf<'<method> <path>'>>().toEqualTypeOf<[string, string]>();
});

test("a handler gets the run's factory, not the run: no printer, no settings part, no client", () => {
  defineViewCommand({
    effect: 'reads',
    name: 'probe',
    summary: 'a command that exists for its types',
    examples: [],
    view: 'records',
    handler: async (factory): Promise<View> => {
      // @ts-expect-error the printer is the runner's: a handler returns a view
      void factory.printer;
      // @ts-expect-error nor does it reach for the terminal's streams
      void factory.term;
      return { kind: 'records', body: { data: [] }, rows: [], columns: [] };
    },
  });
});
