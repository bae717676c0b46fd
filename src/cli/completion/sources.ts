// Where completion values come from, derived from the resource descriptions: an id flag that
// names a labelled resource (`--inventory-id`, `--item`, `--status`) completes that resource's
// names; a positional id of a resource's verb (`events get <id>`) completes its names too. A flag
// or an argument that declares a fixed set of words (registry/flags.ts) completes them,
// and -o the formats its command prints.

import type { Command, Option } from 'commander';
import { type ResourceName, kebabCase, resourceList, resources } from '../../resources/definitions.js';
import { VIEW_FORMATS } from '../../output/formats.js';
import { declaredArgumentValues, declaredOptionValues } from '../registry/flags.js';
import { outputOf } from '../registry/spec.js';
import type { ValueSource } from './complete.js';

/** Flags that name records, without dashes → the resource whose names they take. */
const NAME_FLAGS: Map<string, ResourceName> = (() => {
  const map = new Map<string, ResourceName>([
    ['category', 'categories'],
    ['category-id', 'categories'],
  ]);
  for (const def of resourceList) {
    for (const field of def.fields) {
      const target = field.references;
      if (!target || !resources[target].labelField) continue;
      map.set(kebabCase(field.name), target);
      for (const alias of field.aliases ?? []) map.set(alias, target);
    }
  }
  return map;
})();

const FILE_FLAG = /(^|-)(file|out|report|plan|data|snapshot|dir|path)$/;

/** -o of a command: the formats it prints; before a command is named, every format. */
function formatsOf(command: Command): readonly string[] {
  return outputOf(command)?.formats ?? VIEW_FORMATS;
}

export function optionValues(command: Command, option: Option): ValueSource {
  const flag = (option.long ?? '').replace(/^--/, '');
  const resource = NAME_FLAGS.get(flag);
  if (resource) return { kind: 'names', resource };
  if (flag === 'profile') return { kind: 'profiles' };
  if (flag === 'output') return { kind: 'fixed', values: [...formatsOf(command)] };
  const declared = declaredOptionValues(option);
  if (declared) return { kind: 'fixed', values: [...declared] };
  if (FILE_FLAG.test(flag) || flag.startsWith('from-')) return { kind: 'files' };
  if (option.optional && /\[bool\]/.test(option.flags)) return { kind: 'fixed', values: ['true', 'false'] };
  return { kind: 'none' };
}

/** Positional arguments named like an id (`<id>`, `<event>`) take names of the group's resource. */
export function argumentValues(command: Command, index: number, before: readonly string[], topics: () => string[]): ValueSource {
  const argument = command.registeredArguments[index];
  if (!argument) return { kind: 'none' };
  const declared = declaredArgumentValues(argument, before);
  if (declared) return { kind: 'fixed', values: [...declared] };
  const name = argument.name();
  if (command.name() === 'help' && !command.parent?.parent) return { kind: 'fixed', values: topics() };
  if (/file|snapshot|path/.test(name) || (command.name() === 'diff' && !command.parent?.parent)) return { kind: 'files' };
  const group = command.parent;
  const def = group ? resourceList.find((d) => d.command === group.name()) : undefined;
  const byName = resourceList.find((d) => d.singular === name || d.name === name);
  const target = name === 'id' ? def : byName;
  if (target?.labelField) return { kind: 'names', resource: target.name };
  return { kind: 'none' };
}
