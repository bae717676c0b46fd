// A tool call's arguments as the command line it runs: checked against the tool's inputs first (each
// problem named by its input and the rule, and nothing run), then each value in its place: options as
// `--flag=value` (a value that starts with `-` stays a value), the positional arguments after `--`.

import { type FieldIssue, ValidationError } from '../../../errors.js';
import type { InputSchema, Tool, ToolInput, Words } from './tools.js';

/**
 * `-` for an input that names a file to read (ToolInput.stdin: a record's fields, an import's rows,
 * diff's snapshots): a tool call has no standard input (docs/assistant.md), and the command would
 * blame what it read. A record's fields can be given as its other inputs instead.
 */
const NO_STDIN = 'is standard input at the shell, which a tool call has none of: name a file on the machine the server runs on';
const NO_STDIN_FIELDS = `${NO_STDIN} (a record's fields can be given as inputs instead)`;

/** The command line of a call of `tool` with `given`: its words, options and arguments. */
export function commandLine(tool: Tool, given: unknown): string[] {
  const values = argumentsObject(tool, given);
  const problems: FieldIssue[] = [];
  for (const key of Object.keys(values)) {
    if (!tool.inputs.some((input) => input.property === key)) problems.push({ field: key, message: `is no input of ${tool.name} (its inputs: ${tool.inputs.map((i) => i.property).join(', ') || 'none'})` });
  }
  const options: string[] = [];
  const positionals: string[] = [];
  for (const input of tool.inputs) {
    const value = values[input.property];
    if (value === undefined || value === null) {
      if (input.required === true || (input.required === 'unless-dry-run' && values.dryRun !== true)) problems.push({ field: input.property, message: input.schema.type === 'boolean' && input.schema.const ? input.schema.description : 'is required' });
      continue;
    }
    const checked = value === '-' && input.stdin !== undefined ? (input.stdin === 'fields' ? NO_STDIN_FIELDS : NO_STDIN) : check(input.schema, value);
    if (typeof checked === 'string') {
      problems.push({ field: input.property, message: checked, value });
      continue;
    }
    place(input, checked, options, positionals);
  }
  if (problems.length > 0) throw new ValidationError(problems, `arguments of ${tool.name}`);
  return [...tool.words, ...options, ...(positionals.length > 0 ? ['--', ...positionals] : [])];
}

/**
 * The same command as a person types it: the arguments after the command's words, then each option
 * as `--flag value` (what a refusal's ways out end with, so that `--allow-overbook` can follow).
 * A value that starts with `-` keeps its `--flag=value` or its place after `--`.
 */
export function typedCommandLine(tool: Tool, words: readonly string[]): string[] {
  const rest = words.slice(tool.words.length);
  const dashes = rest.indexOf('--');
  const options = dashes < 0 ? rest : rest.slice(0, dashes);
  const positionals = dashes < 0 ? [] : rest.slice(dashes + 1);
  if (positionals.some((word) => word.startsWith('-'))) return [...words];
  const spelled = options.flatMap((word) => {
    const equals = word.indexOf('=');
    const value = word.slice(equals + 1);
    return word.startsWith('--') && equals > 0 && !value.startsWith('-') ? [word.slice(0, equals), value] : [word];
  });
  return [...tool.words, ...positionals, ...spelled];
}

function argumentsObject(tool: Tool, given: unknown): Record<string, unknown> {
  if (given === undefined || given === null) return {};
  if (typeof given !== 'object' || Array.isArray(given)) throw new ValidationError([{ field: 'arguments', message: 'must be an object of named inputs', value: given }], `arguments of ${tool.name}`);
  return given as Record<string, unknown>;
}

