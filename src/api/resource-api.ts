// Resource operations over the client, addressed by the declarative descriptions.
// Bodies are passed through as given: validation happens before (schemas/resource.ts).

import type { ValidBody } from '../schemas/valid-body.js';
import { ProtocolError } from '../errors.js';
import {
  type ApiVersion,
  type ResourceDef,
  collectionUrlPath,
  recordUrlPath,
} from '../resources/definitions.js';
import { isObject } from '../common/objects.js';
import { type ApiClient, snippet } from './client.js';
import type { DataPiece } from './data-envelope.js';
import { type WriteGrant, checkGrant } from './write-grant.js';

export type ApiRecord = Record<string, unknown>;

/** A `{ data: [...] }` body as the server sent it (for `--json`) and its records. */
export interface DataResult {
  body: Record<string, unknown>;
  records: ApiRecord[];
}

export interface Address {
  def: ResourceDef;
  version: ApiVersion;
  /** The parent's id for nested resources (prices: inventoryId; bookings: eventId). */
  parentId?: number;
}

export class ResourceApi {
  constructor(readonly client: ApiClient) {}

  async list(at: Address): Promise<DataResult> {
    return this.data('GET', collectionUrlPath(at.def, at.version, at.parentId));
  }

  /** The list's body as pieces, parsed as it arrives (see ApiClient.streamData). */
  stream(at: Address): AsyncGenerator<DataPiece> {
    return this.client.streamData(collectionUrlPath(at.def, at.version, at.parentId));
  }

  async get(at: Address, id: number): Promise<DataResult> {
    return this.data('GET', recordUrlPath(at.def, at.version, id, at.parentId));
  }

  /** Events and bookings only with the grant their writers hold (write-grant.ts). */
  async create(at: Address, body: ValidBody, grant?: WriteGrant): Promise<DataResult> {
    checkGrant(at.def, 'POST', grant);
    return this.data('POST', collectionUrlPath(at.def, at.version, at.parentId), body);
  }

  async update(at: Address, id: number, body: ValidBody, grant?: WriteGrant): Promise<DataResult> {
    checkGrant(at.def, 'PUT', grant);
    return this.data('PUT', recordUrlPath(at.def, at.version, id, at.parentId), body);
  }

  /** DELETE; returns the `{ id }` body (or `{ id }` of the request when the server sent no body). */
  async remove(at: Address, id: number, grant?: WriteGrant): Promise<{ id: number }> {
    checkGrant(at.def, 'DELETE', grant);
    const path = recordUrlPath(at.def, at.version, id, at.parentId);
    const response = await this.client.request('DELETE', path, { expect: 'id' });
    if (response.body === undefined) return { id };
    if (!isObject(response.body) || response.body.id === undefined) {
      throw new ProtocolError(`the server's answer to DELETE ${path} has no "id": ${snippet(response.text)}`);
    }
    return { id: Number(response.body.id) };
  }

  private async data(method: 'GET' | 'POST' | 'PUT', path: string, body?: ApiRecord): Promise<DataResult> {
    const response = await this.client.request(method, path, { body, expect: 'data' });
    const envelope = response.body as Record<string, unknown>;
    return { body: envelope, records: envelope.data as ApiRecord[] };
  }
}

/** The single record of a get/create/update answer. */
export function single(result: { body?: unknown; records: ApiRecord[] }, what: string): ApiRecord {
  const record = result.records[0];
  if (!record) throw new ProtocolError(`the server answered with an empty "data" array for ${what}`);
  return record;
}
