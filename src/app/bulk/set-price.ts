// `rentals prices set`: one upsert through the bulk engine. The pair's price unchanged → no request;
// different → PUT; none → POST. It answers as every write does: its change (domain/changes.ts),
// planned (a dry run) or written; `-o json` keeps the report line (a dry run: the row) in `data`.

import type { ReportLine, RowOperations } from '../../bulk/index.js';
import type { LiveRecord } from '../../bulk/live.js';
import { namedPair } from '../../data/price-writer.js';
import { refuseAmbiguousPair } from '../../domain/prices.js';
import { readInt, readPrice } from '../../domain/records.js';
import type { Change } from '../../domain/changes.js';
import { type FieldIssue, RentalsError, UsageError, ValidationError } from '../../errors.js';
import { kebabCase, resources } from '../../resources/definitions.js';
import type { View } from '../../output/views.js';
import { rowWrites } from '../../data/row-writes.js';
import { checkGivenValues } from '../resource/verbs.js';
import { changesView } from '../changes-view.js';
import type { BulkDeps } from './run.js';

/** The flags by API name, as given: ids or names for the item and the block. */
export interface SetOptions {
  inventoryId?: unknown;
  rentalBlockId?: unknown;
  price?: unknown;
  dryRun: boolean;
}

/** The bulk row's name columns, back to the flags they came from (for messages). */
const FIELD_OF_COLUMN: Record<string, string> = { inventoryName: 'inventoryId', pricingType: 'rentalBlockId' };

export async function setPrice(deps: BulkDeps, options: SetOptions): Promise<View> {
  const def = resources.prices;
  const flags: Record<string, unknown> = { inventoryId: options.inventoryId, rentalBlockId: options.rentalBlockId, price: options.price };
  const missing = Object.keys(flags).filter((name) => flags[name] === undefined);
  if (missing.length > 0) throw new UsageError(`prices set needs ${missing.map((name) => `--${kebabCase(name)}`).join(', ')}`);
  checkGivenValues(def, flags);
  // The item and the block by id or name, as every id flag takes them (a number that is also a name is ambiguous).
  const { inventoryId, rentalBlockId } = await deps.names().resolve(def, { inventoryId: flags.inventoryId, rentalBlockId: flags.rentalBlockId });
  const values: Record<string, unknown> = { price: flags.price, inventoryId, rentalBlockId };

  const bulk = await import('../../bulk/index.js');
  const { withBulk } = await import('./run.js');
  const spec = bulk.priceRows;
  return withBulk(deps, 1, async (run) => {
    const planned = await bulk.planImport(spec, bulk.inputFromRows('prices set', [{ line: 1, values }]), run.ctx);
    const itemId = readInt(inventoryId);
    const blockId = readInt(rentalBlockId);
    const matches = itemId === undefined || blockId === undefined ? [] : planned.live.withKey({ inventoryId: itemId, rentalBlockId: blockId });
    if (matches.length > 1) await refuseSeveral(deps, matches);
    if (planned.issues.length > 0) {
      const issues: FieldIssue[] = planned.issues.map((i) => ({ field: FIELD_OF_COLUMN[i.field ?? ''] ?? i.field ?? 'price', message: i.rule, value: i.value }));
      throw new ValidationError(issues, def.singular);
    }
    const row = planned.plan.rows[0]!;
    const catalog = () => deps.catalog();
    if (options.dryRun) return changesView(changesOf(bulk.rowChange(spec, row)), { dryRun: true, json: { data: [{ ...row, dryRun: true }] }, catalog, narrate: 'summary' });
    const seen: { error?: unknown } = {};
    let line: ReportLine | undefined;
    const summary = await bulk.runPlan([row], {
      spec,
      ops: remembering(bulk.apiOperations(spec, run.ctx, planned.live, rowWrites(run.ctx.api)), seen),
      concurrency: 1,
      sleep: run.ctx.sleep,
      onLine: (reported) => (line = reported),
    });
    // One row: its failure is the command's, with its own exit code (network 5, auth 3, …).
    if (!summary.complete) throw seen.error ?? new RentalsError(line?.error ?? 'the price was not set');
    const written = line && WRITTEN.has(line.outcome) ? bulk.rowChange(spec, line) : undefined;
    return changesView(changesOf(written), { dryRun: false, json: { data: [line ?? row] }, catalog, narrate: 'summary' });
  });
}

/** The pair has several prices (written by another tool): refused, with the commands that remove all but one. */
async function refuseSeveral(deps: Pick<BulkDeps, 'catalog'>, matches: readonly LiveRecord[]): Promise<never> {
  const prices = matches.flatMap((record) => readPrice({ ...record.values, id: record.id }, Number(record.values.inventoryId)) ?? []);
  const [first] = prices;
  refuseAmbiguousPair(await namedPair(deps.catalog(), first!.itemId, first!.blockId), prices);
}

/** The operations, keeping the last error they threw (the runner turns errors into a `failed` outcome). */
function remembering(ops: RowOperations, seen: { error?: unknown }): RowOperations {
  const watch = <T>(promise: Promise<T>): Promise<T> =>
    promise.catch((error: unknown) => {
      seen.error = error;
      throw error;
    });
  return {
    current: (row) => {
      const current = ops.current(row);
      return current instanceof Promise ? watch(current) : current;
    },
    find: (row) => watch(ops.find(row)),
    create: (row) => watch(ops.create(row)),
    update: (row, current) => watch(ops.update(row, current)),
    remove: (row, current) => watch(ops.remove(row, current)),
  };
}

/** The outcomes that wrote a record. */
const WRITTEN: ReadonlySet<string> = new Set(['created', 'updated', 'deleted']);

function changesOf(change: Change | undefined): Change[] {
  return change ? [change] : [];
}
