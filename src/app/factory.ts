// The application layer's one factory (gh's cmdutil.Factory): every dependency a use case may need,
// each a function built on first call, so a run builds only what its command touches. A use case
// asks for the few it needs (`Pick<Factory, 'api' | 'names'>`), never for the session nor the
// whole terminal; the CLI builds the factory once per run (src/cli/factory.ts).

import type { Readable } from 'node:stream';
import type { HttpMethod } from '../api/http-types.js';
import type { ResourceApi } from '../api/resource-api.js';
import type { PlanKey } from '../config/plan-key.js';
import type { Catalog, CatalogOptions } from '../data/catalog.js';
import type { NameResolver } from '../data/resolver.js';
import type { HoldRule } from '../domain/hold-policy.js';
import type { CalendarEvent } from '../domain/records.js';
import type { Notices } from '../output/notices.js';
import type { RequestView } from '../output/views.js';
import type { Asker } from './confirm.js';
import type { CalendarWrites } from './ports.js';

/** What the calendar's rules need: the calendar's reads, the writers of events, bookings and stock, how each status holds stock. */
export interface BookingDeps extends CalendarWrites {
  ruleOf: (event: CalendarEvent) => HoldRule;
}

/** Ctrl-C during a long run: a handler, and how to end the process at once on a second one. */
export interface Interrupts {
  /** Registers a handler for SIGINT/SIGTERM; returns a function that removes it. */
  listen(handler: () => void): () => void;
  /** Ends the process now (absent in tests). */
  exitNow?: (code: number) => never;
}

export interface Factory {
  api(): ResourceApi;
  /** Names → ids for id flags, through the run's catalog. */
  names(): NameResolver;
  /** The run's data catalog; `options` apply when it is first made (the bulk commands make it first). */
  catalog(options?: CatalogOptions): Catalog;
  /** The HTTP client with a socket per concurrent request (a bulk run; before the first request). */
  sizeClient(maxSockets: number): void;
  /** --fields as given: a list whose fields are not all the resource's columns is read whole. */
  fields(): readonly string[] | undefined;
  /** The request a write would send, secrets redacted (`--dry-run`): nothing is sent. */
  describeRequest(method: HttpMethod, path: string, body: unknown): Promise<RequestView>;
  /** A [y/N] question on the terminal; undefined when stdin or stderr is not one (nobody to ask). */
  asker(): Asker | undefined;
  /** The calendar's writers and rules (bookings add/update, events update, inventory update, bulk rows); loaded on first use. */
  booking(): Promise<BookingDeps>;
  notices(): Notices;
  /** Progress lines: stderr at a terminal, not silenced by -q; undefined otherwise. */
  progress(): ((text: string) => void) | undefined;
  /** A line on stderr that must reach it now, whatever -q says (a second Ctrl-C). */
  stderr(text: string): void;
  interrupts(): Interrupts;
  /** The key plans are signed with: the user's, in the config directory (made on first use). */
  planKey(): Promise<PlanKey>;
  /** Standard input (a `--file -` body; made only when read) and the clock (relative dates). */
  stdin(): Readable;
  now(): number;
  /** The tool's data directory (config/store.ts dataDir): where mass changes keep their reports. */
  dataDir(): string;
}
