// A snapshot read through the run's data catalog. Nested lists are forgotten by the catalog once
// written, so memory holds a few parents' lists at a time, not the whole service; top-level lists
// stream through as they are read.

import type { Catalog } from '../data/catalog.js';
import type { SnapshotSource } from './take.js';

export function catalogSource(catalog: Catalog): SnapshotSource {
  return {
    list: (name) => catalog.scan(name),
    children: (name, parentIds) => catalog.childrenInOrder(name, parentIds),
  };
}
