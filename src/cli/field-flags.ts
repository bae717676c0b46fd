// Flags from field descriptions: every writable field gets `--<kebab-case of the API name>`,
// plus short aliases (`--item`) and, for flags, an inverse (`--inactive`).

import { type Command, Option } from 'commander';
import { UsageError } from '../errors.js';
import { type FieldDef, type ResourceDef, type Writable, kebabCase, writableFields } from '../resources/definitions.js';
declare const FIELD_FLAGS: unique symbol;

/** `quantity-available` → `quantityAvailable`: the key commander gives a flag (camel below, as a type). */
export type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
type Alias<F> = F extends { aliases: readonly (infer A extends string)[] } ? (string extends A ? never : A) : never;
type Inverse<F> = F extends { inverseFlag: infer I extends string } ? (string extends I ? never : I) : never;

/** Field flags of fields known only at run time (a FieldDef[] of no particular resource): read through the table only. */
interface UntypedFieldFlags {
  readonly [FIELD_FLAGS]?: true;
}

/**
 * The options that a `fields` entry of a command's flags gives, typed from the resource table
 * (its literal types kept): `--quantity-available <n>` → `quantityAvailable?: string`, its alias `qty`, a bool
 * field's `--active [bool]` (`string | true`) and its inverse `--inactive` (`true`). A misspelt read
 * fails `tsc`. Fields of no known resource give an opaque type, read through fieldsFromFlags only.
 */
export type FieldFlagValues<F extends FieldDef = FieldDef> = string extends F['name']
  ? UntypedFieldFlags
  : Whole<{ [P in F as P['name']]?: P extends { kind: 'bool' } ? string | true : string } & { [K in Camel<Alias<F>>]?: string } & { [K in Camel<Inverse<F>>]?: true }>;

/** One object type of an intersection (so that options sharing no flag with it are refused, not merged). */
type Whole<T> = { [K in keyof T]: T[K] };

/** The field flags of a resource's writable fields. */
export type ResourceFieldFlags<D extends ResourceDef> = FieldFlagValues<Writable<D['fields'][number]>>;

/** Parsed flags, by commander's camel-case name. */
type OptionValues = Record<string, unknown>;

function values(options: object): OptionValues {
  return options as OptionValues;
}

/** `--quantity-available` → `quantityAvailable`: the key commander gives a flag's value. */
export function camel(flag: string): string {
  return flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Alias options by the long flag they stand for (`--status` → `--event-status-id`): help shows them on that flag's line. */
const ALIASES = new WeakMap<Option, string>();

/** Declares `alias` another spelling of `--flag` (help folds it into that flag's line). */
export function addAliasOption(command: Command, alias: Option, flag: string): void {
  ALIASES.set(alias, `--${flag}`);
  command.addOption(alias);
}

/** The long flag an alias option stands for; undefined for an option of its own. */
export function aliasTarget(option: Option): string | undefined {
  return ALIASES.get(option);
}

export function addFieldOption(command: Command, field: FieldDef, required = false): void {
  const flag = kebabCase(field.name);
  const describe = required ? `${field.description} (required)` : field.description;
  if (field.kind === 'bool') {
    command.addOption(new Option(`--${flag} [bool]`, `${describe}: true|false|1|0|yes|no`));
    if (field.inverseFlag) command.addOption(new Option(`--${field.inverseFlag}`, `same as --${flag} false`));
  } else {
    const placeholder = field.kind === 'datetime' ? 'datetime' : field.kind === 'string' ? 'text' : field.kind === 'id' ? 'id' : 'n';
    command.addOption(new Option(`--${flag} <${placeholder}>`, describe));
  }
  for (const alias of field.aliases ?? []) {
    addAliasOption(command, new Option(`--${alias} <value>`, `alias of --${flag}`), flag);
  }
}

/** The value a field's flags gave (canonical flag, alias or inverse), or undefined. */
export function fieldFlagValue<F extends FieldDef>(field: F, flags: FieldFlagValues<F>): unknown {
  const given = givenFlags(field, flags);
  if (given.length > 1 && new Set(given.map(([, v]) => String(v))).size > 1) {
    throw new UsageError(`${given.map(([f]) => f).join(' and ')} disagree; give ${field.name} once`);
  }
  return given[0]?.[1];
}

/** The flag that set a field, as typed (`--start` for `--start-date`), or undefined when none did. */
export function fieldFlagGiven(field: FieldDef, flags: object): string | undefined {
  return givenFlags(field, flags)[0]?.[0];
}

function givenFlags(field: FieldDef, flags: object): Array<[string, unknown]> {
  const options = values(flags);
  const given: Array<[string, unknown]> = [];
  const canonical = options[field.name];
  if (canonical !== undefined) given.push([`--${kebabCase(field.name)}`, canonical === true ? 'true' : canonical]);
  for (const alias of field.aliases ?? []) {
    const value = options[camel(alias)];
    if (value !== undefined) given.push([`--${alias}`, value]);
  }
  if (field.inverseFlag && options[camel(field.inverseFlag)] === true) given.push([`--${field.inverseFlag}`, 'false']);
  return given;
}

/** The fields given as flags, by API name. */
export function fieldsFromFlags<D extends ResourceDef>(def: D, options: ResourceFieldFlags<D>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of writableFields(def)) {
    const value = fieldFlagValue(field, options);
    if (value !== undefined) body[field.name] = value;
  }
  return body;
}
