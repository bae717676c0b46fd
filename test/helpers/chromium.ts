// Where the browser tests find Chromium: RENTALS_CHROMIUM, else `chromium` on the PATH (Debian's
// package installs /usr/bin/chromium). No browser is downloaded: playwright-core drives this one.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export function findChromium(): string | undefined {
  const given = process.env.RENTALS_CHROMIUM;
  if (given) return existsSync(given) ? given : undefined;
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin'];
  return dirs.map((dir) => join(dir, 'chromium')).find((path) => existsSync(path));
}

/** `.ci/run` sets RENTALS_BROWSER_TESTS=required: there a missing browser fails the run instead of skipping. */
export const browserTestsRequired = (): boolean => process.env.RENTALS_BROWSER_TESTS === 'required';
