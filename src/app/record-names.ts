// Use case: the names of a resource's records as a shell completes them (`rentals __complete`):
// one list read, each record's label; a record whose name a shell line or a terminal cannot take
// is offered by its id (`id:7`, never taken for a name).

import { hasControl } from '../common/sanitize.js';
import type { ResourceName } from '../resources/definitions.js';
import { defaultVersion, resources } from '../resources/definitions.js';
import type { Factory } from './factory.js';

export async function recordNames(deps: Pick<Factory, 'api'>, resource: ResourceName): Promise<string[]> {
  const def = resources[resource];
  const { records } = await deps.api().list({ def, version: defaultVersion(def) });
  const label = def.labelField ?? 'name';
  // A name with a control character (a line break, a bidi override, a separator) would break the
  // shell's line or reach the terminal raw: its record is offered by id (`id:7`), which every flag
  // and argument that takes the name takes too.
  return records.flatMap((r) => {
    const name = r[label];
    if (typeof name !== 'string' || name.trim() === '') return [];
    return hasControl(name) ? [`id:${String(r.id)}`] : [name];
  });
}
