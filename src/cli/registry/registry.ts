// The one registry of commands: every group and command of the tool, as descriptions. Help,
// the lazy build of one group per run, shell completion and the contract test all read it.

import type { Command } from 'commander';
import type { CommandGroup, CommandNode, LeafCommand, Registrar } from './spec.js';
import { describe } from './spec.js';

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

export class CommandRegistry {
  constructor(readonly nodes: readonly CommandNode[]) {
    checkUnique('', nodes);
  }

  /** The top-level group or command named (or aliased) `word`. */
  find(word: string | undefined): CommandNode | undefined {
    if (word === undefined) return undefined;
    return this.nodes.find((node) => node.name === word || node.aliases.includes(word));
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
   * Adds every top-level node under `program`. Only `full` groups are built with their commands:
   * the others get their name, aliases and summary (all that the top-level help shows).
   */
  attach(program: Command, reg: Registrar, full: (node: CommandNode) => boolean): void {
    for (const node of this.nodes) {
      if (node.kind === 'command') {
        node.attach(program, reg);
        continue;
      }
      const group = program.command(node.name);
      if (!full(node)) {
        group.description(node.summary).aliases([...node.aliases]);
        continue;
      }
      describe(group, node);
      for (const command of this.commandsOf(node)) command.attach(group, reg);
    }
  }
}
