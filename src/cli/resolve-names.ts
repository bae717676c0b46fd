// The name resolver moved onto the data catalog (src/data/resolver.ts); a session's is `session.names()`.
export { NameResolver, needsResolution } from '../data/resolver.js';
