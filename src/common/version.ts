// The package's version, as the build defines it (scripts/build.mjs); `dev` when run from source.
// The start path (program.ts, api/client.ts) reads the constant itself: a module more is one more to
// initialise on every start.

export const VERSION = typeof __RENTALS_VERSION__ === 'string' ? __RENTALS_VERSION__ : 'dev';
