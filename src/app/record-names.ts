// Use case: the names of a resource's records as a shell completes them (`rentals __complete`):
// one list read, each record's label, without the names a shell line or a terminal cannot take.

import type { ResourceName } from '../resources/definitions.js';
import { defaultVersion, resources } from '../resources/definitions.js';
import type { Factory } from './factory.js';

export async function recordNames(deps: Pick<Factory, 'api'>, resource: ResourceName): Promise<string[]> {
  const def = resources[resource];
  const { records } = await deps.api().list({ def, version: defaultVersion(def) });
  const label = def.labelField ?? 'name';
  // A name with a control character could break the shell's line or reach the terminal raw: not offered.
  return records.map((r) => r[label]).filter((v): v is string => typeof v === 'string' && v.trim() !== '' && !/[\u0000-\u001f\u007f-\u009f]/.test(v));
}
