// The import use case (`rentals prices import`, `inventory import`, `bookings import --event-id`):
// rows from CSV, NDJSON or JSON upserted through the one bulk engine; `--undo <report>` puts back
// what a run changed, once: it holds a lock on the report (a second undo of it waits, then is
// refused: undone already), opens its history entry before it writes (naming the report), reads
// each row's record just before its write (a change made meanwhile: stale, left as it is), and
// says how it ended; an undo of the report that did not finish is finished by running it again,
// into the same entry (rows already put back send nothing).

import type { CsvDelimiter } from '../../bulk/input/csv.js';
import type { FirstIssues, RowIssue } from '../../bulk/issues.js';
import { UsageError } from '../../errors.js';
import type { Outcome } from '../../output/views.js';
import type { ResourceDef } from '../../resources/definitions.js';
import { resolveParentId } from '../resource/verbs.js';
import type { AppliedOutcome, BulkDeps } from './run.js';
import { shownPath } from '../../common/sanitize.js';
import { sayResumeFlags } from './resume-flags.js';
import { shellLine } from '../../common/shell-words.js';

export interface ImportOptions {
  def: ResourceDef;
  /** A path, or `-` for stdin; absent with --undo. */
  file?: string;
  format?: 'csv' | 'ndjson' | 'json' | 'xlsx';
  dryRun: boolean;
  plan?: string;
  skipInvalid: boolean;
  /** Percent, as given. */
  maxChange?: string;
  /** Step, as given. */
  round?: string;
  concurrency: number;
  report?: string;
  resume?: string;
  undo?: string;
  /** bookings: the event, by id or name. */
  eventId?: string;
  /** --yes: more than 50 changes without a question. */
  yes?: boolean;
  /** --force: replace an existing --report file. */
  force?: boolean;
  /** Bookings: --allow-overbook. */
  allowOverbook?: boolean;
  /** --delimiter, as given: `,`, `;` or `tab`. */
  delimiter?: string;
  /** --allow-large-changes: a price may move by a factor of ten or more. */
  allowLargeChanges?: boolean;
  /** --locale: how the file writes numbers (`de`: `155,25`), as given. */
  locale?: string;
  /** --renames: a name a spreadsheet rewrote (`007` → `7`) is written as the file has it. */
  renames?: boolean;
}

const DELIMITERS: Record<string, CsvDelimiter> = { ',': ',', ';': ';', tab: '\t', '\t': '\t' };

function parseDelimiter(value: string | undefined): CsvDelimiter | undefined {
  if (value === undefined) return undefined;
  const delimiter = DELIMITERS[value.toLowerCase()];
  if (!delimiter) throw new UsageError(`--delimiter: must be , ; or tab (got ${JSON.stringify(value)})`);
  return delimiter;
}

/** Shown, not refused: the value is sent as given unless --round says otherwise. */
function warnNoise(deps: BulkDeps, file: string, notices: readonly RowIssue[], format: (file: string, issue: RowIssue) => string): void {
  if (notices.length === 0) return;
  const shown = notices.slice(0, 10).map((notice) => `  - ${format(file, notice)}`);
  const more = notices.length > shown.length ? `\n  … and ${notices.length - shown.length} more` : '';
  deps.notices().warn(`Check these values (they are sent as given; add --round 0.01 to round them):\n${shown.join('\n')}${more}`);
}

/** Text a spreadsheet rewrote, left as it was: said on stderr, with the way to write it anyway. */
function warnRewrites(deps: BulkDeps, file: string, rewrites: FirstIssues, format: (file: string, issue: RowIssue) => string): void {
  if (rewrites.count === 0) return;
  const shown = rewrites.kept.slice(0, 10).map((note) => `  - ${format(file, note)}`);
  const more = rewrites.count > shown.length ? `\n  … and ${rewrites.count - shown.length} more` : '';
  deps.notices().warn(`Not renamed: these names differ from the service's only as a spreadsheet rewrites text (pass --renames to write them as the file has them):\n${shown.join('\n')}${more}`);
}

