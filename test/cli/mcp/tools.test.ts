// The assistant's tools (`rentals mcp`), generated from the command registry: one per command but
// those left out (in one list, each with its reason), named by the command's words, their inputs
// valid JSON Schema derived from the declared arguments and options, their annotations from the
// declared effect; and a call's arguments as the command line that command reads.

import { Ajv2020 } from 'ajv/dist/2020.js';
import { Command } from 'commander';
import { beforeAll, describe, expect, test } from 'vitest';
import { registry } from '../../../src/cli/catalog.js';
import { commandLine } from '../../../src/cli/commands/mcp/arguments.js';
import { LEFT_OUT_COMMANDS, LEFT_OUT_OPTIONS } from '../../../src/cli/commands/mcp/left-out.js';
import { type InputSchema, type Tool, assistantTools } from '../../../src/cli/commands/mcp/tools.js';
import { declaredArgumentValues, declaredOptionValues } from '../../../src/cli/registry/flags.js';
import type { LeafCommand } from '../../../src/cli/registry/spec.js';
import { ValidationError } from '../../../src/errors.js';
import { fakeContext } from '../../helpers/fake-context.js';

let commands: Array<{ words: string[]; command: LeafCommand }>;
let tools: Tool[];
const tool = (name: string): Tool => {
  const found = tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
};

beforeAll(async () => {
  commands = await registry.everyCommand();
  tools = await assistantTools(registry);
});

/** The arguments a call needs at the least: each required input with a value of its kind. */
function leastArguments(t: Tool): Record<string, unknown> {
  return Object.fromEntries(
    t.inputs
      .filter((input) => input.required)
      .map((input) => {
        const { schema } = input;
        if (schema.type === 'boolean') return [input.property, true];
        if (schema.type === 'array') return [input.property, ['1']];
        if (schema.type === 'integer') return [input.property, 1];
        return [input.property, schema.enum?.[0] ?? '1'];
      }),
  );
}

