// The name lookups a bulk run needs (prices: inventory items by name, rental blocks by
// pricingType): one NameIndex per resource, the same index and wording as the CLI's id flags.

import type { ResourceName } from '../resources/definitions.js';
import type { NameIndex } from '../data/names.js';

export type Lookups = Partial<Record<ResourceName, NameIndex>>;
