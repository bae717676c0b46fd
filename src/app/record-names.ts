// Use case: the names of a resource's records as a shell completes them (`rentals __complete`):
// one list read. A record is offered by its name when the command would take that name for it;
// otherwise by its id (`id:7`, never taken for a name), with its name (and start, for an event)
// as the description the shells that show one show.

import { hasControl, quotedName } from '../common/sanitize.js';
import { NameIndex } from '../data/names.js';
import type { ResourceName } from '../resources/definitions.js';
import { defaultVersion, resources } from '../resources/definitions.js';
import type { Factory } from './factory.js';

/** One record as TAB offers it: `value` goes on the line; `name` is what a typed prefix is matched against when the value is an id. */
export interface OfferedName {
  value: string;
  name?: string;
  description?: string;
}

export interface RecordNames {
  /** Every record's name, as the service has it (a bare number may be one of them: data/catalog.ts). */
  names: string[];
  offered: OfferedName[];
}

export async function recordNames(deps: Pick<Factory, 'api'>, resource: ResourceName): Promise<RecordNames> {
  const def = resources[resource];
  const { records } = await deps.api().list({ def, version: defaultVersion(def) });
  const label = def.labelField ?? 'name';
  const index = new NameIndex(def, records);
  const names: string[] = [];
  const offered: OfferedName[] = [];
  for (const record of records) {
    const name = record[label];
    if (typeof name !== 'string' || name.trim() === '') continue;
    names.push(name);
    const id = Number(record.id);
    const hint = index.hint(id);
    // A name with a control character (a line break, a bidi override, a separator) would break the
    // shell's line or reach the terminal raw; a name several records share (as the command matches
    // names: case, accents, dashes…) or a number that is another record's id is refused by the
    // command as ambiguous. Such a record is offered by id, which every flag and argument that
    // takes the name takes too.
    const found = index.resolveRef(name);
    if (!hasControl(name) && found.ok && found.id === id) offered.push(hint === undefined ? { value: name } : { value: name, description: hint });
    else offered.push({ value: `id:${String(record.id)}`, name, description: [quotedName(name), hint].filter(Boolean).join(', ') });
  }
  return { names, offered };
}
