// The one registry of commands: every group and command of the tool, as descriptions. Help,
// the lazy build of one group per run, shell completion and the contract test all read it.
// A top-level entry may be lazy (LazyEntry): its module is imported only when a run names it,
// so that a start loads the code of one command, not of all of them.

import type { Command } from 'commander';
import type { CommandGroup, CommandNode, LazyEntry, LeafCommand, Registrar } from './spec.js';
import { describe } from './spec.js';

/** A top-level entry: a command or group already described, or one to load. */
export type RegistryEntry = CommandNode | LazyEntry;

/** What a top-level entry is once loaded (a lazy entry: the kind it says it loads). */
function kindOf(entry: RegistryEntry): CommandNode['kind'] {
  return entry.kind === 'lazy' ? entry.loads : entry.kind;
}

/** Verbs in this order in a group's help; others follow in the order they were declared. */
const VERB_ORDER = ['list', 'get', 'add', 'update', 'delete', 'open', 'set', 'export', 'import', 'adjust', 'apply'];

function rank(name: string): number {
  const index = VERB_ORDER.indexOf(name);
  return index === -1 ? VERB_ORDER.length : index;
}

/** Refuses a name or alias given twice among siblings: `events show` vs the `show` alias of `get`. */
function checkUnique(where: string, nodes: ReadonlyArray<{ name: string; aliases: readonly string[] }>): void {
  const seen = new Map<string, string>();
  for (const node of nodes) {
    for (const word of [node.name, ...node.aliases]) {
      const owner = seen.get(word);
      if (owner !== undefined) {
        const what = (name: string) => (name === word ? `the command "${name}"` : `an alias of "${name}"`);
        throw new Error(`command registry: "${where ? `${where} ` : ''}${word}" is both ${what(owner)} and ${what(node.name)}; rename one or drop the alias`);
      }
      seen.set(word, node.name);
    }
  }
}

function answersTo(info: { name: string; aliases: readonly string[] }, word: string | undefined): boolean {
  return word !== undefined && (info.name === word || info.aliases.includes(word));
}

/** A command listed by name, aliases and summary only: not run in this process. */
function placeholder(parent: Command, info: { name: string; aliases: readonly string[]; summary: string; hidden?: boolean }): void {
  parent.command(info.name, { hidden: info.hidden === true }).description(info.summary).aliases([...info.aliases]);
}

export class CommandRegistry {
  private readonly loaded = new Map<RegistryEntry, Promise<CommandNode>>();

  constructor(readonly entries: readonly RegistryEntry[]) {
    checkUnique('', entries);
  }

  /** The top-level entry named (or aliased) `word`. */
  find(word: string | undefined): RegistryEntry | undefined {
    return this.entries.find((entry) => answersTo(entry, word));
  }

  /**
   * The command or group an entry describes, its module imported once. A loaded node that does
   * not answer to the entry's name, aliases, summary and kind is a defect of the catalog.
   */
  load(entry: RegistryEntry): Promise<CommandNode> {
    if (entry.kind !== 'lazy') return Promise.resolve(entry);
    let node = this.loaded.get(entry);
    if (!node) {
      node = entry.load().then((loaded) => {
        const same = loaded.kind === entry.loads && loaded.name === entry.name && loaded.summary === entry.summary && loaded.aliases.join() === entry.aliases.join();
        if (!same) throw new Error(`command registry: the module of "${entry.name}" describes "${loaded.name}" (${loaded.kind}: ${loaded.summary}), not what the catalog lists`);
        return loaded;
      });
      this.loaded.set(entry, node);
    }
    return node;
  }

  /** Every entry loaded (help of everything, completion, the man page, tests). */
  async loadAll(): Promise<Map<RegistryEntry, CommandNode>> {
    const nodes = await Promise.all(this.entries.map((entry) => this.load(entry)));
    return new Map(this.entries.map((entry, i) => [entry, nodes[i]!]));
  }

