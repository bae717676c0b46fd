// The bulk commands (export, import, apply) of every resource whose description has a `bulk`
// part. Registering loads no engine: each command's run function imports it when it runs.

import type { ResourceDef } from '../../resources/definitions.js';
import type { LeafCommand } from '../registry/spec.js';
import { bulkApplyCommand } from './bulk-apply.js';
import { bulkExportCommand } from './bulk-export.js';
import { bulkImportCommand } from './bulk-import.js';

export function bulkCommands(def: ResourceDef): LeafCommand[] {
  return def.bulk ? [bulkExportCommand(def), bulkImportCommand(def), bulkApplyCommand(def)] : [];
}
