// The application layer's one factory (gh's cmdutil.Factory): every dependency a use case may need,
// each a function built on first call, so a run builds only what its command touches. A use case
// asks for the few it needs (`Pick<Factory, 'calendar' | 'wallNow'>`), never for the whole run;
// the CLI builds the factory once per run (src/cli/factory/), a test builds one of doubles that
// throw on any call it did not expect (test/helpers/fake-factory.ts).
//
// What loads modules a list never needs is asynchronous: the calendar and its reads, the rules'
// advisor, the writers (`booking()`), the plan key. `inventory list` initialises none of them.

import type { Readable } from 'node:stream';
import type { ApiClient } from '../api/client.js';
import type { HttpMethod, TokenProvider } from '../api/http-types.js';
import type { ResourceApi } from '../api/resource-api.js';
import type { EntryEnd, HistoryEntry, HistoryRecord, StepNote, UndoStepRef } from '../config/history.js';
import type { PlanKey } from '../config/plan-key.js';
import type { DocumentSettings, Settings } from '../config/settings.js';
import type { CalendarData, CalendarReading } from '../data/calendar.js';
import type { Catalog, CatalogOptions } from '../data/catalog.js';
import type { NameResolver } from '../data/resolver.js';
import type { ShortageAdvisor } from '../data/shortage-advisor.js';
import type { HoldPolicy, HoldRule } from '../domain/hold-policy.js';
import type { CalendarEvent } from '../domain/records.js';
import type { WallTime } from '../domain/wall-time.js';
import type { Notices } from '../output/notices.js';
import type { RequestView } from '../output/views.js';
import type { Asker } from './confirm.js';
import type { CalendarWrites } from './ports.js';

/** What the calendar's rules need: the calendar's reads, the writers of events, bookings and stock, how each status holds stock, the ways out of a shortage. */
export interface BookingDeps extends CalendarWrites {
  /** How an event holds for reads (the holds setting of this run); the writers judge by the stricter of it and the shop's. */
  ruleOf: (event: CalendarEvent) => HoldRule;
  /** The ways out of a shortage: substitutes, nearer windows, the events holding the units. */
  advisor: ShortageAdvisor;
}

/** Ctrl-C during a long run: a handler, and how to end the process at once on a second one. */
export interface Interrupts {
  /** Registers a handler for SIGINT/SIGTERM; returns a function that removes it. */
  listen(handler: () => void): () => void;
  /** Ends the process now (absent in tests). */
  exitNow?: (code: number) => never;
}

/** The history of writes as this run sees it: the entries of its API, its own entry, and an undo's bookkeeping. */
export interface HistoryLog {
  /** The entries of this API (the base URL in force; all when none is set), oldest first. */
  entries(): HistoryEntry[];
  /** The id of this run's entry once it wrote; undefined before its first write. */
  entry(): string | undefined;
  /**
   * Runs `work` holding the lock `key` of the history (one undo at a time of a chain of undos, or of
   * a report): another run waits for it; one whose holder died is taken over. `waiting`: told once
   * when the wait grows long, with the holder's pid.
   */
  exclusive<T>(key: string, work: () => Promise<T>, waiting: (pid: number) => void): Promise<T>;
  /** The pid of a running process that holds the lock `key` (an undo running now), if any. */
  holder(key: string): Promise<number | undefined>;
  /**
   * Opens this run's entry now, as the undo of an entry or of a report; an entry's undo writes every
   * line at once from then on. Its id. Throws when the history cannot be written.
   */
  startUndo(of: { entry: string } | { report: string }): string;
  /** This run continues the entry `id` (an undo that did not finish, holding `records` records). */
  resume(id: string, records: number): void;
  /** The undo's steps, in order, before its first write. */
  intent(steps: readonly UndoStepRef[]): void;
  /** What the undo notes of its step `step` (before its write is sent; skipped); `entry`: of an earlier undo (a step looked up). */
  step(step: number, note: StepNote, entry?: string): void;
  /** A record of the earlier entry `entry` whose write was never answered and is found applied. */
  recordOf(entry: string, record: HistoryRecord): void;
  /** How the run ends. */
  end(end: EntryEnd): void;
}

