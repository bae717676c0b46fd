// Commander wiring of the generic verbs, generated from each resource's description.

import type { Command } from 'commander';
import type { Address } from '../../api/resource-api.js';
import {
  type ResourceDef,
  type Verb,
  defaultVersion,
  fieldByName,
  kebabCase,
  writableFields,
} from '../../resources/definitions.js';
import { type OptionValues, type Registrar, action, examples } from '../command.js';
import { addFieldOption, addFieldOptions, fieldFlagValue, fieldsFromFlags } from '../field-flags.js';
import { readJsonObject } from '../input.js';
import type { Session } from '../session.js';
import { chooseVersion, parseIdArgument, resolveParentId, runAdd, runDelete, runGet, runList, runUpdate } from './run.js';

const VERB_ALIASES: Record<Verb, string[]> = {
  list: ['ls'],
  get: ['show', 'view'],
  add: ['create'],
  update: ['edit'],
  delete: ['rm', 'remove'],
};

function parentField(def: ResourceDef) {
  return def.parent ? fieldByName(def, def.parent.field) : undefined;
}

function parentFlag(def: ResourceDef): string {
  return def.parent ? ` --${kebabCase(def.parent.field)} 7` : '';
}

async function address(session: Session, def: ResourceDef, options: OptionValues): Promise<Address> {
  const version = chooseVersion(def, options.apiVersion as string | undefined);
  const field = parentField(def);
  const given = field ? fieldFlagValue(field, options) : undefined;
  const parentId = await resolveParentId(session, def, given, session.names());
  return { def, version, parentId };
}

async function writeInput(session: Session, def: ResourceDef, options: OptionValues) {
  const file = typeof options.file === 'string' ? await readJsonObject(options.file, session.ctx.term.stdin) : undefined;
  return { file, flags: fieldsFromFlags(def, options), dryRun: options.dryRun === true };
}

function versionOption(command: Command, def: ResourceDef): Command {
  const versions = def.versions.join('|');
  return command.option('--api-version <version>', `API version: ${versions} (default ${defaultVersion(def)})`);
}

function addParentOption(command: Command, def: ResourceDef): void {
  const field = parentField(def);
  if (field) addFieldOption(command, field, true);
}

export function resourceDescription(def: ResourceDef): string {
  return `${def.summary} [API ${def.versions.join(', ')}]`;
}

export function registerResource(program: Command, reg: Registrar, def: ResourceDef): Command {
  const group = program
    .command(def.command)
    .description(resourceDescription(def))
    .aliases(def.commandAliases ?? []);
  const p = parentFlag(def);
  const bin = `rentals ${def.command}`;
  examples(group, [`${bin} list${p}`, `${bin} get 3${p} --json`]);

  if (def.verbs.includes('list')) {
    const list = versionOption(group.command('list').aliases(VERB_ALIASES.list).description(`List ${def.plural}`), def);
    addParentOption(list, def);
    examples(list, [`${bin} list${p}`, `${bin} list${p} --json | jq '.data[]'`, `${bin} list${p} -o csv --fields ${def.columns.slice(0, 3).join(',')}`]);
    list.action(
      action(reg, async (session, options) => {
        await runList(session, await address(session, def, options));
      }),
    );
  }

  if (def.verbs.includes('get')) {
    // `events show` is a verb of its own (the event with its bookings and totals), not an alias of get.
    const getAliases = def.name === 'events' ? VERB_ALIASES.get.filter((a) => a !== 'show') : VERB_ALIASES.get;
    const get = versionOption(group.command('get <id>').aliases(getAliases).description(`Show one ${def.singular}`), def);
    addParentOption(get, def);
    examples(get, [`${bin} get 3${p}`, `${bin} get 3${p} --json`]);
    get.action(
      action(reg, async (session, options, [id]) => {
        const at = await address(session, def, options);
        await runGet(session, at, parseIdArgument(id));
      }),
    );
  }

  if (def.verbs.includes('add')) {
    const add = versionOption(group.command('add').aliases(VERB_ALIASES.add).description(`Create ${article(def.singular)}`), def);
    addFieldOptions(add, def);
    add.option('--file <path>', 'JSON object with the fields ("-" for stdin); flags override it');
    add.option('--dry-run', 'print the request instead of sending it');
    add.addHelpText('after', requiredFieldsHelp(def));
    examples(add, addExamples(def));
    add.action(
      action(reg, async (session, options) => {
        const version = chooseVersion(def, options.apiVersion as string | undefined);
        await runAdd(session, def, version, await writeInput(session, def, options));
      }),
    );
  }

  if (def.verbs.includes('update')) {
    const update = versionOption(
      group.command('update <id>').aliases(VERB_ALIASES.update).description(`Change fields of ${article(def.singular)} (others are kept)`),
      def,
    );
    addFieldOptions(update, def);
    update.option('--file <path>', 'JSON object with fields to change ("-" for stdin); flags override it');
    update.option('--dry-run', 'print the request instead of sending it');
    examples(update, updateExamples(def));
    update.action(
      action(reg, async (session, options, [id]) => {
        const version = chooseVersion(def, options.apiVersion as string | undefined);
        const field = parentField(def);
        const input = await writeInput(session, def, options);
        await runUpdate(session, def, version, parseIdArgument(id), input, field ? fieldFlagValue(field, options) : undefined);
      }),
    );
  }

  if (def.verbs.includes('delete')) {
    const del = versionOption(group.command('delete <id>').aliases(VERB_ALIASES.delete).description(`Delete ${article(def.singular)}`), def);
    addParentOption(del, def);
    del.option('-y, --yes', 'do not ask for confirmation (needed when not on a terminal)');
    del.option('--dry-run', 'print the request instead of sending it');
    examples(del, [`${bin} delete 3${p}`, `${bin} delete 3${p} --yes --json`]);
    del.action(
      action(reg, async (session, options, [id]) => {
        const at = await address(session, def, options);
        await runDelete(session, at, parseIdArgument(id), { yes: options.yes === true, dryRun: options.dryRun === true });
      }),
    );
  }
  return group;
}

