// The pool moved to src/data/pool.ts (shared by the data catalog and the bulk engine).
export { DEFAULT_CONCURRENCY, mapLimit, runPool } from '../data/pool.js';
