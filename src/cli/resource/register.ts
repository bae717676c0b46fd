// The generic verbs (list, get, add, update, delete) of a resource, generated from its
// description as registry commands. Their flags are data: the verbs' own (typed, read by name)
// and the resource's fields (from the resource table, read through it by field-flags.ts).

import {
  type ResourceDef,
  type Verb,
  defaultVersion,
  fieldByName,
  kebabCase,
  referencesTo,
  writableFields,
  requiredToCreate,
} from '../../resources/definitions.js';
import { withArticle } from '../../common/text.js';
import { DATE_EXAMPLES, DATES_HELP_POINTER } from '../dates-help.js';
import { fieldFlagValue, fieldsFromFlags } from '../field-flags.js';
import type { FlagDecls, FlagValues } from '../registry/flags.js';
import { type LeafCommand, defineViewCommand } from '../registry/spec.js';
import { dateOrderFields } from '../../schemas/date-order.js';
import { ALLOW_OVERBOOK_HELP } from '../write-guards.js';
import type { ResourceDeps } from '../../app/resource/verbs.js';
import { addView, addressOf, chooseVersion, deleteView, getView, listView, readNamed, updateView } from '../../app/resource/verbs.js';

const VERB_ALIASES: Record<Verb, readonly string[]> = {
  list: ['ls'],
  get: ['show', 'view'],
  add: ['create'],
  update: ['edit'],
  delete: ['rm', 'remove'],
};

/** --api-version, and the parent's flag where the resource has one (every verb). */
function addressFlags(def: ResourceDef) {
  const parent = parentField(def);
  return {
    apiVersion: { value: 'version', values: def.versions, help: `API version: ${def.versions.join('|')} (default ${defaultVersion(def)})`, unlisted: def.versions.length === 1 },
    parent: { fields: parent ? [parent] : [], required: true },
  } as const satisfies FlagDecls;
}

/** add and update: the fields, a body file, --dry-run, and the write rules' overrides. */
/** `overbook`: whether this verb's writes can overbook (a booking; an event's status or dates, an item's stock on update). */
/** `fields`: what the file holds (`the fields to change`). */
function writeFlags<D extends ResourceDef>(def: D, fields: string, overbook: boolean) {
  return {
    apiVersion: addressFlags(def).apiVersion,
    fields: { fields: writableFields(def) },
    // A tool call has no standard input (cli/commands/mcp/arguments.ts): its file is one on the server's machine.
    file: { concept: 'bodyFile', description: `a JSON object of ${fields} (- for stdin); flags win`, toolDescription: `a JSON file of ${fields}, on the machine the server runs on; the field inputs win` },
    dryRun: { help: 'show the change and its request; send nothing' },
    // Events: dates out of order are refused unless this flag (schemas/date-order.ts).
    allowDateOrder: { help: 'send dates even when out of order (dropoff ≤ start ≤ end ≤ teardown ≤ pickup)', when: dateOrderFields(def.name) !== undefined },
    allowOverbook: { help: ALLOW_OVERBOOK_HELP, when: overbook },
  } as const satisfies FlagDecls;
}

type AddressOptions = FlagValues<ReturnType<typeof addressFlags>>;
/**
 * What add and update of a resource read: the verbs' own flags, and the resource's field flags typed
 * from the table (`WriteOptions<Resource<'inventory'>>` has `quantityAvailable`, `qty`, `active`,
 * `inactive`, `name`; test/cli/command-types.test.ts). The handlers below are written once for every
 * resource (a ResourceDef known at run time), so they read the fields through the table: fieldsFromFlags.
 */
export type WriteOptions<D extends ResourceDef> = FlagValues<ReturnType<typeof writeFlags<D>>>;

function parentField(def: ResourceDef) {
  return def.parent ? fieldByName(def, def.parent.field) : undefined;
}

function parentFlag(def: ResourceDef): string {
  return def.parent ? ` --${kebabCase(def.parent.field)} 7` : '';
}

