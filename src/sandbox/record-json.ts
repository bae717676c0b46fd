// Each record's JSON, with its Links, serialised once per (origin, version) and reused until the
// record changes. Records are frozen and every write puts a new object in the store, so a WeakMap
// keyed by the record object can never serve stale JSON, and forgets replaced and deleted records
// by itself. The JSON is kept as UTF-8 bytes: a list is then copied onto the socket as it is,
// with no string to join and encode again on every request.

import type { ResourceDef } from '../resources/definitions.js';
import { type LinkContext, withLinks } from './links.js';
import type { StoredRecord } from './store.js';

export class RecordJsonCache {
  /** `origin version webUrl` → record → its JSON */
  private readonly byContext = new Map<string, WeakMap<StoredRecord, Buffer>>();

  /**
   * A serialiser for the records of one resource in one link context. `remember: false` for the
   * answers of writes: a bulk import's records would otherwise fill the cache whether or not anyone
   * reads them.
   */
  serialiser(def: ResourceDef, context: LinkContext, remember = true): (record: StoredRecord) => Buffer {
    const key = `${context.origin} ${context.version} ${context.webUrl ?? ''}`;
    let cache = this.byContext.get(key);
    if (!cache) this.byContext.set(key, (cache = new WeakMap()));
    const known = cache;
    return (record) => {
      let json = known.get(record);
      if (!json) {
        json = Buffer.from(JSON.stringify(withLinks(def, record, context)));
        if (remember) known.set(record, json);
      }
      return json;
    };
  }
}
