// Whether jq is installed, for the tests of shell pipelines through it (skipped, loudly, without).

import { execFileSync } from 'node:child_process';

export function hasJq(): boolean {
  try {
    execFileSync('jq', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
