// Which browser `-o pdf` prints with: RENTALS_CHROMIUM when it names one, else the usual names on
// the PATH, else the usual install places of the platform; none is an error that says how to
// install one and how to name it.

import { describe, expect, it } from 'vitest';
import { findChromium, requireChromium } from '../../src/output/pdf/find-chromium.js';

const only = (...paths: string[]) => (path: string) => paths.includes(path);

describe('finding a Chromium-family browser', () => {
  it('takes RENTALS_CHROMIUM first, and only it when it is set', () => {
    const exists = only('/opt/edge/msedge', '/usr/bin/chromium');
    expect(findChromium({ env: { RENTALS_CHROMIUM: '/opt/edge/msedge', PATH: '/usr/bin' }, platform: 'linux', exists })).toBe('/opt/edge/msedge');
    expect(findChromium({ env: { RENTALS_CHROMIUM: '/nowhere/chrome', PATH: '/usr/bin' }, platform: 'linux', exists })).toBeUndefined();
  });

  it('searches the PATH in order for the usual names, then the usual places', () => {
    expect(findChromium({ env: { PATH: '/a:/b' }, platform: 'linux', exists: only('/b/google-chrome', '/usr/bin/chromium') })).toBe('/b/google-chrome');
    expect(findChromium({ env: { PATH: '/a:/b' }, platform: 'linux', exists: only('/snap/bin/chromium') })).toBe('/snap/bin/chromium');
    expect(findChromium({ env: { PATH: '', HOME: '/Users/ann' }, platform: 'darwin', exists: only('/Users/ann/Applications/Google Chrome.app/Contents/MacOS/Google Chrome') })).toBe(
      '/Users/ann/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    );
    expect(findChromium({ env: { PROGRAMFILES: 'C:\\Program Files' }, platform: 'win32', exists: only('C:\\Program Files\\Microsoft\\Edge\\Application\\msedge.exe') })).toBe('C:\\Program Files\\Microsoft\\Edge\\Application\\msedge.exe');
  });

  it.each([
    ['linux', 'sudo apt-get install chromium'],
    ['darwin', 'brew install --cask chromium'],
    ['win32', 'winget install Google.Chrome'],
  ] as const)('none on %s: an error (exit 1) that says how to install one and how to name it', (platform, hint) => {
    let thrown: unknown;
    try {
      requireChromium({ env: { PATH: '/a' }, platform, exists: () => false });
    } catch (error) {
      thrown = error;
    }
    expect((thrown as { exitCode: number }).exitCode).toBe(1);
    expect((thrown as Error).message).toContain(hint);
    expect((thrown as Error).message).toContain('RENTALS_CHROMIUM=/path/to/chrome');
    expect((thrown as Error).message).toContain('-o html writes the page without one');
  });
});
