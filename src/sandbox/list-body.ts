// The whole JSON body of a long top-level list, kept per resource and link context until the
// resource changes: a second read of a 100,000-record list is one buffer written out in pieces,
// not 100,000 records looked up, measured and copied again. One body per resource and context
// (the newest), so memory is at most one copy of each long list as it is sent.

import type { ResourceName } from '../resources/definitions.js';
import type { LinkContext } from './links.js';

/** Lists shorter than this are cheap to write from each record's cached JSON. */
export const LONG_LIST = 1000;

/** A list's cached body, if it is current, and how to keep the one just made. */
export interface ListBodySlot {
  body: Buffer | undefined;
  keep(body: Buffer): void;
}

export class ListBodies {
  private readonly bodies = new Map<string, { version: number; body: Buffer }>();

  /** `version`: the resource's, taken when its records were listed (Store.version). */
  slot(resource: ResourceName, context: LinkContext, version: number): ListBodySlot {
    const key = `${resource} ${context.origin} ${context.version} ${context.webUrl ?? ''}`;
    const held = this.bodies.get(key);
    return {
      body: held?.version === version ? held.body : undefined,
      keep: (body) => {
        const now = this.bodies.get(key);
        if (!now || now.version <= version) this.bodies.set(key, { version, body });
      },
    };
  }
}
