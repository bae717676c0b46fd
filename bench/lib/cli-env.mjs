// The environment of a `rentals` timed against a sandbox: its own config directory, home and caches
// under `work`, no colour, and neither a compile cache nor Node options of the shell that runs the bench.
import { join } from 'node:path';

export function timedCliEnv(sandbox, token, work) {
  const env = {
    ...process.env,
    RENTALS_BASE_URL: sandbox.url,
    RENTALS_TOKEN: token,
    RENTALS_CONFIG_DIR: join(work, 'config'),
    XDG_CACHE_HOME: join(work, 'cache'),
    HOME: work,
    NO_COLOR: '1',
  };
  delete env.NODE_COMPILE_CACHE;
  delete env.NODE_OPTIONS;
  return env;
}
