// The package's version, as the build defines it (scripts/build.mjs); `dev` when run from source.

export const VERSION = typeof __RENTALS_VERSION__ === 'string' ? __RENTALS_VERSION__ : 'dev';