/** A dry run's plan, or a run's changes (its summary on stderr); nothing to print for --plan. */
export async function runImport(deps: BulkDeps, options: ImportOptions): Promise<Outcome> {
  // Without --undo, a file, or --resume (a report that records its file).
  if (options.undo !== undefined ? options.file !== undefined : options.file === undefined && options.resume === undefined) {
    throw new UsageError(options.undo === undefined ? 'give the file to import (or - for stdin), or --undo <report>' : '--undo takes no file: it reads the report');
  }
  const bulk = await import('../../bulk/index.js');
  const { rerunCommand: rerunLine, unrecordedFlags } = await import('./rerun.js');
  const { applyAndReport, asksFirst, defaultReport, openSource, readReportFile, readReportFileAndRun, settlePlan, warnIssues, withBulk } = await import('./run.js');
  const spec = bulk.rowSpecFor(options.def.name)!;
  // Checked before anything is read or sent (on --resume, the report's may stand in: see below).
  if (options.maxChange !== undefined) bulk.moneyFlag('--max-change', options.maxChange, 'non-negative');
  const command = `rentals ${spec.def.command}`;
  parseDelimiter(options.delimiter);
  if (options.locale !== undefined) bulk.styleOfLocale(options.locale);
  const label = `${spec.def.command} ${options.undo === undefined ? 'import' : 'undo'}`;
  const choices = { dryRun: options.dryRun, planFile: options.plan, skipInvalid: options.skipInvalid, applyCommand: `${command} apply`, yes: options.yes, allowOverbook: options.allowOverbook };

  // A mass price change (an undo too) keeps a report, under the data directory when none is named, so --undo always works.
  const keptReport = async () =>
    options.report ?? (spec.def.name === 'prices' && options.resume === undefined ? await defaultReport(deps, `${spec.def.command}-${options.undo === undefined ? 'import' : 'undo'}`) : undefined);
  const undoCommand = `${command} import`;

  return withBulk(deps, options.concurrency, async (run): Promise<Outcome> => {
    if (options.undo !== undefined) {
      const undone = bulk.undoPlan(spec, await readReportFile(deps, options.undo, spec), { file: options.undo, now: deps.now });
      // A dry run or a plan of an undo checks every row against the server, as the undo itself will,
      // and so does an undo that asks first: it counts the changes it would send. Stale rows are marked so.
      const check = options.dryRun || options.plan !== undefined || asksFirst(undone, options.yes === true);
      const predicted = check ? await bulk.predictPlan(spec, undone, run.ctx) : undefined;
      const plan = predicted ? bulk.markStale(undone, predicted) : undone;
      const shown = await settlePlan(deps, spec, plan, { ...choices, predicted });
      if (shown) return shown;
      return undoOnce(deps, options.undo, async () =>
        applyAndReport(deps, spec, plan, run, {
          report: await keptReport(),
          undoCommand,
          force: options.force,
          allowOverbook: options.allowOverbook,
          label,
          freshRows: true,
          staleHint: 'changed since the report (or while this undo ran), left as they are',
          retryHint: () => 'records changed since the report were left as they are',
          // Run again, an undo finishes the one that did not: rows already put back send nothing.
          rerunCommand: () => shellLine(['rentals', ...spec.def.command.split(' '), 'import', '--undo', options.undo!, ...unrecordedFlags(options)]),
        }),
      );
    }
    // The flags the rows depend on: checked against (or taken from) the report's run on --resume, recorded in a new report.
    const { importFlags } = await import('./import-flags.js');
    const scopeName = bulk.scopeField(spec);
    // Left out on --resume, the event is the report's.
    const givenScope = options.eventId === undefined && options.resume !== undefined ? {} : await scopeOf(deps, spec.def, scopeName, options.eventId);
    const earlier = options.resume === undefined ? undefined : await readReportFileAndRun(deps, options.resume, spec);
    const settled = await importFlags(options, `${spec.def.command} import`, scopeName === undefined ? undefined : givenScope[scopeName], earlier?.run, options.resume);
    if (options.resume !== undefined) sayResumeFlags(deps.notices(), options.resume, settled);
    const { file, format, delimiter: delimiterGiven, locale: localeGiven, round: roundGiven, eventId, renames, skipInvalid } = settled.options;
    const maxChange = settled.options.maxChange === undefined ? undefined : bulk.moneyFlag('--max-change', settled.options.maxChange, 'non-negative');
    // A price moved ×10 or more refuses the run, unless allowed or a --max-change of the user's own judges instead.
    const implausible = !settled.options.allowLargeChanges && maxChange === undefined && bulk.moneyFields(spec).length > 0;
    const guarded = { ...choices, skipInvalid: skipInvalid === true };
    if (file === undefined) throw new UsageError(`give the file to import: the report ${shownPath(options.resume!)} does not record it (a report of an earlier version)`);
    const scope = scopeName === undefined || eventId === undefined ? await scopeOf(deps, spec.def, scopeName, options.eventId) : { [scopeName]: eventId };
    const delimiter = parseDelimiter(delimiterGiven);
    const locale = localeGiven === undefined ? undefined : bulk.styleOfLocale(localeGiven);
    const round = roundGiven === undefined ? undefined : bulk.moneyFlag('--round', roundGiven, 'positive');
    // A failed row is planned afresh, even one whose write may have applied (its answer lost): an
    // import sets the file's values, not a change to them, so it finds them there (unchanged, a
    // created record found by its key) or sends the same values again. Only adjust needs judging.
    const carried = earlier === undefined ? undefined : bulk.resumeFrom(earlier.lines).carried;
    const input = await openSource(deps, file, format, delimiter);
    const { IMPORT_NAMES } = await import('./import-flags.js');
    // A resume without --report appends to the report resumed: its first line stays the earlier run's.
    const recordedInReport = options.report === undefined && earlier !== undefined ? earlier.run?.flags : settled.recorded.flags;
    const rerun = { command: [...spec.def.command.split(' '), 'import'], flags: settled.recorded.flags, names: IMPORT_NAMES, recordedInReport, yes: options.yes, allowOverbook: options.allowOverbook };
    // The report records the flags: --resume runs the rest (a file from stdin is given again); without one, every flag is given again.
    const rerunCommand = (report: string | undefined): string => rerunLine(rerun, report);
    const retryHint = (report: string | undefined): string =>
      report === undefined
        ? `retry them with: ${rerunCommand(report)} (rows that applied are unchanged and send nothing)`
        : `${shownPath(report)} says why; retry them with: ${rerunCommand(report)}`;
    // Nothing to show or confirm first: write while the listings are still being read. Not for a
    // resource with write rules (bookings): the booking planner judges the whole run before any
    // write; nor where a price moved ×10 would refuse the run (the plan is judged whole first).
    if (options.yes && !options.dryRun && options.plan === undefined && carried === undefined && skipInvalid !== true && spec.def.writeRules === undefined && !implausible) {
      const listed = await bulk.importWhileListing(spec, input, run.ctx, { scope, maxChange, round, locale, renames }, run.spool);
      warnNoise(deps, input.file, listed.notices, bulk.formatRowIssue);
      if (listed.issueCount > 0) throw bulk.validationError(input.file, listed.issues, listed.issueCount - listed.issues.length);
      let outcome: Outcome;
      try {
        outcome = await applyAndReport(deps, spec, listed.plan, run, {
          snapshot: listed.live,
          whileListing: true,
          report: await keptReport(),
          undoCommand,
          force: options.force,
          label,
          retryHint,
          rerunCommand,
          recorded: settled.recorded,
        });
      } finally {
        if (listed.lateIssues.length > 0) {
          warnIssues(deps, 'Rows found invalid against the server\'s records, not sent:', bulk.validationError(input.file, listed.lateIssues).issues, listed.lateIssueCount() - listed.lateIssues.length);
        }
      }
      await listed.listed;
      warnRewrites(deps, input.file, listed.rewrites, bulk.formatRowIssue);
      return outcome;
    }
    // Planned from the run's spool, never held whole: a dry run prints it from there, --plan writes it, a run sends it.
    // A field the writer fills (a booking's price from the block) is planned with the writers' own rule.
    const writers = spec.def.writerFills === undefined ? undefined : await deps.booking();
    const planned = await bulk.spoolImport(spec, input, run.ctx, { scope, maxChange, implausible, round, carried, locale, renames, writers }, run.spool);
    warnNoise(deps, input.file, planned.notices, bulk.formatRowIssue);
    warnRewrites(deps, input.file, planned.rewrites, bulk.formatRowIssue);
    const uncounted = planned.issueCount - planned.issues.length;
    const invalid = planned.issueCount > 0 ? bulk.validationError(input.file, planned.issues, uncounted) : undefined;
    const refused = implausible ? await bulk.implausibleRefusal(spec, planned.plan, input.file) : undefined;
    const shown = await settlePlan(deps, spec, planned.plan, { ...guarded, invalid, invalidMore: uncounted, readIncomplete: planned.readIncomplete, unplanned: planned.unplanned, implausible: refused });
    if (shown) return shown;
    return applyAndReport(deps, spec, planned.plan, run, {
      snapshot: planned.live,
      carried,
      report: await keptReport(),
      undoCommand,
      appendTo: options.report === undefined ? options.resume : undefined,
      force: options.force,
      allowOverbook: options.allowOverbook,
      label,
      retryHint,
      rerunCommand,
      recorded: settled.recorded,
      unplanned: planned.unplanned,
    });
  });
}