/** The value as the words it becomes (a switch: true or false), or the rule it breaks. */
function check(schema: InputSchema, value: unknown): string[] | boolean | string {
  switch (schema.type) {
    case 'boolean':
      if (typeof value !== 'boolean') return 'must be true or false';
      if (schema.const === true && value !== true) return schema.description;
      return value;
    case 'integer':
      if (typeof value === 'number' && Number.isInteger(value)) return [String(value)];
      if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return [value.trim()];
      return 'must be a whole number';
    case 'string': {
      const text = textOf(value);
      if (text === undefined) return 'must be text';
      return outside(schema, text) ?? [text];
    }
    case 'array': {
      const list = Array.isArray(value) ? value : [value];
      const texts: string[] = [];
      for (const item of list) {
        const text = textOf(item);
        if (text === undefined) return 'must be a list of texts';
        const wrong = outside(schema.items, text);
        if (wrong) return wrong;
        texts.push(text);
      }
      if (schema.minItems !== undefined && texts.length < schema.minItems) return `needs at least ${schema.minItems} value${schema.minItems === 1 ? '' : 's'}`;
      return texts;
    }
  }
}

/** A text, or a number written as one (`quantity: 4` for "4"). */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** The rule a text breaks when it is none of the input's words (nor of the form it takes besides). */
function outside(words: Words, text: string): string | undefined {
  if (words.enum) return words.enum.includes(text) ? undefined : `must be one of ${words.enum.join(', ')}`;
  if (!words.anyOf) return undefined;
  const [{ enum: list }, form] = words.anyOf;
  return list.includes(text) || new RegExp(form.pattern).test(text) ? undefined : `must be one of ${list.join(', ')} or ${form.description}`;
}

function place(input: ToolInput, value: string[] | boolean, options: string[], positionals: string[]): void {
  switch (input.place) {
    case 'guard':
      return;
    case 'argument':
      positionals.push(...(value as string[]));
      return;
    case 'switch':
      if (value === true) options.push(`--${input.flag}`);
      return;
    case 'value':
      for (const word of typeof value === 'boolean' ? [String(value)] : value) options.push(`--${input.flag}=${word}`);
  }
}

/** What a command quotes as it is: a command line (`rentals prices import --undo r.ndjson`), a text in backticks or in double quotes (a value given). */
const QUOTED = /`[^`\n]*`|"(?:[^"\\\n]|\\.)*"|(?<!\w)'[^'\n]*'|\brentals(?: (?:'[^'\n]*'|[^\s'"`;(),.:]|[,.:](?=\S))+)+/g;
/** A flag as a message names it, with the value's placeholder after it (`--quantity <n>`). */
const FLAG = /(?<![\w\-/=])--([a-z0-9][\w-]*)(?![\w-])( <[^<>\n]+>)?/g;
/** The other spellings of a flag a message lists beside it (`--event-status-id: is required (also --status)`). */
const ALSO = / \(also (--[\w-]+(?:, --[\w-]+)*)\)/g;

/**
 * What a command said, in the tool's words: each flag of one of the tool's inputs named as the
 * input, from the same inputs that place them on the command line (`--limit` → `limit`, a switch
 * `--yes` → `yes: true`, `--inactive` → `active: false`, an alias as its input); a value's
 * placeholder after it goes, and so does a list of other spellings of inputs (an input has one).
 * A command line the message quotes, a quoted value and every other flag are left as they are.
 */
export function inToolWords(tool: Tool): (text: string) => string {
  const named = new Map<string, string>();
  for (const input of tool.inputs) {
    if (input.place !== 'switch' && input.place !== 'value') continue;
    for (const flag of [input.flag, ...(input.aliases ?? [])]) named.set(flag, input.place === 'switch' ? `${input.property}: true` : input.property);
    if (input.inverse) named.set(input.inverse, `${input.property}: false`);
  }
  const inputs = (text: string): string =>
    text
      .replace(ALSO, (said, flags: string) => (flags.split(', ').every((flag) => named.has(flag.slice(2))) ? '' : said))
      .replace(FLAG, (said, flag: string) => named.get(flag) ?? said);
  return (text) => {
    let out = '';
    let from = 0;
    for (const quoted of text.matchAll(QUOTED)) {
      out += inputs(text.slice(from, quoted.index)) + quoted[0];
      from = quoted.index + quoted[0].length;
    }
    return out + inputs(text.slice(from));
  };
}
