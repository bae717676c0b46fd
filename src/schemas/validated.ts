// The one write validator (./resource.ts, zod) loaded when a write needs it: a run that writes
// nothing never loads zod.

import type { ResourceDef } from '../resources/definitions.js';
import type { ValidBody } from './valid-body.js';

export async function validated(def: ResourceDef, body: Record<string, unknown>, mode: 'create' | 'update'): Promise<ValidBody> {
  const { validateWrite } = await import('./resource.js');
  return validateWrite(def, body, mode);
}