export interface Factory {
  // ── The service ──
  /** The API's base URL, or exit 3 with how to set it. */
  baseUrl(): string;
  api(): ResourceApi;
  /** The authenticated HTTP client itself (`rentals api`, `auth status --check`); fails with exit 3 before any request when credentials are missing. */
  client(): ApiClient;
  /** A client of its own to `baseUrl` with this token (false: none), for `auth login`; the caller closes it. */
  clientTo(baseUrl: string, token: TokenProvider | false, insecureHttp: boolean): ApiClient;
  /** Closes the run's client (a check made before the run ends). */
  closeClient(): void;
  /** Names → ids for id flags, through the run's catalog. */
  names(): NameResolver;
  /** The run's data catalog; `options` apply when it is first made (the bulk commands make it first). */
  catalog(options?: CatalogOptions): Catalog;
  /** The HTTP client with a socket per concurrent request (a bulk run; before the first request). */
  sizeClient(maxSockets: number): void;
  /** The request a write would send, secrets redacted (`--dry-run`): nothing is sent. */
  describeRequest(method: HttpMethod, path: string, body: unknown): Promise<RequestView>;

  // ── The calendar: reads, rules and writers, each loaded on first use ──
  /** The calendar's reads over the run's catalog; `reading` applies when it is first made (a read-only command over one range reads lean). */
  calendar(reading?: CalendarReading): Promise<CalendarData>;
  /** Which statuses hold stock, firmly or as quotes (the holds setting of this run). */
  holds(): HoldPolicy;
  /** How an event holds, for reads (the holds setting of this run). */
  ruleOf(event: CalendarEvent): HoldRule;
  /** The ways out of a shortage (substitutes, nearer windows, the events holding the units). */
  advisor(): Promise<ShortageAdvisor>;
  /** The calendar's writers and rules (bookings add/update, events update, inventory update, bulk rows). */
  booking(): Promise<BookingDeps>;

  // ── Settings and files ──
  /** The settings in force (profile, base URL, document settings…), resolved once for the run. */
  settings(): Settings;
  /** The shop's time zone: the `timezone` setting, else this system's; a bad --timezone is exit 2. Its clock is the one of wallNow and wallAt. */
  timeZone(): string;
  /** The settings of the customer's page; one from the environment or a profile that breaks its rule is a warning on stderr. */
  documentSettings(): DocumentSettings;
  /** The API's host name (stable ICS UIDs); `rentals` when there is none. */
  apiHost(): string;
  /** The environment (proxies and the plain-http rules of `auth login`). */
  env(): Record<string, string | undefined>;
  /** The key plans are signed with: the user's, in the config directory (made on first use). */
  planKey(): Promise<PlanKey>;
  /** The tool's data directory (config/store.ts dataDir): where mass changes keep their reports. */
  dataDir(): string;
  /** A tool call of `rentals mcp` (Context.toolCall): no report is written unasked; the undo tool, not a report, takes a mass change back. */
  toolCall(): boolean;
  /** The run as a `rentals …` command to type again (secrets redacted, without --dry-run), with `operands` after its words: what a refusal's ways out run. */
  commandToType(operands?: readonly string[]): string;
  /** The history of writes: its entries, and this run's own. */
  history(): HistoryLog;

  // ── The terminal and the clock ──
  notices(): Notices;
  /** Progress lines: stderr at a terminal, not silenced by -q; undefined otherwise. */
  progress(): ((text: string) => void) | undefined;
  /** A line on stderr that must reach it now, whatever -q says (a second Ctrl-C). */
  stderr(text: string): void;
  /** --fields as given: a list whose fields are not all the resource's columns is read whole. */
  fields(): readonly string[] | undefined;
  /** A [y/N] question on the terminal; undefined when stdin or stderr is not one (nobody to ask). */
  asker(): Asker | undefined;
  /** A hidden question on the terminal (a secret); undefined when stdin is not one. */
  secretAsker(): ((question: string) => Promise<string>) | undefined;
  /** A visible one-line question on the terminal; undefined when stdin or stderr is not one. Its answer is undefined at end of input (Ctrl-D). */
  lineAsker(): ((question: string) => Promise<string | undefined>) | undefined;
  /** Standard input (a `--file -` body; made only when read). */
  stdin(): Readable;
  /** Opens a URL in the default browser. */
  openBrowser(url: string): Promise<void>;
  interrupts(): Interrupts;
  /** Milliseconds since the epoch (the real clock, or the test's). */
  now(): number;
  /** Waits `ms` (the real timers, or the test's): a bulk row's pause before its second attempt. */
  sleep(ms: number): Promise<void>;
  /** The shop's wall-clock time now (timeZone's clock), to the minute: what relative dates and ranges count from. */
  wallNow(): WallTime;
  /** The wall time an instant reads on the shop's clock (timeZone's): a history entry's time, a relative date of a write. */
  wallAt(instant: number): WallTime;
}
