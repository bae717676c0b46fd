// The name index moved to src/data/names.ts (the data catalog's lookups by name).
export { NameIndex, ambiguous } from '../data/names.js';