describe('the tools of rentals mcp', () => {
  test('every command is a tool, named by its words joined by _, or left out with its reason; the list of those names only commands', () => {
    const paths = commands.map(({ words }) => words.join(' '));
    for (const left of Object.keys(LEFT_OUT_COMMANDS)) expect(paths, left).toContain(left);
    const offered = commands.filter(({ words }) => LEFT_OUT_COMMANDS[words.join(' ')] === undefined).map(({ words }) => words.join('_'));
    expect(tools.map((t) => t.name)).toEqual(offered);
    expect(new Set(offered).size).toBe(offered.length);
    expect(tools.length).toBe(commands.length - Object.keys(LEFT_OUT_COMMANDS).length);
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['events_book', 'prices_adjust', 'availability', 'check', 'undo', 'history', 'load-sheet']));
    for (const name of ['mcp', 'sandbox', 'help', 'completion', 'auth_login', 'api']) expect(tools.map((t) => t.name)).not.toContain(name);
  });

  test("every tool's command prints -o json, the answer a tool gives (its declared formats, as its help lists them)", () => {
    for (const t of tools) {
      const command = commands.find(({ words }) => words.join(' ') === t.words.join(' '))!.command;
      expect(command.formats, t.name).toContain('json');
    }
  });

  test('every option left out is one that some command offered to an assistant declares', () => {
    const declared = new Set(commands.filter(({ words }) => LEFT_OUT_COMMANDS[words.join(' ')] === undefined).flatMap(({ command }) => Object.keys(command.flags ?? {})));
    for (const key of Object.keys(LEFT_OUT_OPTIONS)) expect(declared, key).toContain(key);
    for (const t of tools) for (const key of Object.keys(LEFT_OUT_OPTIONS)) expect(t.inputSchema.properties[key], `${t.name} ${key}`).toBeUndefined();
  });

  test("each tool's input schema is valid JSON Schema (2020-12, strict), takes its least call and refuses an input it does not name", () => {
    const ajv = new Ajv2020({ strict: true });
    for (const t of tools) expect(ajv.validateSchema(t.inputSchema), `${t.name}: ${JSON.stringify(ajv.errors)}`).toBe(true);
    // One schema of them all, compiled once (strict: an unknown keyword fails): a call of each tool under its name.
    const validate = ajv.compile({ type: 'object', properties: Object.fromEntries(tools.map((t) => [t.name, t.inputSchema])) });
    for (const t of tools) {
      expect(validate({ [t.name]: leastArguments(t) }), `${t.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(validate({ [t.name]: { ...leastArguments(t), noSuchInput: 1 } }), t.name).toBe(false);
      for (const [property, schema] of Object.entries(t.inputSchema.properties)) {
        expect(property, t.name).toMatch(/^[a-z][A-Za-z0-9]*$/);
        expect(schema.description, `${t.name} ${property}`).not.toBe('');
      }
      expect(t.description.length, t.name).toBeGreaterThan(10);
    }
  });

  test('inputs come from the declarations: positional arguments by their help names, repeatable options as arrays, choices as enums, required as declared', () => {
    const book = tool('events_book').inputSchema;
    expect(book.required).toEqual(['event', 'item']);
    expect(book.properties.event).toEqual({ type: 'string', description: 'the event (id or name)' });
    expect(book.properties.item).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(book.properties.dryRun).toEqual({ type: 'boolean', description: 'show what would be written; send nothing' });
    expect(tool('report').inputSchema.properties.kind).toEqual({ type: 'string', description: 'which: utilization or revenue', enum: ['utilization', 'revenue'] });
    expect(tool('prices_import').inputSchema.properties.format).toMatchObject({ type: 'string', enum: ['csv', 'ndjson', 'json', 'xlsx'] });
    // No schema default: left out, a --resume takes the report's round (the help says the default otherwise).
    expect(tool('prices_adjust').inputSchema.properties.round).toEqual({ type: 'string', description: expect.stringContaining('(default 0.01)') });
    expect(tool('inventory_add').inputSchema.properties).toMatchObject({ quantityAvailable: { type: 'integer' }, active: { type: 'boolean' }, name: { type: 'string' } });
    expect(tool('prices_set').inputSchema.required).toEqual(expect.arrayContaining(['inventoryId', 'rentalBlockId', 'price']));
    expect(tool('undo').inputSchema.properties.entry).toMatchObject({ type: 'string' });
    expect(tool('undo').inputSchema.required).toBeUndefined();
  });

  test("each input becomes a flag the command declares, and the positional inputs its arguments (commander's own command, built from the same declaration)", () => {
    const { ctx } = fakeContext();
    for (const t of tools) {
      const { command } = commands.find(({ words }) => words.join('_') === t.name)!;
      const built = command.attach(new Command('rentals'), { ctx, state: { exitCode: 0 } });
      const flags = new Set(built.options.map((option) => option.long));
      for (const input of t.inputs) if (input.place === 'switch' || input.place === 'value') expect(flags, `${t.name} ${input.property}`).toContain(`--${input.flag}`);
      expect(t.inputs.filter((input) => input.place === 'argument').length, t.name).toBe(built.registeredArguments.length);
    }
  });

  test('an argument or option that declares a fixed set of words (what completion offers) is an enum of exactly those words; any other is not', () => {
    const { ctx } = fakeContext();
    /** The words a schema allows: its enum, its items' enum, or the enum beside the form it also takes. */
    const words = (schema: InputSchema) => (schema.type === 'string' ? (schema.enum ?? schema.anyOf?.[0].enum) : schema.type === 'array' ? schema.items.enum : undefined);
    const enums: string[] = [];
    for (const t of tools) {
      const { command } = commands.find(({ words }) => words.join('_') === t.name)!;
      const built = command.attach(new Command('rentals'), { ctx, state: { exitCode: 0 } });
      t.inputs
        .filter((input) => input.place === 'argument')
        .forEach((input, i) => {
          const declared = declaredArgumentValues(built.registeredArguments[i]!, []);
          expect(words(input.schema), `${t.name} ${input.property}`).toEqual(declared && [...declared]);
          if (declared) enums.push(`${t.name} ${input.property}`);
        });
      for (const input of t.inputs) {
        if (input.place !== 'value') continue;
        const declared = declaredOptionValues(built.options.find((option) => option.long === `--${input.flag}`)!);
        expect(words(input.schema), `${t.name} ${input.property}`).toEqual(declared && [...declared]);
        if (declared) enums.push(`${t.name} ${input.property}`);
      }
    }
    expect(enums).toEqual(expect.arrayContaining(['report kind', 'report by', 'report range', 'availability range', 'prices_import format', 'config_get key', 'events_list apiVersion']));
  });

  test('--range takes its words or a month: an enum of the words, or the pattern of a month', () => {
    const range = tool('availability').inputSchema.properties.range!;
    expect(range).toMatchObject({ type: 'string', anyOf: [{ enum: expect.arrayContaining(['this-week', 'next-month']) }, { pattern: '^([0-9]{4})-([0-9]{2})$', description: 'a month (YYYY-MM)' }] });
    expect(commandLine(tool('availability'), { range: '2026-06' })).toContain('--range=2026-06');
    expect(commandLine(tool('availability'), { range: 'next-week' })).toContain('--range=next-week');
    expect(() => commandLine(tool('availability'), { range: 'someday' })).toThrow(/range: must be one of today, .*, last-month or a month \(YYYY-MM\) \(got "someday"\)/);
  });

  test('annotations follow the declared effect: reads are read-only; adds are not destructive; sets and deletes are idempotent; changes are not', () => {
    expect(tool('events_list').annotations).toEqual({ title: 'rentals events list', readOnlyHint: true, openWorldHint: false });
    expect(tool('events_clone').annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    expect(tool('events_book').annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(tool('prices_adjust').annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    expect(tool('undo').annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    expect(tool('events_delete').annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    for (const t of tools) expect(t.annotations.readOnlyHint, t.name).toBe(t.effect === 'reads');
  });

  test('every tool that writes offers dryRun; every delete requires yes: true, but for a dry run (an assistant previews before it asks)', () => {
    for (const t of tools.filter((t) => t.effect !== 'reads')) expect(t.inputSchema.properties.dryRun, t.name).toMatchObject({ type: 'boolean' });
    const deletes = tools.filter((t) => t.effect === 'deletes');
    expect(deletes.map((t) => t.name)).toEqual(expect.arrayContaining(['inventory_delete', 'events_delete', 'bookings_delete', 'events_unbook']));
    for (const t of deletes) {
      expect(t.inputSchema.properties.yes, t.name).toMatchObject({ type: 'boolean', const: true });
      expect(t.inputSchema.required ?? [], t.name).not.toContain('yes');
      expect(t.inputSchema.anyOf, t.name).toEqual([{ properties: { yes: { const: true } }, required: ['yes'] }, { properties: { dryRun: { const: true } }, required: ['dryRun'] }]);
    }
    expect(commandLine(tool('events_delete'), { id: '40', dryRun: true })).toEqual(['events', 'delete', '--dry-run', '--', '40']);
    expect(commandLine(tool('events_unbook'), { event: '12', item: 'Tent', dryRun: true })).toEqual(['events', 'unbook', '--item=Tent', '--dry-run', '--', '12']);
  });

  test('--read-only: the tools that change nothing, and every one of them', async () => {
    const readOnly = await assistantTools(registry, { readOnly: true });
    expect(readOnly.map((t) => t.name)).toEqual(tools.filter((t) => t.annotations.readOnlyHint).map((t) => t.name));
    expect(readOnly.map((t) => t.name)).toEqual(expect.arrayContaining(['events_list', 'availability', 'check', 'history', 'events_show']));
    for (const name of ['events_book', 'undo', 'inventory_delete', 'prices_adjust']) expect(readOnly.map((t) => t.name)).not.toContain(name);
  });
});

describe("a call's arguments as its command line", () => {
  test('options as --flag=value (each value of a list), switches when true, positional arguments after --', () => {
    expect(commandLine(tool('events_book'), { event: '12', item: ['Tent=2', 'Chair'], quantity: 3, dryRun: true, substitute: false })).toEqual([
      'events', 'book', '--item=Tent=2', '--item=Chair', '--quantity=3', '--dry-run', '--', '12',
    ]);
    expect(commandLine(tool('events_move'), { event: 'Gala', by: '-1d' })).toEqual(['events', 'move', '--by=-1d', '--', 'Gala']);
    expect(commandLine(tool('inventory_update'), { id: 3, active: false, quantityAvailable: 4 })).toEqual(['inventory', 'update', '--quantity-available=4', '--active=false', '--', '3']);
    expect(commandLine(tool('events_unbook'), { event: '12', item: 'Tent', yes: true })).toEqual(['events', 'unbook', '--item=Tent', '--', '12']);
    expect(commandLine(tool('inventory_delete'), { id: '3', yes: true })).toEqual(['inventory', 'delete', '--yes', '--', '3']);
    expect(commandLine(tool('check'), undefined)).toEqual(['check']);
  });

  test('each input that breaks its rule is named with the rule, all at once, and nothing is built', () => {
    const refused = (name: string, args: unknown): string => {
      try {
        commandLine(tool(name), args);
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        return (error as ValidationError).message;
      }
      throw new Error('accepted');
    };
    const message = refused('events_book', { item: [], dryRun: 1, price: {}, colour: 'red' });
    expect(message).toContain('invalid arguments of events_book');
    expect(message).toContain('colour: is no input of events_book (its inputs: event, item, quantity, price, substitute, keepPrice, allowOverbook, dryRun)');
    expect(message).toContain('event: is required');
    expect(message).toContain('dryRun: must be true or false (got 1)');
    expect(message).toContain('price: must be text');
    expect(refused('report', { kind: 'profit' })).toContain('kind: must be one of utilization, revenue (got "profit")');
    expect(refused('inventory_add', { quantityAvailable: 2.5 })).toContain('quantityAvailable: must be a whole number');
    expect(refused('inventory_delete', { id: '3', yes: false })).toContain('yes: must be true: says that you mean to delete');
    expect(refused('events_unbook', { event: '3', item: ['Tent'] })).toContain('yes: must be true: says that you mean to delete');
    expect(refused('check', ['--from'])).toContain('arguments: must be an object of named inputs');
    const noStdin = `is standard input at the shell, which a tool call has none of: name a file on the machine the server runs on`;
    expect(refused('events_add', { file: '-', dryRun: true })).toContain(`file: ${noStdin} (a record's fields can be given as inputs instead)`);
    // An import's rows and diff's snapshots have no inputs that could stand for them.
    expect(refused('prices_import', { file: '-' })).toContain(`file: ${noStdin} (got "-")`);
    expect(refused('diff', { before: '-', live: true })).toContain(`before: ${noStdin} (got "-")`);
    expect(refused('diff', { before: 'a.json', after: '-' })).toContain(`after: ${noStdin} (got "-")`);
  });

  test('an input that names a file is known by what the command declares, not by its name; none is described as taking standard input', () => {
    const reading = tools.flatMap((t) => t.inputs.filter((input) => input.stdin !== undefined).map((input) => `${t.name} ${input.property} ${input.stdin}`));
    expect(reading).toContain('events_update file fields');
    expect(reading).toContain('inventory_import file file');
    expect(reading).toContain('diff after file');
    expect(reading.every((line) => /^\S+ (file|before|after) /.test(line))).toBe(true);
    for (const t of tools) {
      for (const input of t.inputs) expect(input.schema.description, `${t.name} ${input.property}`).not.toMatch(/stdin|standard input/i);
    }
    expect(tool('events_add').inputSchema.properties.file?.description).toBe('a JSON file of the fields, on the machine the server runs on; the field inputs win');
    // Every file the tools read is named as one on the server's machine, not the assistant's, and keeps what it is.
    for (const t of tools) {
      for (const input of t.inputs.filter((i) => i.stdin !== undefined)) expect(input.schema.description, `${t.name} ${input.property}`).toMatch(/\bon the machine the server runs on\b/);
    }
    expect(tool('diff').inputSchema.properties.before?.description).toBe('the snapshot before: a file on the machine the server runs on');
    expect(tool('prices_import').inputSchema.properties.file?.description).toBe('the inventory prices to import: a file on the machine the server runs on');
  });
});
