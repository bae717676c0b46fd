// The path of every collection and record, as the reference writes them: a nested collection has
// its parent's id where the reference puts it.

import { describe, expect, it } from 'vitest';
import { collectionUrlPath, recordUrlPath, resourceList, resources } from '../../src/resources/definitions.js';

describe('collectionUrlPath / recordUrlPath', () => {
  it('the reference\'s paths', () => {
    expect(collectionUrlPath(resources.prices, 'v1', 7)).toBe('/v1/inventory/7/pricing');
    expect(recordUrlPath(resources.prices, 'v1', 31, 7)).toBe('/v1/inventory/7/pricing/31');
    expect(collectionUrlPath(resources.bookings, 'v2', 12)).toBe('/v2/events/12/inventory');
    expect(recordUrlPath(resources.inventory, 'v2', 5)).toBe('/v2/inventory/5');
    expect(collectionUrlPath(resources.inventory, 'v1')).toBe('/v1/inventory');
  });

  it.each(resourceList.map((def) => [def.name, def] as const))('%s: each version, the parent id in its place, again and again', (_name, def) => {
    for (const version of def.versions) {
      for (const parentId of [1, 2147483647, 7]) {
        const expected = `/${version}/${def.parent ? def.collectionPath.split(`{${def.parent.field}}`).join(String(parentId)) : def.collectionPath}`;
        expect(collectionUrlPath(def, version, def.parent ? parentId : undefined)).toBe(expected);
        expect(recordUrlPath(def, version, 3, def.parent ? parentId : undefined)).toBe(`${expected}/3`);
      }
      if (def.parent) expect(() => collectionUrlPath(def, version)).toThrow(`need a ${def.parent.field}`);
    }
  });
});
