// The tools `rentals mcp` offers an assistant, generated from the command registry, never written by
// hand: one per command (those of left-out.ts aside), named by its words joined by `_`
// (`events_book`); its input schema from the arguments and options the command declares (the
// positional arguments by their help names, the options by their camelCase keys, a repeatable option
// an array, a declared set of words an enum, descriptions from the help); its annotations from its declared effect.

import { VOCABULARY, type Concept } from '../../vocabulary.js';
import { camel } from '../../field-flags.js';
import { type FieldDef, kebabCase } from '../../../resources/definitions.js';
import { type ArgumentValues, type FlagDecl, type FlagDecls, argumentWords, flagWords, kebab } from '../../registry/flags.js';
import type { CommandRegistry } from '../../registry/registry.js';
import type { Effect, LeafCommand } from '../../registry/spec.js';
import { LEFT_OUT_COMMANDS, LEFT_OUT_OPTIONS } from './left-out.js';

/**
 * The words a text input takes, when they are a fixed set: an enum; or, where a value of some form
 * is taken besides (`range`: its words or a month), either the enum or the pattern.
 */
export interface Words {
  enum?: readonly string[];
  anyOf?: readonly [{ enum: readonly string[] }, { pattern: string; description: string }];
}

/** The JSON Schema of one input: the few keywords the tools use. */
export type InputSchema =
  | ({ type: 'string'; description: string; default?: string } & Words)
  | { type: 'integer'; description: string }
  | { type: 'boolean'; description: string; const?: true }
  | { type: 'array'; description: string; items: { type: 'string' } & Words; minItems?: number };

interface ToolSchema {
  type: 'object';
  properties: Record<string, InputSchema>;
  required?: string[];
  /** A delete: `yes` given, or a dry run. */
  anyOf?: Array<{ required: string[]; properties?: Record<string, { const: true }> }>;
  additionalProperties: false;
}

/** How an input becomes part of the command line. */
type InputPlace =
  /** A positional argument (a list: each value), after `--`. */
  | { place: 'argument' }
  /** `--flag` when true. */
  | ({ place: 'switch'; flag: string } & Spellings)
  /** `--flag=value`, once per value of a list. */
  | ({ place: 'value'; flag: string } & Spellings)
  /** Asked of the assistant and checked, not passed on: a delete's `yes` where the command has no --yes. */
  | { place: 'guard' };

/** The command's other flags for the same input, which its messages may name: its aliases (`--status` for `--event-status-id`), the flag that gives false (`--inactive`). */
interface Spellings {
  aliases?: readonly string[];
  inverse?: string;
}

/**
 * `required: 'unless-dry-run'`: a delete's `yes`, which a dry run (a preview) does not need.
 * `stdin`: a file to read, where the shell takes `-` for standard input, as declared: a record's
 * fields (`fields`, which its field inputs can give instead), or any other (`file`).
 */
export type ToolInput = InputPlace & { property: string; schema: InputSchema; required: boolean | 'unless-dry-run'; stdin?: 'fields' | 'file' };

/** MCP's tool annotations. */
interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint: false;
}

export interface Tool {
  name: string;
  /** The command's words: `events`, `book`. */
  words: readonly string[];
  effect: Effect;
  description: string;
  inputs: readonly ToolInput[];
  inputSchema: ToolSchema;
  annotations: ToolAnnotations;
}

/** What each effect tells the assistant (MCP's hints: destructive = may change or remove what is there). */
const HINTS: Record<Effect, Omit<ToolAnnotations, 'title' | 'openWorldHint'>> = {
  reads: { readOnlyHint: true },
  adds: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  sets: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  changes: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
  deletes: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
};

/** `events book`, from the words. */
function toolName(words: readonly string[]): string {
  return words.join('_');
}

