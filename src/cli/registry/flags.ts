// A command's options as data (wrangler's `createCommand` args, npm's parameter definitions): one
// entry per option, keyed by the name the handler reads. Both what commander declares and the type
// of the handler's options are derived from it, so a misspelt read or a renamed entry fails `tsc`
// (test/cli/command-types.test.ts). The flag is the key in kebab case (`dryRun` → `--dry-run`); a
// concept entry (`{ concept: 'item' }`) adds every spelling of the concept (vocabulary.ts), a fields
// entry the flags of a resource's fields (field-flags.ts).

import { type Argument, type Command, Option } from 'commander';
import type { FieldDef } from '../../resources/definitions.js';
import { type FieldFlagValues, addFieldOption } from '../field-flags.js';
import { type ConceptHow, type ConceptName, type ConceptOptions, addConcept, refuseEmptyFileName } from '../vocabulary.js';

interface FlagBase {
  /** One line of help. */
  help: string;
  /** `y` → `-y, --yes`. */
  short?: string;
  /** Options that cannot be given with this one (their keys). */
  conflicts?: readonly string[];
  /** Declared only when true (a flag only some resources take: `--allow-overbook` for bookings). */
  when?: boolean;
  /** Taken (and suggested for a typo) but not listed in help: `--api-version` of a resource with one version, where there is nothing to choose. */
  unlisted?: boolean;
  /**
   * Named, without its help, in the command help's line of options that this help topic describes
   * (`rentals help bulk`): the options every bulk run shares, so that a command's help stays one screen.
   */
  topic?: string;
}

// The fixed sets of words a flag or a positional argument takes, as its command declares them:
// commander's `choices` (checked by commander), a flag's `values` and a command's `argValues`
// (checked by the use case, case aside, with a "did you mean"), a global flag's setting's values,
// and an argument written as its words (`<utilization|revenue>`). Completion offers them (read
// from commander's options) and the assistant's tool schemas list them as enums (read from the
// declarations: flagWords, argumentWords); each comes from the constant its parser checks against,
// so none can disagree.

/** An argument's words, or a function of the arguments before it (`config set <key> <value>`: the value's words depend on the key). */
export type ArgumentValues = readonly string[] | ((before: readonly string[]) => readonly string[] | undefined);

/** An option's words, or a function that gives them when asked (a long list the platform knows: the time zones). */
type OptionValues = readonly string[] | (() => readonly string[] | undefined);

const OPTION_VALUES = new WeakMap<Option, OptionValues>();
const ARGUMENT_VALUES = new WeakMap<Argument, ArgumentValues>();

export function declareOptionValues(option: Option, values: OptionValues): void {
  OPTION_VALUES.set(option, values);
}

export function declareArgumentValues(argument: Argument, values: ArgumentValues): void {
  ARGUMENT_VALUES.set(argument, values);
}

/** The words an option takes, when they are a fixed set; undefined for any other value. */
export function declaredOptionValues(option: Option): readonly string[] | undefined {
  const declared = option.argChoices ?? OPTION_VALUES.get(option);
  return typeof declared === 'function' ? declared() : declared;
}

/** The words of a positional argument after the arguments `before` it, when they are a fixed set. */
export function declaredArgumentValues(argument: Argument, before: readonly string[]): readonly string[] | undefined {
  return argumentWords(argument.name(), ARGUMENT_VALUES.get(argument) ?? argument.argChoices, before);
}

/** An argument's words from its declaration: its `argValues` (after the arguments `before` it), else the words of its name (`<utilization|revenue>`). */
export function argumentWords(name: string, declared: ArgumentValues | undefined, before: readonly string[]): readonly string[] | undefined {
  if (declared !== undefined) return typeof declared === 'function' ? declared(before) : declared;
  return name.includes('|') ? name.split('|') : undefined;
}

/** A value flag's words from its declaration: the `choices` commander checks, else the `values` its handler checks. */
export function flagWords(decl: ValueFlag): readonly string[] | undefined {
  return decl.choices ?? decl.values;
}

type Alternatives<W extends readonly string[]> = W extends readonly [infer Only extends string]
  ? Only
  : W extends readonly [infer First extends string, ...infer Rest extends readonly string[]]
    ? `${First}|${Alternatives<Rest>}`
    : string;

/** `['utilization', 'revenue']` → `<utilization|revenue>`: a required argument written as its words, typed as the literal. */
export function oneOf<const W extends readonly string[]>(words: W): `<${Alternatives<W>}>` {
  return `<${words.join('|')}>` as `<${Alternatives<W>}>`;
}

const TOPICS = new WeakMap<Option, string>();
const UNLISTED = new WeakSet<Option>();

/** An option help does not list (FlagBase.unlisted). */
export function unlisted(option: Option): boolean {
  return UNLISTED.has(option);
}

