// Filters and scopes given as ids or names (`--inventory-id 3 --inventory-id "Tent 20x20"`),
// resolved through the same NameResolver as every other id flag.

import { type FieldIssue, ValidationError } from '../../errors.js';
import type { FieldDef } from '../../resources/definitions.js';
import { parseId } from '../../schemas/values.js';
import { type NameResolver, needsResolution } from '../../data/resolver.js';

/** Every value as an id of `field`'s resource; all the problems at once, numbers checked before any lookup. */
export async function resolveIds(resolver: NameResolver, field: FieldDef, values: readonly string[]): Promise<number[]> {
  const issues: FieldIssue[] = [];
  const ids: number[] = [];
  const names = values.filter((value) => needsResolution(field, value));
  for (const value of values.filter((v) => !names.includes(v))) {
    const parsed = parseId(value);
    if (parsed.ok) ids.push(parsed.value);
    else issues.push({ field: field.name, message: parsed.rule, value });
  }
  if (issues.length === 0) {
    for (const name of names) {
      const found = await resolver.lookup(field.references!, name);
      if (typeof found === 'number') ids.push(found);
      else issues.push({ field: field.name, message: found, value: name });
    }
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return [...new Set(ids)];
}
