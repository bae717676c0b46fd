import { expect, test } from 'vitest';
import { SNAPSHOT_ORDER } from '../../src/snapshot/document.js';
import { resourceList, resources } from '../../src/resources/definitions.js';

test('the snapshot order puts every resource after those it references (derived from the descriptions)', () => {
  expect(new Set(SNAPSHOT_ORDER)).toEqual(new Set(resourceList.map((d) => d.name)));
  for (const def of resourceList) {
    const needs = [...def.fields.flatMap((f) => (f.references && f.references !== def.name ? [f.references] : [])), ...(def.parent ? [def.parent.resource] : [])];
    for (const need of needs) expect(SNAPSHOT_ORDER.indexOf(need), `${def.name} after ${need}`).toBeLessThan(SNAPSHOT_ORDER.indexOf(def.name));
  }
  expect(SNAPSHOT_ORDER.indexOf(resources.bookings.name)).toBe(SNAPSHOT_ORDER.length - 1);
});
