// One vocabulary: the flag names of the concepts many commands share (an item, a quantity, a date
// range, a request body…). Every spelling of a concept goes wherever the concept does: a command
// that takes an item takes `--inventory-id` and `--item`. Field flags (field-flags.ts) get their
// aliases from the fields (resources/definitions.ts), which must list the same ones (the contract
// test in test/cli/vocabulary.test.ts checks both, over every registered command). A flag that
// names a file, whoever declares it, refuses an empty name (refuseEmptyFileName).

import { type Command, Option } from 'commander';
import { UsageError } from '../errors.js';
import { type Camel, addAliasOption, camel } from './field-flags.js';

/**
 * A flag that names a file (`--out <file>`, a command's or the global one, `--plan <file>`): an
 * empty name is a usage error naming the flag as it is parsed, before anything is read or sent
 * (a shell's `--out "$unset"` would otherwise become "cannot write : no such directory").
 */
export function refuseEmptyFileName(option: Option): void {
  if (!option.flags.endsWith(' <file>')) return;
  option.argParser((value: string) => {
    if (value === '') throw new UsageError(`${option.long}: the file name is empty; name a file`);
    return value;
  });
}

export interface Concept {
  /** The canonical flag, without dashes: named in help, the manual and messages. */
  flag: string;
  /** Accepted wherever the concept is. */
  aliases: readonly string[];
  /** Older spellings kept by one command only (`--date` means other things elsewhere), and where. */
  kept?: Readonly<Record<string, readonly string[]>>;
  /** Kept spellings that say, when used, that they are going away. */
  deprecated?: readonly string[];
  /** The value's name in help (`<n>`). */
  value: string;
  description: string;
  /** The API field whose flag this is (its aliases in definitions.ts are `aliases`). */
  field?: string;
  /** A file to read, `-` its standard input (an assistant's tool, which has none, refuses `-`). */
  stdin?: true;
}

export const VOCABULARY = {
  quantity: { flag: 'quantity', aliases: ['qty'], value: 'n', description: 'units rented (integer ≥ 0)', field: 'quantity' },
  unitsOwned: { flag: 'quantity-available', aliases: ['qty'], value: 'n', description: 'units owned (integer ≥ 0)', field: 'quantityAvailable' },
  item: { flag: 'inventory-id', aliases: ['item'], value: 'id', description: 'the inventory item (id or name)', field: 'inventoryId' },
  block: { flag: 'rental-block-id', aliases: ['block'], value: 'id', description: 'the rental block (id or name, e.g. Weekend)', field: 'rentalBlockId' },
  event: { flag: 'event-id', aliases: ['event'], value: 'id', description: 'the event (id or name)', field: 'eventId' },
  status: { flag: 'event-status-id', aliases: ['status'], value: 'id', description: 'event status id or name (e.g. Confirmed)', field: 'eventStatusId' },
  start: { flag: 'start-date', aliases: ['start'], value: 'datetime', description: 'event start', field: 'startDate' },
  end: { flag: 'end-date', aliases: ['end'], value: 'datetime', description: 'event end', field: 'endDate' },
  cancelReason: { flag: 'cancel-reason', aliases: ['reason'], value: 'text', description: 'why the event is cancelled', field: 'cancelReason' },
  // `--date` is not an alias on events add/update: there it would read as the event's date.
  cancelDate: { flag: 'cancel-date', aliases: [], kept: { date: ['events cancel'] }, value: 'when', description: 'cancellation date', field: 'cancelDate' },
  from: { flag: 'from', aliases: [], kept: { date: ['load-sheet'] }, value: 'date', description: 'start of the range' },
  to: { flag: 'to', aliases: [], value: 'date', description: 'end of the range (a day counts in full)' },
  body: { flag: 'data', aliases: [], value: 'json', description: 'request body as a JSON string' },
  bodyFile: { flag: 'file', aliases: [], value: 'path', stdin: true, description: 'JSON object from a file ("-" for stdin)' },
  dataFile: {
    flag: 'data-file',
    aliases: [],
    kept: { data: ['sandbox'] },
    deprecated: ['data'],
    value: 'file',
    description: 'persist state in this file (journal + snapshot)',
  },
} as const satisfies Record<string, Concept>;

export type ConceptName = keyof typeof VOCABULARY;

