// Shell completion: the shells' scripts (scripts.ts) hand the words typed so far to the hidden
// `rentals __complete` command, which answers from the command tree itself, so completion can
// never drift from the commands. Fixed sets of words (report kinds, --range names, config keys)
// are the ones the commands declare (registry/flags.ts). Values that are records (items, blocks,
// statuses, events, categories) come from a short-lived local cache of names (name-cache.ts).

import type { Command, Option } from 'commander';
import { refusesGlobalFlag } from '../registry/spec.js';
import { type ResourceName } from '../../resources/definitions.js';

export interface Candidate {
  value: string;
  description?: string;
}

/** Where the values of an option come from. */
export type ValueSource =
  | { kind: 'fixed'; values: string[] }
  | { kind: 'names'; resource: ResourceName }
  | { kind: 'profiles' }
  | { kind: 'files' }
  | { kind: 'none' };

export interface CompletionSources {
  /** The values an option takes, from its long flag (`--item` → inventory names). */
  optionValues: (command: Command, option: Option) => ValueSource;
  /** The values of a command's positional argument at `index`, after the arguments `before` it. */
  argumentValues: (command: Command, index: number, before: readonly string[]) => ValueSource;
  /** The records TAB offers: by name, or by id (`name` then says which name a typed prefix is matched against). */
  names: (resource: ResourceName) => Promise<Array<Candidate & { name?: string }>>;
  profiles: () => Promise<string[]>;
}

/** What the shell asked: the words after `rentals`, the last one being completed (maybe ""). */
export async function complete(root: Command, words: string[], sources: CompletionSources): Promise<Candidate[] | 'files'> {
  const current = words.length > 0 ? words[words.length - 1]! : '';
  const before = words.slice(0, -1);
  let command = root;
  const positionals: string[] = [];
  let pendingOption: Option | undefined;
  let afterDoubleDash = false;
  for (const word of before) {
    if (pendingOption) {
      pendingOption = undefined;
      continue;
    }
    if (!afterDoubleDash && word === '--') {
      afterDoubleDash = true;
      continue;
    }
    if (!afterDoubleDash && word.startsWith('-') && word.length > 1) {
      const option = findOption(command, word.split('=')[0]!);
      if (option && takesValue(option) && !word.includes('=')) pendingOption = option;
      continue;
    }
    const sub = afterDoubleDash || positionals.length > 0 ? undefined : findCommand(command, word);
    if (sub) {
      command = sub;
      positionals.length = 0;
    } else {
      positionals.push(word);
    }
  }
  if (pendingOption) return values(sources.optionValues(command, pendingOption), current, sources);
  if (!afterDoubleDash && current.startsWith('-')) {
    const eq = current.indexOf('=');
    if (eq > 0) {
      const option = findOption(command, current.slice(0, eq));
      if (!option || !takesValue(option)) return [];
      const found = await values(sources.optionValues(command, option), current.slice(eq + 1), sources);
      return found === 'files' ? found : found.map((c) => ({ ...c, value: `${current.slice(0, eq + 1)}${c.value}` }));
    }
    return optionsOf(command).filter((c) => c.value.startsWith(current));
  }
  const subcommands = positionals.length === 0 ? visibleCommands(command) : [];
  const candidates = subcommands.filter((c) => c.value.startsWith(current));
  if (subcommands.length > 0) return candidates;
  return values(sources.argumentValues(command, positionals.length, positionals), current, sources);
}

async function values(source: ValueSource, prefix: string, sources: CompletionSources): Promise<Candidate[] | 'files'> {
  let all: Array<Candidate & { name?: string }>;
  switch (source.kind) {
    case 'files':
      return 'files';
    case 'none':
      return [];
    case 'fixed':
      all = source.values.map((value) => ({ value }));
      break;
    case 'profiles':
      all = (await sources.profiles()).map((value) => ({ value }));
      break;
    case 'names':
      all = await sources.names(source.resource);
      break;
  }
  const folded = prefix.toLowerCase();
  const seen = new Set<string>();
  const found: Candidate[] = [];
  for (const { value, name, description } of all) {
    if (seen.has(value) || !(value.toLowerCase().startsWith(folded) || (name ?? '').toLowerCase().startsWith(folded))) continue;
    seen.add(value);
    found.push(description === undefined ? { value } : { value, description });
  }
  return found;
}

function visibleCommands(command: Command): Candidate[] {
  return command.commands
    .filter((c) => !(c as Command & { _hidden?: boolean })._hidden)
    .map((c) => ({ value: c.name(), description: c.summary() || c.description().split('\n')[0] }));
}

function findCommand(command: Command, word: string): Command | undefined {
  return command.commands.find((c) => c.name() === word || c.aliases().includes(word));
}

/** The command's own options and every ancestor's (global flags work at any depth). */
function allOptions(command: Command): Option[] {
  const options: Option[] = [];
  for (let c: Command | null = command; c; c = c.parent) options.push(...c.options);
  return options;
}

function findOption(command: Command, flag: string): Option | undefined {
  return allOptions(command).find((o) => o.long === flag || o.short === flag);
}

function takesValue(option: Option): boolean {
  return option.required || option.optional;
}

function optionsOf(command: Command): Candidate[] {
  const out: Candidate[] = [];
  // The global output flags the command takes, not the others (a server, a shell script: none or --out).
  const refused = (option: Option) => !command.options.includes(option) && refusesGlobalFlag(command, option.attributeName());
  for (const option of allOptions(command)) {
    if (option.long && !refused(option)) out.push({ value: option.long, description: option.description });
  }
  out.push({ value: '--help', description: 'show help' });
  return out;
}