/**
 * Runs `apply` (the undo of the report at `file`) once per report: under the report's lock, refused
 * when an undo of it stands complete, continuing the entry of one that did not finish, its entry
 * opened before the first write and ended complete or partial. A report from stdin cannot be known
 * again: it is applied without.
 */
async function undoOnce(deps: BulkDeps, file: string, apply: () => Promise<AppliedOutcome>): Promise<AppliedOutcome> {
  if (file === '-') return apply();
  const { realpath } = await import('node:fs/promises');
  const path = await realpath(file);
  const { reportLockKey } = await import('../history.js');
  const [{ AlreadyUndoneError, undosOfReport }, { entryTimeInZone }] = await Promise.all([import('../undo-progress.js'), import('../entry-time.js')]);
  const history = deps.history();
  return history.exclusive(
    await reportLockKey(path),
    async () => {
      const { complete, open } = undosOfReport(history.entries(), path);
      if (complete) {
        throw new AlreadyUndoneError(`the report ${shownPath(file)} was undone already, by entry ${complete.id} (${entryTimeInZone(complete.at, deps)}); nothing was sent. (rentals undo ${complete.id} takes that undo back.)`);
      }
      if (open) {
        deps.notices().info(`Finishing the undo of ${shownPath(file)} that entry ${open.id} began (${open.end?.reason ?? 'interrupted'}): rows already put back send nothing.`);
        history.resume(open.id, open.records.length);
      } else history.startUndo({ report: path });
      const partial = (error: unknown) => history.end({ outcome: 'partial', reason: (error instanceof Error ? error.message : String(error)).split('\n')[0]! });
      let outcome: AppliedOutcome;
      try {
        outcome = await apply();
      } catch (error) {
        partial(error);
        throw error;
      }
      if (outcome.failure) partial(outcome.failure);
      else history.end({ outcome: 'complete' });
      return outcome;
    },
    (pid) => deps.notices().info(`Waiting for another undo of ${shownPath(file)} to end (pid ${pid})…`),
  );
}

/** bookings: `{ eventId }` from --event-id (an id or an event's name). */
async function scopeOf(deps: BulkDeps, def: ResourceDef, name: string | undefined, given: string | undefined): Promise<Record<string, number>> {
  if (name === undefined) return {};
  const id = await resolveParentId(def, given, deps.names());
  return { [name]: id! };
}