/** The tools of the registry's commands; with `readOnly`, those that change nothing. */
export async function assistantTools(commands: CommandRegistry, options: { readOnly?: boolean } = {}): Promise<Tool[]> {
  return (await commands.everyCommand())
    .filter(({ words }) => LEFT_OUT_COMMANDS[words.join(' ')] === undefined)
    .filter(({ command }) => !options.readOnly || command.effect === 'reads')
    .map(({ words, command }) => toolOf(words, command));
}

/** One command's tool. */
function toolOf(words: readonly string[], command: LeafCommand): Tool {
  const name = toolName(words);
  const inputs: ToolInput[] = [];
  const add = (input: ToolInput) => {
    if (inputs.some((other) => other.property === input.property)) throw new Error(`tool ${name}: two inputs are named ${input.property}`);
    inputs.push(input);
  };
  for (const input of argumentInputs(command.args, command.argValues, command.stdinArgs ?? {})) add(input);
  for (const [key, decl] of Object.entries(command.flags ?? {})) {
    if (decl.when === false || LEFT_OUT_OPTIONS[key] !== undefined) continue;
    for (const input of optionInputs(key, decl, command.flags ?? {})) add(input);
  }
  if (command.effect === 'deletes') guardDelete(inputs);
  const required = inputs.filter((input) => input.required === true).map((input) => input.property);
  const unlessDryRun = inputs.filter((input) => input.required === 'unless-dry-run').map((input) => input.property);
  return {
    name,
    words,
    effect: command.effect,
    description: describeTool(command),
    inputs,
    inputSchema: {
      type: 'object',
      properties: Object.fromEntries(inputs.map((input) => [input.property, input.schema])),
      ...(required.length > 0 ? { required } : {}),
      ...(unlessDryRun.length > 0 ? { anyOf: [{ properties: Object.fromEntries(unlessDryRun.map((name) => [name, { const: true as const }])), required: unlessDryRun }, { properties: { dryRun: { const: true } }, required: ['dryRun'] }] } : {}),
      additionalProperties: false,
    },
    annotations: { title: `rentals ${words.join(' ')}`, ...HINTS[command.effect], openWorldHint: false },
  };
}

function describeTool(command: LeafCommand): string {
  const help = command.help?.trim();
  return help ? `${command.summary}.\n\n${help}` : `${command.summary}.`;
}

const ARGUMENT = /^([<[])(.+?)(\.\.\.)?[>\]]$/;

/**
 * `<event>` → `event` (required), `[file]` → `file`, `[words...]` → a list; an argument that is one
 * of some words (`<utilization|revenue>`) is `kind`, an enum of them; one whose words the command
 * declares (`config get <key>`) an enum of those. Words that depend on the arguments before (the
 * value of `config set <key> <value>`) are no fixed set: text.
 */
function argumentInputs(args: string | undefined, argValues: Readonly<Record<string, ArgumentValues>> | undefined, stdinArgs: Readonly<Record<string, string>>): ToolInput[] {
  if (!args) return [];
  return args.split(' ').map((word) => {
    const match = ARGUMENT.exec(word);
    if (!match) throw new Error(`an argument is not <name>, [name] or [name...]: ${word}`);
    const [, bracket, name, variadic] = match as unknown as [string, string, string, string | undefined];
    const required = bracket === '<';
    const declared = argValues?.[name];
    const words = typeof declared === 'function' ? undefined : argumentWords(name, declared, []);
    const named = name.includes('|');
    // A file to read is one on the machine the server runs on, not the assistant's.
    const file = Object.hasOwn(stdinArgs, name) ? stdinArgs[name] : undefined;
    const description = named ? `which: ${name.split('|').join(' or ')}` : file !== undefined ? `${file}: ${ON_THE_SERVER}` : argumentHelp(name);
    const values = words ? { enum: words } : {};
    const schema: InputSchema = variadic ? { type: 'array', description, items: { type: 'string', ...values }, ...(required ? { minItems: 1 } : {}) } : { type: 'string', description, ...values };
    return { place: 'argument', property: named ? 'kind' : camel(name), schema, required, ...(file !== undefined ? { stdin: 'file' as const } : {}) };
  });
}

