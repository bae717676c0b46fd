// Flags from field descriptions: every writable field gets `--<kebab-case of the API name>`,
// plus short aliases (`--item`) and, for flags, an inverse (`--inactive`).

import { type Command, Option } from 'commander';
import { UsageError } from '../errors.js';
import { type FieldDef, type ResourceDef, kebabCase, writableFields } from '../resources/definitions.js';
declare const FIELD_FLAGS: unique symbol;

/**
 * The options of a command that declared field flags (a `fields` entry of its flags): the fields are
 * read through the resource table (fieldsFromFlags), never by a name written in the handler.
 */
export interface FieldFlagValues {
  readonly [FIELD_FLAGS]?: true;
}

/** Parsed flags, by commander's camel-case name. */
type OptionValues = Record<string, unknown>;

function values(options: FieldFlagValues): OptionValues {
  return options as OptionValues;
}

/** `--quantity-available` → `quantityAvailable`: the key commander gives a flag's value. */
export function camel(flag: string): string {
  return flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
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
    command.addOption(new Option(`--${alias} <value>`, `alias of --${flag}`));
  }
}

/** The value a field's flags gave (canonical flag, alias or inverse), or undefined. */
export function fieldFlagValue(field: FieldDef, flags: FieldFlagValues): unknown {
  const options = values(flags);
  const given: Array<[string, unknown]> = [];
  const canonical = options[field.name];
  if (canonical !== undefined) given.push([`--${kebabCase(field.name)}`, canonical === true ? 'true' : canonical]);
  for (const alias of field.aliases ?? []) {
    const value = options[camel(alias)];
    if (value !== undefined) given.push([`--${alias}`, value]);
  }
  if (field.inverseFlag && options[camel(field.inverseFlag)] === true) given.push([`--${field.inverseFlag}`, 'false']);
  if (given.length > 1 && new Set(given.map(([, v]) => String(v))).size > 1) {
    throw new UsageError(`${given.map(([f]) => f).join(' and ')} disagree; give ${field.name} once`);
  }
  return given[0]?.[1];
}

/** The fields given as flags, by API name. */
export function fieldsFromFlags(def: ResourceDef, options: FieldFlagValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of writableFields(def)) {
    const value = fieldFlagValue(field, options);
    if (value !== undefined) body[field.name] = value;
  }
  return body;
}
