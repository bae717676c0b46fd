// The `Links` of a record: absolute hrefs under the sandbox's public URL (never the request's Host,
// which any client can set), carrying the request's version prefix, with exactly the relations the
// reference gives the resource.

import { type ApiVersion, type LinkRel, type ResourceDef, collectionUrlPath, recordUrlPath } from '../resources/definitions.js';
import type { StoredRecord } from './store.js';

interface Link {
  rel: LinkRel;
  method: string;
  href: string;
}

export interface LinkContext {
  /** `http://127.0.0.1:4010`: `--public-url`, else the listening address. */
  origin: string;
  version: ApiVersion;
  /** Base of the `web` link of events (`{web_url}/event/edit/<id>`); the sandbox's origin when not set. */
  webUrl?: string;
}

export function withLinks(def: ResourceDef, record: StoredRecord, context: LinkContext): Record<string, unknown> {
  return { ...record, Links: linksOf(def, record, context) };
}

function linksOf(def: ResourceDef, record: StoredRecord, context: LinkContext): Link[] {
  const parentId = def.parent ? (record[def.parent.field] as number) : undefined;
  const recordHref = `${context.origin}${recordUrlPath(def, context.version, record.id, parentId)}`;
  const collectionHref = `${context.origin}${collectionUrlPath(def, context.version, parentId)}`;
  const webBase = (context.webUrl ?? context.origin).replace(/\/+$/, '');
  const byRel: Record<LinkRel, Link> = {
    self: { rel: 'self', method: 'GET', href: recordHref },
    edit: { rel: 'edit', method: 'PUT', href: recordHref },
    delete: { rel: 'delete', method: 'DELETE', href: recordHref },
    add: { rel: 'add', method: 'POST', href: collectionHref },
    web: { rel: 'web', method: 'GET', href: `${webBase}/event/edit/${record.id}` },
  };
  return def.links.map((rel) => byRel[rel]);
}
