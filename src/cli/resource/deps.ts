// What the generic verbs' handlers get instead of the whole session: the API, names → ids, the
// run's catalog, the description of a request not sent (--dry-run), a question at a terminal,
// and the calendar's dependencies for the booking rules. Built once per run from the session.

import type { Readable } from 'node:stream';
import type { HttpMethod } from '../../api/client.js';
import type { ResourceApi } from '../../api/resource-api.js';
import type { Catalog } from '../../data/catalog.js';
import type { NameResolver } from '../../data/resolver.js';
import type { RequestView } from '../../output/views.js';
import { type CalendarDeps, calendarDeps } from '../commands/calendar/deps.js';
import type { Session } from '../session.js';

export interface ResourceDeps {
  api: () => ResourceApi;
  names: () => NameResolver;
  catalog: () => Catalog;
  /** --fields as given: a list whose fields are not all the resource's columns is read whole. */
  fields?: readonly string[];
  /** The request a write would send, secrets redacted (`--dry-run`): nothing is sent. */
  describeRequest: (method: HttpMethod, path: string, body: unknown) => Promise<RequestView>;
  /** A [y/N] question on the terminal; undefined when stdin or stderr is not one (nobody to ask). */
  asker: () => ((question: string) => Promise<boolean>) | undefined;
  /** The booking rules' dependencies (bookings add/update). */
  calendar: () => CalendarDeps;
  /** Standard input (a `--file -` body; made only when read) and the clock (relative dates). */
  stdin: () => Readable;
  now: () => number;
}

export function resourceDeps(session: Session): ResourceDeps {
  const { term } = session.ctx;
  return {
    api: () => session.api(),
    names: () => session.names(),
    catalog: () => session.catalog(),
    fields: session.fields(),
    describeRequest: async (method, path, body) => {
      const client = session.newClient(session.requireBaseUrl(), undefined, false);
      const { url, headers } = await client.describe(method, path, body);
      client.close();
      return { kind: 'request', method, url, headers, body };
    },
    asker: () => (term.stdinIsTTY && term.stderrIsTTY ? (question) => session.ctx.confirm(question) : undefined),
    calendar: () => calendarDeps(session),
    stdin: () => term.stdin,
    now: session.ctx.now,
  };
}