  /**
   * The nodes a run with these command words needs: the entries they name, and every top-level
   * command when a word names none (the root help and "did you mean" list them with their arguments).
   */
  async loadFor(words: ReadonlyArray<string | undefined>): Promise<Map<RegistryEntry, CommandNode>> {
    const named = words.map((word) => this.find(word));
    const wanted = new Set(named.filter((entry): entry is RegistryEntry => entry !== undefined));
    if (named.some((entry) => entry === undefined)) for (const entry of this.entries) if (kindOf(entry) === 'command') wanted.add(entry);
    const nodes = new Map<RegistryEntry, CommandNode>();
    for (const entry of wanted) nodes.set(entry, await this.load(entry));
    return nodes;
  }

  /**
   * The group `word` names with only the command `verb` names in it, loaded without the rest of
   * the group (LazyEntry.loadCommand); undefined when the entry cannot make that command alone.
   */
  async loadAlone(word: string | undefined, verb: string): Promise<Map<RegistryEntry, CommandNode> | undefined> {
    const entry = this.find(word);
    if (entry?.kind !== 'lazy' || !entry.loadCommand) return undefined;
    const command = await entry.loadCommand(verb);
    if (!command) return undefined;
    const group: CommandGroup = {
      kind: 'group',
      name: entry.name,
      aliases: entry.aliases,
      summary: entry.summary,
      examples: [],
      commands: () => [command],
      commandNamed: (named) => (answersTo(command, named) ? command : undefined),
    };
    return new Map([[entry, group]]);
  }

  /** Every command with its words (`events`, `book`), in help order: the assistant's tools, the registry-wide tests. */
  async everyCommand(): Promise<Array<{ words: string[]; command: LeafCommand }>> {
    const nodes = await this.loadAll();
    return [...nodes.values()].flatMap((node) =>
      node.kind === 'group' ? this.commandsOf(node).map((command) => ({ words: [node.name, command.name], command })) : [{ words: [node.name], command: node }],
    );
  }

  /** A group's commands in help order; throws on a duplicate name or alias. */
  commandsOf(group: CommandGroup): LeafCommand[] {
    const commands = group.commands().map((command, index) => ({ command, index }));
    commands.sort((a, b) => rank(a.command.name) - rank(b.command.name) || a.index - b.index);
    const sorted = commands.map(({ command }) => command);
    checkUnique(group.name, sorted);
    return sorted;
  }

  /**
   * Adds every top-level entry under `program`. The `built` ones (loaded for this run) are built in
   * full, a group with its commands — all of them, or when `verb` names one of them, that one —
   * and the others are placeholders with their name, aliases and summary (all that a list of
   * commands shows, and what "did you mean" reads). A run that names one command that exists
   * (`inventory list`, `check`) shows no list of commands: it gets no placeholders at all, and
   * true is returned.
   */
  attach(program: Command, reg: Registrar, built: ReadonlyMap<RegistryEntry, CommandNode>, verb?: string): boolean {
    const only = built.size === 1 ? [...built.values()][0]! : undefined;
    const alone = only?.kind === 'group' && verb !== undefined ? only.commandNamed?.(verb) : undefined;
    if (alone) {
      alone.attach(describe(program.command(only!.name), only!), reg);
      return true;
    }
    // Each built group's commands, generated once: whether the verb names one decides the rest.
    const commandsOf = new Map<CommandNode, LeafCommand[]>();
    for (const node of built.values()) if (node.kind === 'group') commandsOf.set(node, this.commandsOf(node));
    const named = (node: CommandNode) => commandsOf.get(node)?.some((command) => answersTo(command, verb)) === true;
    const lone = built.size === 1 ? [...built.values()][0]! : undefined;
    const focused = lone !== undefined && (lone.kind === 'command' || named(lone));
    for (const entry of this.entries) {
      const node = built.get(entry);
      if (!node) {
        if (!focused) placeholder(program, entry);
        continue;
      }
      if (node.kind === 'command') {
        node.attach(program, reg);
        continue;
      }
      const group = program.command(node.name);
      describe(group, node);
      const one = named(node);
      for (const command of commandsOf.get(node)!) {
        if (!one || answersTo(command, verb)) command.attach(group, reg);
        else if (!focused) placeholder(group, command);
      }
    }
    return focused;
  }
}