function article(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}

function requiredFieldsHelp(def: ResourceDef): string {
  const required = writableFields(def)
    .filter((f) => f.required)
    .map((f) => `--${kebabCase(f.name)}`);
  const defaults: string[] = [];
  for (const [k, v] of Object.entries(def.createDefaults ?? {})) defaults.push(`--${kebabCase(k)} defaults to ${v === 1 ? 'true' : v === 0 ? 'false' : String(v)}`);
  if (def.name === 'events') defaults.push('--dropoff-date defaults to --start-date; --teardown-date and --pickup-date default to --end-date');
  const lines = [`\nRequired: ${required.join(', ')}`];
  if (defaults.length) lines.push(`Defaults: ${defaults.join('; ')}.`);
  lines.push('Datetimes: YYYY-MM-DD, YYYY-MM-DD HH:MM[:SS] or YYYY-MM-DDTHH:MM:SS. Booleans: true|false|1|0|yes|no.');
  if (def.fields.some((f) => f.references)) lines.push('Id flags that name a status, block, item or event also take its name (e.g. --event-status-id Confirmed).');
  return `${lines.join('\n')}\n`;
}

function addExamples(def: ResourceDef): string[] {
  switch (def.name) {
    case 'inventory':
      return ['rentals inventory add --name "Tent 20x20" --quantity-available 4', 'rentals inventory add --file item.json --dry-run'];
    case 'categories':
      return ['rentals categories add --name Tents'];
    case 'prices':
      return ['rentals prices add --inventory-id 7 --rental-block-id 2 --price 149.50', 'rentals prices add --inventory-id "Tent 20x20" --rental-block-id Weekend --price 150'];
    case 'events':
      return [
        'rentals events add --event-name "Smith wedding" --event-status-id Confirmed --rental-block-id 2 --start-date "2026-06-12 14:00" --end-date "2026-06-13 01:00"',
        'rentals events add --file event.json --customer-name "Ann Smith"',
      ];
    case 'bookings':
      return ['rentals bookings add --event-id 12 --inventory-id 7 --quantity 2 --price 150'];
    default:
      return [`rentals ${def.command} add --file body.json`];
  }
}

function updateExamples(def: ResourceDef): string[] {
  switch (def.name) {
    case 'inventory':
      return ['rentals inventory update 7 --quantity-available 6', 'rentals inventory update 7 --inactive'];
    case 'categories':
      return ['rentals categories update 3 --name "Party tents"'];
    case 'prices':
      return ['rentals prices update 31 --inventory-id 7 --price 155'];
    case 'events':
      return ['rentals events update 12 --cancel-date 2026-05-01 --cancel-reason "Customer postponed"', 'rentals events get 12 --json | jq \'.data[0].eventName = "New name"\' | rentals events update 12 --file -'];
    case 'bookings':
      return ['rentals bookings update 40 --event-id 12 --quantity 3'];
    default:
      return [`rentals ${def.command} update 1 --file body.json`];
  }
}
