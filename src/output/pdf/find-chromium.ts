// Which Chromium-family browser prints a page to PDF: the one RENTALS_CHROMIUM names, else the
// first of the usual names on the PATH (chromium, google-chrome, microsoft-edge, brave…), else the
// usual install places of each platform. None: an error that says how to install one.

import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { RentalsError } from '../../errors.js';

export const CHROMIUM_VARIABLE = 'RENTALS_CHROMIUM';

/** The names a Chromium-family browser goes by on a PATH, most usual first. */
const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome', 'microsoft-edge', 'microsoft-edge-stable', 'brave-browser', 'brave'];
const WINDOWS_NAMES = ['chrome.exe', 'msedge.exe', 'brave.exe', 'chromium.exe'];

/** Where the browsers install themselves when they are not on the PATH. */
function usualPlaces(platform: NodeJS.Platform, env: Readonly<Record<string, string | undefined>>): string[] {
  if (platform === 'darwin') {
    const apps = ['Google Chrome.app/Contents/MacOS/Google Chrome', 'Chromium.app/Contents/MacOS/Chromium', 'Microsoft Edge.app/Contents/MacOS/Microsoft Edge', 'Brave Browser.app/Contents/MacOS/Brave Browser'];
    return [...apps.map((app) => `/Applications/${app}`), ...(env.HOME ? apps.map((app) => join(env.HOME!, 'Applications', app)) : [])];
  }
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter((root): root is string => root !== undefined && root !== '');
    const apps = ['Google\\Chrome\\Application\\chrome.exe', 'Microsoft\\Edge\\Application\\msedge.exe', 'BraveSoftware\\Brave-Browser\\Application\\brave.exe', 'Chromium\\Application\\chrome.exe'];
    return roots.flatMap((root) => apps.map((app) => `${root}\\${app}`));
  }
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/snap/bin/chromium', '/opt/google/chrome/chrome', '/usr/bin/microsoft-edge', '/usr/bin/brave-browser'];
}

/** How to install a browser, in the words of the platform. */
function installHint(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'brew install --cask chromium (or install Google Chrome)';
  if (platform === 'win32') return 'winget install Google.Chrome (or use Microsoft Edge, which Windows has)';
  return 'sudo apt-get install chromium (Debian, Ubuntu), sudo dnf install chromium (Fedora), or install Google Chrome';
}

export interface BrowserSearch {
  env: Readonly<Record<string, string | undefined>>;
  platform?: NodeJS.Platform;
  /** Whether a file is there (tests give their own). */
  exists?: (path: string) => boolean;
}

/** The browser's executable, or undefined when none is found. */
export function findChromium({ env, platform = process.platform, exists = existsSync }: BrowserSearch): string | undefined {
  const named = env[CHROMIUM_VARIABLE];
  if (named !== undefined && named !== '') return exists(named) ? named : undefined;
  const dirs = (env.PATH ?? env.Path ?? '').split(platform === 'win32' ? ';' : delimiter).filter((dir) => dir !== '');
  const names = platform === 'win32' ? WINDOWS_NAMES : NAMES;
  for (const dir of dirs) for (const name of names) if (exists(join(dir, name))) return join(dir, name);
  return usualPlaces(platform, env).find((path) => exists(path));
}

/** The browser to print with; without one, an error (exit 1) naming what was tried and how to install one. */
export function requireChromium(search: BrowserSearch): string {
  const found = findChromium(search);
  if (found !== undefined) return found;
  const platform = search.platform ?? process.platform;
  const named = search.env[CHROMIUM_VARIABLE];
  const tried = named ? `${CHROMIUM_VARIABLE} names ${named}, which does not exist` : `none of ${NAMES.slice(0, 4).join(', ')}… is on the PATH or in the usual places`;
  throw new RentalsError(`-o pdf prints through a Chromium-family browser (Chromium, Google Chrome, Microsoft Edge, Brave), and ${tried}. Install one: ${installHint(platform)}; or name it with ${CHROMIUM_VARIABLE}=/path/to/chrome. -o html writes the page without one.`);
}
