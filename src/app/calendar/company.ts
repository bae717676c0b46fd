// What the customer's page (quote, order confirmation) takes from the settings: the company, its
// logo read and embedded as a data: URL (the page stays one self-contained file), the currency,
// the validity and the terms.

import { readBoundedFile } from '../../common/bounded-file.js';
import { LOGO_TYPES } from '../../config/settings-table.js';
import type { DocumentSettings } from '../../config/settings.js';
import type { Company } from '../../output/html/quote-page.js';

/** A logo larger than this would make every quote a heavy mail. */
const MAX_LOGO_BYTES = 1024 * 1024;

/** The logo file as a data: URL: a regular file of at most 1 MiB, read once and bounded (never a device, a pipe or a directory). */
export function logoDataUrl(file: string): string {
  const type = LOGO_TYPES[file.toLowerCase().split('.').pop() ?? ''];
  const bytes = readBoundedFile(file, { label: `logo ${file}`, maxBytes: MAX_LOGO_BYTES, hint: 'set another with rentals config set logo <file>, or unset it' });
  return `data:${type ?? 'application/octet-stream'};base64,${bytes.toString('base64')}`;
}

export function companyOf(settings: Pick<DocumentSettings, 'companyName' | 'companyAddress' | 'companyContact' | 'logo'>): Company {
  return {
    name: settings.companyName,
    address: settings.companyAddress,
    contact: settings.companyContact,
    logo: settings.logo === undefined ? undefined : logoDataUrl(settings.logo),
  };
}