function address(deps: ResourceDeps, def: ResourceDef, options: AddressOptions) {
  const field = parentField(def);
  return addressOf(deps, def, options.apiVersion, field ? fieldFlagValue(field, options) : undefined);
}

async function writeInput(deps: ResourceDeps, def: ResourceDef, options: WriteOptions<ResourceDef>) {
  // Loaded for a write only: a list reads no body.
  const [{ readJsonObject }, { resolveRelativeDates }] = await Promise.all([import('../../app/input.js'), import('../relative-dates.js')]);
  const file = typeof options.file === 'string' ? await readJsonObject(options.file, deps.stdin()) : undefined;
  const { flags, wholeDays } = resolveRelativeDates(def, fieldsFromFlags(def, options), deps.wallAt(deps.now()));
  return { file, flags, wholeDays, dryRun: options.dryRun === true, allowDateOrder: options.allowDateOrder === true, allowOverbook: options.allowOverbook === true };
}

/** The group's own examples: a list and a get. */
export function groupExamples(def: ResourceDef): string[] {
  const p = parentFlag(def);
  // One: a group's help lists its commands, on one 80×24 screen; each command's help has its own.
  return [`rentals ${def.command} list${p}`];
}

export function genericCommands(def: ResourceDef): LeafCommand[] {
  const commands = verbCommands(def);
  return def.verbs.map((verb) => commands[verb]());
}

/** The generic command `word` names (`list`, or its alias `ls`), made alone: a run of one command makes no other. */
export function genericCommandNamed(def: ResourceDef, word: string): LeafCommand | undefined {
  const verb = def.verbs.find((v) => v === word || verbAliases(def, v).includes(word));
  return verb === undefined ? undefined : verbCommands(def)[verb]();
}

function verbAliases(def: ResourceDef, verb: Verb): readonly string[] {
  return def.verbAliases?.[verb] ?? VERB_ALIASES[verb];
}

function verbCommands(def: ResourceDef): Record<Verb, () => LeafCommand> {
  const p = parentFlag(def);
  const bin = `rentals ${def.command}`;
  const aliases = (verb: Verb) => verbAliases(def, verb);
  return {
    list: () =>
      defineViewCommand({
        effect: 'reads',
        name: 'list',
        aliases: aliases('list'),
        summary: `List ${def.plural}`,
        examples: [`${bin} list${p}`, `${bin} list${p} --json | jq '.data[]'`, `${bin} list${p} -o csv --fields ${def.columns.slice(0, 3).join(',')}`],
        flags: addressFlags(def),
        view: 'stream',
        handler: async (deps, options) => listView(deps, await address(deps, def, options)),
      }),
    get: () =>
      defineViewCommand({
        effect: 'reads',
        name: 'get',
        args: '<id>',
        aliases: aliases('get'),
        summary: `Show one ${def.singular}`,
        examples: [`${bin} get 3${p}`, `${bin} get 3${p} --json`],
        flags: addressFlags(def),
        view: 'records',
        handler: async (deps, options, [id]) => {
          const at = await address(deps, def, options);
          return readNamed(deps.catalog(), def, id, (found) => getView(deps, at, found));
        },
      }),
    add: () =>
      defineViewCommand({
        effect: 'adds',
        name: 'add',
        aliases: aliases('add'),
        summary: `Create ${withArticle(def.singular)}`,
        help: requiredFieldsHelp(def),
        examples: def.examples?.add ?? [`${bin} add --file body.json`],
        flags: writeFlags(def, 'the fields', def.writeRules === 'bookings'),
        // What it planned (a dry run) or wrote: its changes, with the records the server answered.
        view: 'changes',
        handler: async (deps, options) => {
          const version = chooseVersion(def, options.apiVersion);
          return addView(deps, def, version, await writeInput(deps, def, options));
        },
      }),
    update: () =>
      defineViewCommand({
        effect: 'sets',
        name: 'update',
        args: '<id>',
        aliases: aliases('update'),
        summary: `Change fields of ${withArticle(def.singular)} (others are kept)`,
        examples: def.examples?.update ?? [`${bin} update 1 --file body.json`],
        flags: writeFlags(def, 'the fields to change', def.writeRules !== undefined),
        view: 'changes',
        handler: async (deps, options, [id]) => {
          const version = chooseVersion(def, options.apiVersion);
          const field = parentField(def);
          const input = await writeInput(deps, def, options);
          return updateView(deps, def, version, id, input, field ? fieldFlagValue(field, options) : undefined);
        },
      }),
    delete: () =>
      defineViewCommand({
        effect: 'deletes',
        name: 'delete',
        args: '<id>',
        aliases: aliases('delete'),
        summary: `Delete ${withArticle(def.singular)}`,
        examples: [`${bin} delete 3${p}`, `${bin} delete 3${p} --yes --json`],
        flags: {
          ...addressFlags(def),
          yes: { short: 'y', help: 'do not ask for confirmation (needed when not on a terminal)' },
          dryRun: { help: 'show what would be deleted; send nothing' },
          // A record others refer to is refused (naming them); an event's bookings may go with it.
          withBookings: { help: 'delete the bookings of the event first, then the event (one entry for rentals undo)', when: def.name === 'events' },
        },
        help: deleteHelp(def),
        view: 'changes',
        handler: async (deps, options, [id]) => {
          const at = await address(deps, def, options);
          return deleteView(deps, at, id, { yes: options.yes === true, dryRun: options.dryRun === true, withBookings: options.withBookings === true });
        },
      }),
  };
}