const ON_THE_SERVER = 'a file on the machine the server runs on';

/** An argument named as a concept (`<event>`) is described as it is; `<id>` and the others by their name. */
function argumentHelp(name: string): string {
  const concept = (VOCABULARY as Readonly<Record<string, Concept>>)[name];
  if (concept) return concept.description;
  return name === 'id' ? 'the id of the record (or its name, where it has one)' : `the ${name.replace(/-/g, ' ')}`;
}

function optionInputs(key: string, decl: FlagDecl, flags: FlagDecls): ToolInput[] {
  if ('fields' in decl) return decl.fields.map((field) => fieldInput(field, decl.required === true));
  if ('concept' in decl) {
    const concept: Concept = VOCABULARY[decl.concept];
    const flag = decl.primary ?? concept.flag;
    const description = decl.toolDescription ?? decl.description ?? concept.description;
    const schema: InputSchema = decl.list ? { type: 'array', description: `${description} (one or more)`, items: { type: 'string' } } : { type: 'string', description };
    const aliases = [concept.flag, ...concept.aliases, ...(decl.keep ?? [])].filter((other) => other !== flag);
    // A file of the record's fields where the command takes them as flags too (add, update).
    const stdin = concept.stdin ? { stdin: Object.values(flags).some((other) => 'fields' in other) ? ('fields' as const) : ('file' as const) } : {};
    return [{ place: 'value', flag, aliases, property: camel(flag), schema, required: decl.required === true, ...stdin }];
  }
  const others = (decl.conflicts ?? []).filter((other) => other in flags && LEFT_OUT_OPTIONS[other] === undefined);
  const description = others.length > 0 ? `${decl.help} (not with ${others.join(', ')})` : decl.help;
  const flag = kebab(key);
  if (decl.value === undefined) return [{ place: 'switch', flag, property: key, schema: { type: 'boolean', description }, required: false }];
  const words = flagWords(decl);
  const values: Words = !words ? {} : decl.alsoTakes ? { anyOf: [{ enum: words }, decl.alsoTakes] } : { enum: words };
  const schema: InputSchema = decl.list
    ? { type: 'array', description: `${description} (one or more)`, items: { type: 'string', ...values } }
    : { type: 'string', description, ...values, ...(decl.default !== undefined ? { default: decl.default } : {}) };
  return [{ place: 'value', flag, property: key, schema, required: false }];
}

/** A resource's field: `quantityAvailable` (an integer), `active` (true or false), the others as text. */
function fieldInput(field: FieldDef, required: boolean): ToolInput {
  const description = field.description;
  const schema: InputSchema = field.kind === 'bool' ? { type: 'boolean', description } : field.kind === 'int' ? { type: 'integer', description } : { type: 'string', description };
  const spellings: Spellings = { ...(field.aliases?.length ? { aliases: field.aliases } : {}), ...(field.kind === 'bool' && field.inverseFlag ? { inverse: field.inverseFlag } : {}) };
  return { place: 'value', flag: kebabCase(field.name), ...spellings, property: field.name, schema, required };
}

const YES_TO_DELETE = 'must be true: says that you mean to delete';

/** A delete asks `yes: true` of the assistant, whether or not the command itself has a --yes; its dry run (where it has one) does not. */
function guardDelete(inputs: ToolInput[]): void {
  const previews = inputs.some((input) => input.property === 'dryRun');
  const yes: InputSchema = { type: 'boolean', const: true, description: previews ? `${YES_TO_DELETE} (not needed with dryRun: true)` : YES_TO_DELETE };
  const required = previews ? 'unless-dry-run' : true;
  const own = inputs.findIndex((input) => input.property === 'yes');
  if (own === -1) inputs.push({ place: 'guard', property: 'yes', schema: yes, required });
  else inputs[own] = { ...inputs[own]!, schema: yes, required };
}