/** The help topic that describes an option named in its topic's line (FlagBase.topic); undefined for the others. */
export function optionTopic(option: Option): string | undefined {
  return TOPICS.get(option);
}

/** `--dry-run`: true when given. */
export interface SwitchFlag extends FlagBase {
  value?: never;
}

/** `--plan <file>`: the value as given (a string), one of `choices`, or `default` when not given. */
export interface ValueFlag extends FlagBase {
  /** The value's name in help (`file` → `--plan <file>`). */
  value: string;
  choices?: readonly string[];
  /**
   * The words it takes when they are a fixed set the handler checks itself (case aside, with a "did
   * you mean"), unlike `choices`, which commander enforces as typed: completion offers them.
   */
  values?: readonly string[];
  /** Any value of this form besides `values` (a JSON Schema pattern, and what it is): `--range` takes its words or a month. */
  alsoTakes?: { readonly pattern: string; readonly description: string };
  default?: string;
  /** Repeatable: each value given, in order. */
  list?: (value: string, previous: string[] | undefined) => string[];
}

/** Every spelling of a shared concept (`--inventory-id`, `--item`): read with conceptValue(s). */
export interface ConceptFlag<C extends ConceptName = ConceptName, K extends string = string> extends Omit<ConceptHow<K>, 'keep'> {
  concept: C;
  keep?: readonly K[];
  /** Repeatable: every value of every spelling. */
  list?: (value: string, previous: string[] | undefined) => string[];
  when?: boolean;
}

/** A resource's field flags (`--quantity-available`, its aliases, `--inactive`): read with fieldsFromFlags. */
export interface FieldsFlag<F extends FieldDef = FieldDef> {
  /** Their literal types (the resource table keeps them) type the handler's reads: FieldFlagValues. */
  fields: readonly F[];
  /** Help says each is required (prices set). */
  required?: boolean;
  when?: boolean;
}

export type FlagDecl = SwitchFlag | ValueFlag | ConceptFlag | FieldsFlag;
export type FlagDecls = Readonly<Record<string, FlagDecl>>;

type ValueOf<D> = D extends { choices: readonly (infer C extends string)[] }
  ? C
  : D extends { list: (...args: never[]) => string[] }
    ? string[]
    : D extends { value: string }
      ? string
      : true;

type IsPlain<D> = D extends ConceptFlag | FieldsFlag ? false : true;
type IsDefaulted<D> = D extends { default: string } ? true : false;

type ConceptPart<D> = D extends { concept: infer C extends ConceptName }
  ? ConceptOptions<C, D extends { keep: readonly (infer K extends string)[] } ? K : never, D extends { list: (...args: never[]) => string[] } ? string[] : string>
  : D extends FieldsFlag<infer F>
    ? FieldFlagValues<F>
    : {}; // a plain entry adds nothing here (`unknown` would swallow the union)
type Intersect<U> = (U extends unknown ? (whole: U) => void : never) extends (whole: infer I) => void ? I : never;
type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** What the handler reads: each entry's value under its key (present when defaulted), each concept under its spellings. */
export type FlagValues<F extends FlagDecls> = Flatten<
  { -readonly [K in keyof F as IsPlain<F[K]> extends true ? (IsDefaulted<F[K]> extends true ? never : K) : never]?: ValueOf<F[K]> } & {
    -readonly [K in keyof F as IsPlain<F[K]> extends true ? (IsDefaulted<F[K]> extends true ? K : never) : never]: ValueOf<F[K]>;
  } & Intersect<
      { [K in keyof F]: ConceptPart<F[K]> }[keyof F]
    >
>;

/** `dryRun` → `dry-run`: the flag commander reads back as `dryRun`. */
export function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** Declares every entry of `flags` on the command, in order. */
export function addFlags(command: Command, flags: FlagDecls): void {
  for (const [key, decl] of Object.entries(flags)) {
    if (decl.when === false) continue;
    if ('concept' in decl) {
      addConcept(command, decl.concept, decl, decl.list);
      continue;
    }
    if ('fields' in decl) {
      for (const field of decl.fields) addFieldOption(command, field, decl.required === true);
      continue;
    }
    const long = `--${kebab(key)}${decl.value === undefined ? '' : ` <${decl.value}>`}`;
    const option = new Option(decl.short ? `-${decl.short}, ${long}` : long, decl.help);
    if (decl.value !== undefined) {
      if (decl.choices) option.choices(decl.choices);
      if (decl.values) declareOptionValues(option, decl.values);
      if (decl.default !== undefined) option.default(decl.default);
      if (decl.list) option.argParser(decl.list);
      else refuseEmptyFileName(option);
    }
    if (decl.conflicts) option.conflicts([...decl.conflicts]);
    if (decl.unlisted) UNLISTED.add(option);
    if (decl.topic) TOPICS.set(option, decl.topic);
    command.addOption(option);
  }
}