/** What a delete of a record others refer to does, for the resources others refer to (the resource table's references). */
function deleteHelp(def: ResourceDef): string | undefined {
  const referrers = [...new Set(referencesTo(def.name).map((r) => r.def.plural))];
  if (referrers.length === 0) return undefined;
  const one = def.name === 'events' ? ' --with-bookings deletes them first, in the same entry of the history.' : '';
  const noun = withArticle(def.singular);
  return `\n${noun[0]!.toUpperCase()}${noun.slice(1)} that ${referrers.join(' or ')} still refer to is not deleted: the refusal names them and the commands that make the delete possible.${one}\n`;
}

function flag(field: string): string {
  return `--${kebabCase(field)}`;
}

/** `--dropoff-date defaults to --start-date; --teardown-date and --pickup-date default to --end-date`. */
function copiedDefaults(def: ResourceDef): string[] {
  const bySource = new Map<string, string[]>();
  for (const [target, source] of Object.entries(def.createDefaultsFrom ?? {})) bySource.set(source, [...(bySource.get(source) ?? []), target]);
  return [...bySource].map(([source, targets]) => `${targets.map(flag).join(' and ')} default${targets.length > 1 ? '' : 's'} to ${flag(source)}`);
}

function requiredFieldsHelp(def: ResourceDef): string {
  // What the API requires but rentals fills in when not given is a default, not required of the user.
  const required = requiredToCreate(def).map((f) => flag(f.name));
  const defaults: string[] = [];
  for (const [k, v] of Object.entries(def.createDefaults ?? {})) defaults.push(`${flag(k)} defaults to ${v === 1 ? 'true' : v === 0 ? 'false' : String(v)}`);
  const copied = copiedDefaults(def);
  if (copied.length > 0) defaults.push(copied.join('; '));
  const lines = [`\nRequired: ${required.join(', ')}`];
  if (defaults.length) lines.push(`Defaults: ${defaults.join('; ')}.`);
  if (def.addRule) lines.push(def.addRule);
  // A datetime field: the moment first, then the forms every date flag takes, and now.
  const [day, moment, ...words] = DATE_EXAMPLES;
  if (def.fields.some((f) => f.kind === 'datetime')) lines.push(`Datetimes: ${[moment, day, ...words, 'now'].join(', ')}${DATES_HELP_POINTER}`);
  return `${lines.join('\n')}\n`;
}