type Spelling<C extends ConceptName> = (typeof VOCABULARY)[C]['flag'] | (typeof VOCABULARY)[C]['aliases'][number];
/** The option keys a concept adds (commander's camel case), plus the kept spellings asked for. */
export type ConceptOptions<C extends ConceptName, K extends string, V> = { [P in Camel<Spelling<C> | K>]?: V };

/**
 * The concepts a command's options declare (their canonical key is among the options' keys):
 * what conceptValue(s) accept, so a command cannot read a concept it never took.
 */
export type DeclaredConcept<O> = { [C in ConceptName]: Camel<(typeof VOCABULARY)[C]['flag']> extends keyof O ? C : never }[ConceptName];

export interface ConceptHow<K extends string> {
  /** Help of the flag shown first (default: the concept's description). */
  description?: string;
  /** Its help in an assistant's tool (`rentals mcp`), where it differs (default: `description`). */
  toolDescription?: string;
  /** The value's name in help (default: the concept's). */
  value?: string;
  /** Show this alias first, the canonical one as its alias (a command whose users know the short word). */
  primary?: string;
  /** Older spellings of this command (must be listed in the concept's `kept` for it). */
  keep?: readonly K[];
  /** One of the spellings must be given (checked as commander checks a required option). */
  required?: boolean;
}

/** Every spelling of the concept on this command: the one shown first, then the others. */
function spellings(concept: Concept, how: ConceptHow<string>): string[] {
  const all = [concept.flag, ...concept.aliases, ...(how.keep ?? [])];
  const first = how.primary ?? concept.flag;
  return [first, ...all.filter((name) => name !== first)];
}

/** A concept's flags on a command (a concept entry of registry/flags.ts): the first spelling with the help, the others as its aliases. */
export function addConcept(command: Command, name: ConceptName, how: ConceptHow<string>, collect?: (value: string, previous: string[] | undefined) => string[]): void {
  const concept: Concept = VOCABULARY[name];
  const value = how.value ?? concept.value;
  const [first, ...others] = spellings(concept, how);
  const option = (flag: string, help: string) => {
    const made = new Option(`--${flag} <${value}>`, help);
    if (collect) made.argParser(collect);
    else refuseEmptyFileName(made);
    return made;
  };
  command.addOption(option(first!, how.description ?? concept.description));
  for (const other of others) {
    if (concept.deprecated?.includes(other)) command.addOption(option(other, `deprecated alias of --${first}`));
    else addAliasOption(command, option(other, `alias of --${first}`), first!);
  }
  if (how.required) {
    command.hook('preAction', (_, action) => {
      if (given(name, action.opts(), how.keep ?? []).length > 0) return;
      const also = others.map((other) => `--${other}`).join(', ');
      action.error(`error: required option '--${first} <${value}>' not specified (or ${also})`, { code: 'commander.missingMandatoryOptionValue' });
    });
  }
}

interface Given<V> {
  flag: string;
  value: V;
}

function given<V>(name: ConceptName, options: object, keep: readonly string[]): Array<Given<V>> {
  const concept: Concept = VOCABULARY[name];
  const values = options as Record<string, V | undefined>;
  return [concept.flag, ...concept.aliases, ...keep]
    .map((flag) => ({ flag: `--${flag}`, value: values[camel(flag)] }))
    .filter((entry): entry is Given<V> => entry.value !== undefined);
}

/** The value given under any spelling; two spellings with different values are refused (exit 2). */
export function conceptValue<O extends object>(name: DeclaredConcept<O>, options: O, keep: readonly string[] = []): { flag: string; value: string } | undefined {
  const found = given<string>(name, options, keep);
  if (found.length > 1 && new Set(found.map((entry) => entry.value)).size > 1) {
    throw new UsageError(`${found.map((entry) => entry.flag).join(' and ')} are the same flag and disagree; give it once`);
  }
  return found[0];
}

/** The values of a repeatable concept, from every spelling. */
export function conceptValues<O extends object>(name: DeclaredConcept<O>, options: O, keep: readonly string[] = []): string[] {
  return given<string[]>(name, options, keep).flatMap((entry) => entry.value);
}

/** The concept whose flag is a field's (`inventoryId` → item); a field the table lacks is a bug. */
export function conceptOfField(field: string): ConceptName {
  const found = (Object.keys(VOCABULARY) as ConceptName[]).find((name) => (VOCABULARY[name] as Concept).field === field);
  if (!found) throw new Error(`vocabulary: no concept for the field ${field}`);
  return found;
}
