// Where the browser tests find Chromium: as `-o pdf` does (src/output/pdf/find-chromium.ts:
// RENTALS_CHROMIUM, else the usual names on the PATH and places; Debian's package installs
// /usr/bin/chromium). No browser is downloaded: playwright-core drives this one.
import { findChromium as findBrowser } from '../../src/output/pdf/find-chromium.js';

export function findChromium(): string | undefined {
  return findBrowser({ env: process.env });
}

/** `.ci/run` sets RENTALS_BROWSER_TESTS=required: there a missing browser fails the run instead of skipping. */
export const browserTestsRequired = (): boolean => process.env.RENTALS_BROWSER_TESTS === 'required';
