// One vocabulary: every registered command names a shared concept (item, quantity, date range,
// cancel reason…) with the spellings of src/cli/vocabulary.ts, all of them, and the field aliases
// of definitions.ts agree with it.

import type { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { type Concept, type ConceptName, VOCABULARY } from '../../src/cli/vocabulary.js';
import { ExitCode } from '../../src/errors.js';
import { resourceList } from '../../src/resources/definitions.js';
import { fakeContext } from '../helpers/fake-context.js';

const concepts = Object.entries(VOCABULARY) as Array<[ConceptName, Concept]>;

function leaves(command: Command, path: string[] = []): Array<{ path: string; flags: Set<string>; help: Map<string, string> }> {
  if (command.commands.length === 0) {
    const help = new Map(command.options.flatMap((o) => (o.long ? [[o.long.replace(/^--/, ''), o.description] as const] : [])));
    return [{ path: path.join(' '), flags: new Set(help.keys()), help }];
  }
  return command.commands.flatMap((child) => leaves(child, [...path, child.name()]));
}

/** What is wrong with one command's flags, as sentences (none when it speaks the vocabulary). */
function vocabularyProblems(path: string, flags: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const canonicals = new Set(concepts.map(([, c]) => c.flag));
  const globalAliases = new Set(concepts.flatMap(([, c]) => c.aliases));
  for (const [name, concept] of concepts) {
    const keptHere = Object.entries(concept.kept ?? {}).filter(([, where]) => where.includes(path)).map(([spelling]) => spelling);
    if (flags.has(concept.flag)) {
      for (const alias of [...concept.aliases, ...keptHere]) {
        if (!flags.has(alias)) problems.push(`${path}: has --${concept.flag} (${name}) but not its alias --${alias}`);
      }
    }
    for (const [spelling, where] of Object.entries(concept.kept ?? {})) {
      if (!flags.has(spelling)) continue;
      if (where.includes(path) && !flags.has(concept.flag)) problems.push(`${path}: keeps --${spelling} without --${concept.flag} (${name})`);
      const elsewhere = !concepts.some(([, c]) => Object.entries(c.kept ?? {}).some(([s, w]) => s === spelling && w.includes(path)));
      if (elsewhere && !canonicals.has(spelling) && !globalAliases.has(spelling)) {
        problems.push(`${path}: --${spelling} is kept only on ${where.join(', ')}; name the concept here (--${concept.flag})`);
      }
    }
  }
  for (const alias of globalAliases) {
    const owners = concepts.filter(([, c]) => c.aliases.includes(alias));
    if (flags.has(alias) && !owners.some(([, c]) => flags.has(c.flag))) {
      problems.push(`${path}: has --${alias} but not --${owners.map(([, c]) => c.flag).join(' or --')}, whose alias it is`);
    }
  }
  return problems;
}

const program = await buildProgram({ ctx: fakeContext({ home: '/nonexistent' }).ctx, state: { exitCode: ExitCode.ok } });

describe('one vocabulary', () => {
  const commands = leaves(program);

  test('the commands are walked, all of them', () => {
    expect(commands.length).toBeGreaterThan(60);
    expect(commands.map((c) => c.path)).toEqual(expect.arrayContaining(['events book', 'prices adjust', 'bookings import', 'load-sheet', 'sandbox', 'api']));
  });

  test.each(commands.map((c) => [c.path, c.flags] as const))('rentals %s names every concept with all its spellings', (path, flags) => {
    expect(vocabularyProblems(path, flags)).toEqual([]);
  });

  test.each(commands.map((c) => [c.path, c.help] as const))('rentals %s: the help of each alias names its flag', (path, help) => {
    for (const [, concept] of concepts) {
      const kept = Object.entries(concept.kept ?? {}).filter(([, where]) => where.includes(path)).map(([spelling]) => spelling);
      const spellings = [concept.flag, ...concept.aliases, ...kept].filter((flag) => help.has(flag));
      const keptByAnother = concepts.some(([, other]) => (other.kept?.[concept.flag] ?? []).includes(path));
      if (spellings.length === 0 || !help.has(concept.flag) || keptByAnother) continue;
      const described = spellings.filter((flag) => !/alias of --/.test(help.get(flag)!));
      expect(described, `${path}: ${spellings.join(', ')}`).toHaveLength(1);
      for (const flag of spellings.filter((f) => f !== described[0])) expect(help.get(flag)).toMatch(new RegExp(`alias of --${described[0]}$`));
    }
  });

  test('the contract catches a command that drops an alias, or has an alias without its canonical flag', () => {
    expect(vocabularyProblems('x', new Set(['quantity']))).toEqual(['x: has --quantity (quantity) but not its alias --qty']);
    expect(vocabularyProblems('x', new Set(['qty']))).toEqual(['x: has --qty but not --quantity or --quantity-available, whose alias it is']);
    expect(vocabularyProblems('x', new Set(['inventory-id']))).toEqual(['x: has --inventory-id (item) but not its alias --item']);
    expect(vocabularyProblems('x', new Set(['date']))).toEqual([
      'x: --date is kept only on events cancel; name the concept here (--cancel-date)',
      'x: --date is kept only on load-sheet; name the concept here (--from)',
    ]);
    expect(vocabularyProblems('load-sheet', new Set(['date', 'to']))).toEqual(['load-sheet: keeps --date without --from (from)']);
  });

  test('field aliases in definitions.ts are the vocabulary\'s', () => {
    for (const def of resourceList) {
      for (const field of def.fields) {
        const concept = concepts.find(([, c]) => c.field === field.name)?.[1];
        // --name is also inventory's own field: a word with two meanings is no concept's alias.
        if (field.name === 'eventName') continue;
        if (concept) expect([def.name, field.name, field.aliases ?? []]).toEqual([def.name, field.name, concept.aliases]);
        else expect([def.name, field.name, field.aliases ?? []]).toEqual([def.name, field.name, []]);
      }
    }
  });

  test('no two concepts share a canonical flag', () => {
    const flags = concepts.map(([, c]) => c.flag);
    expect(new Set(flags).size).toBe(flags.length);
  });
});
