// The writer of inventory items. The rule: an item's units owned never lowered below what events
// hold of it from now on (domain/stock-change.ts), judged before the write and read back after it
// (a booking written at the same moment may have taken the units: the item is put back as it was).
// A new item holds nothing and a deleted one is gone: their writes are checked by the validator,
// and a new or renamed item's name by the rule that a name names one item (unique-names.ts).

import type { Address, ApiRecord, ResourceApi } from '../api/resource-api.js';
import type { HoldRule } from '../domain/hold-policy.js';
import { type CalendarEvent, readInt, readItem } from '../domain/records.js';
import { type StockShortage, describeStockShortage, judgeStockChange, stockShortage } from '../domain/stock-change.js';
import type { Range, WallTime } from '../domain/wall-time.js';
import { resources } from '../resources/definitions.js';
import type { ValidBody } from '../schemas/valid-body.js';
import type { CalendarData } from './calendar.js';
import { type PlannedWrite, type WriteChoices, checkBodyId, readForWrite, recordChange } from './planned-write.js';
import { writeGuarded } from './race-guard.js';
import { RecordRequests, RecordWriter, checkedBody, mergedBody } from './record-writer.js';
import type { UniqueNames } from './unique-names.js';

export class StockWriter extends RecordWriter {
  constructor(
    private readonly calendar: CalendarData,
    private readonly api: () => ResourceApi,
    private readonly ruleOf: (event: CalendarEvent) => HoldRule,
    private readonly now: () => WallTime,
    private readonly pause?: () => Promise<void>,
    names?: UniqueNames,
  ) {
    super('inventory', new RecordRequests(api, calendar.catalog), names);
  }

  private future(): Range {
    return { from: this.now(), to: Number.MAX_SAFE_INTEGER };
  }

  /** The shortage `quantity` would leave (fresh: whether the holds are read again). */
  private async shortage(before: ApiRecord, quantity: number | undefined, fresh: boolean): Promise<StockShortage | undefined> {
    const item = readItem(before);
    if (quantity === undefined || quantity >= item.quantity) return undefined;
    const held = fresh ? await this.calendar.holdingsNow(this.future(), undefined, this.ruleOf) : await this.calendar.holdings(this.future(), undefined, this.ruleOf);
    return stockShortage(item, quantity, held, this.future());
  }

  /** Refuses (exit 1) `quantity` for the item `before` when events hold more from now on; the shortage let through by allowOverbook. */
  async judge(before: ApiRecord, quantity: number | undefined, options: { allowOverbook: boolean }): Promise<StockShortage | undefined> {
    return judgeStockChange(await this.shortage(before, quantity, false), options);
  }

  /** The item as read now becoming the changes over it, judged by the rule; nothing is sent. */
  override async planUpdate(at: Address, id: number, changes: Record<string, unknown>, choices: WriteChoices = {}): Promise<PlannedWrite> {
    checkBodyId(changes, id);
    const before = await readForWrite(this.api(), at, id);
    const body = await checkedBody(at.def, mergedBody(at.def, before, id, changes), 'update', choices, changes);
    await this.names?.judgeUpdate(at, id, before, body);
    const allowOverbook = choices.allowOverbook === true;
    const overbooked = await this.judge(before, readInt(body.quantityAvailable), { allowOverbook });
    const warnings = overbooked ? [[`warning: overbooking: the stock of ${JSON.stringify(overbooked.item.name)} goes below what events hold:`, ...describeStockShortage(overbooked)].join('\n')] : [];
    return {
      changes: [recordChange(at, id, before, { ...before, ...body })],
      warnings,
      notes: [],
      request: { method: 'PUT', at, id, body },
      write: async () => {
        const written = await this.writeGuarded(at, id, before, body, allowOverbook);
        return [recordChange(at, id, written.before, written.after)];
      },
    };
  }

  /** Writes the change; when it lowered the stock, read back and put back as it was if a concurrent booking took the units. */
  private async writeGuarded(at: Address, id: number, before: ApiRecord, body: ValidBody, allowOverbook: boolean): Promise<{ before: ApiRecord; after: ApiRecord }> {
    const quantity = readInt(body.quantityAvailable);
    const lowers = quantity !== undefined && quantity < readItem(before).quantity;
    return writeGuarded({
      label: `the stock of item ${id}`,
      pause: this.pause,
      forgetHolds: () => this.calendar.forgetHolds(),
      history: this.api(),
      attempt: async (again) => {
        if (again) judgeStockChange(await this.shortage(before, quantity, true), { allowOverbook });
        const after = await this.requests.update(at, id, body, before);
        return { written: { before, after }, guarded: lowers && !allowOverbook };
      },
      shortagesNow: async () => {
        const short = await this.shortage(before, quantity, true);
        return short ? [{ itemId: id, itemName: short.item.name, owned: short.newQuantity, asked: 0, held: short.held, at: short.at, holders: [] }] : [];
      },
      // The item as it was, whole: nothing of this change stays written.
      backOut: async ({ after }) => {
        await this.requests.update(at, id, await checkedBody(resources.inventory, mergedBody(resources.inventory, before, id, {}), 'update'), after);
      },
    });
  }
}
