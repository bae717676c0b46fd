// The bulk commands of the prices, inventory and bookings groups, attached next to the generic
// verbs. Registering loads no engine: each command's run function imports it when it runs.

import type { Command } from 'commander';
import type { ResourceDef } from '../../resources/definitions.js';
import type { Registrar } from '../command.js';
import { registerBulkApply } from './bulk-apply.js';
import { registerBulkExport } from './bulk-export.js';
import { registerBulkImport } from './bulk-import.js';
import { registerPricesAdjust } from './prices-adjust.js';
import { registerPricesSet } from './prices-set.js';

export function registerBulkCommands(group: Command, reg: Registrar, def: ResourceDef): void {
  if (def.name !== 'prices' && def.name !== 'inventory' && def.name !== 'bookings') return;
  if (def.name === 'prices') registerPricesSet(group, reg);
  registerBulkExport(group, reg, def.name);
  registerBulkImport(group, reg, def.name);
  if (def.name === 'prices') registerPricesAdjust(group, reg);
  registerBulkApply(group, reg, def.name);
}
