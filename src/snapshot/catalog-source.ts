// A snapshot read through the run's data catalog. Nested lists are forgotten by the catalog once
// written, so memory holds one parent's list at a time, not the whole service.

import type { Catalog } from '../data/catalog.js';
import type { ResourceName } from '../resources/definitions.js';
import type { SnapshotRecord } from './document.js';
import type { SnapshotSource } from './take.js';

/** Parents read ahead of the one being written: keeps the pool busy without holding everything. */
const READ_AHEAD = 16;

export function catalogSource(catalog: Catalog): SnapshotSource {
  return {
    list: (name) => catalog.scan(name),
    children: (name, parentIds) => inOrder(catalog, name, parentIds),
  };
}

async function* inOrder(catalog: Catalog, name: ResourceName, parentIds: number[]): AsyncIterable<{ parentId: number; records: SnapshotRecord[] }> {
  const pending: Array<Promise<SnapshotRecord[]>> = [];
  let next = 0;
  const fill = () => {
    while (next < parentIds.length && pending.length < READ_AHEAD) pending.push(catalog.list(name, parentIds[next++]!));
  };
  fill();
  for (const parentId of parentIds) {
    const records = await pending.shift()!;
    catalog.forget(name, parentId);
    fill();
    yield { parentId, records };
  }
}
