// What the customer's page (quote, order confirmation) takes from the settings: the company, its
// logo read and embedded as a data: URL (the page stays one self-contained file), the currency,
// the validity and the terms.

import { readFileSync } from 'node:fs';
import { LOGO_TYPES } from '../../config/settings-table.js';
import type { DocumentSettings } from '../../config/settings.js';
import { UsageError } from '../../errors.js';
import type { Company } from '../../output/html/quote-page.js';

/** A logo larger than this would make every quote a heavy mail. */
const MAX_LOGO_BYTES = 1024 * 1024;

export function logoDataUrl(file: string): string {
  const type = LOGO_TYPES[file.toLowerCase().split('.').pop() ?? ''];
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new UsageError(`logo: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message} (set another with rentals config set logo <file>, or unset it)`);
  }
  if (bytes.length > MAX_LOGO_BYTES) throw new UsageError(`logo: ${file} is ${bytes.length} bytes; a logo embedded in a page must be at most ${MAX_LOGO_BYTES} bytes`);
  return `data:${type ?? 'application/octet-stream'};base64,${bytes.toString('base64')}`;
}

export function companyOf(settings: DocumentSettings): Company {
  return {
    name: settings.companyName,
    address: settings.companyAddress,
    contact: settings.companyContact,
    logo: settings.logo === undefined ? undefined : logoDataUrl(settings.logo),
  };
}
