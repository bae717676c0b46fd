// Changes of an inventory item that can overbook the calendar: its units owned lowered below what
// events hold of it from now on (domain/stock-change.ts). Judged before the write, read back after
// it (a booking written at the same moment may have taken the units: the old quantity is put back).

import type { Address, ApiRecord, ResourceApi } from '../api/resource-api.js';
import { settleUpdate } from '../api/unknown-outcome.js';
import type { HoldRule } from '../domain/hold-policy.js';
import { type CalendarEvent, readInt, readItem } from '../domain/records.js';
import { type StockShortage, judgeStockChange, stockShortage } from '../domain/stock-change.js';
import type { Range, WallTime } from '../domain/wall-time.js';
import { resources } from '../resources/definitions.js';
import { validated } from '../schemas/validated.js';
import type { ValidBody } from '../schemas/valid-body.js';
import type { CalendarData } from './calendar.js';
import { writeGuarded } from './race-guard.js';

export interface PlannedStockChange {
  at: Address;
  before: ApiRecord;
  body: ValidBody;
  /** A shortage let through by --allow-overbook. */
  overbooked: StockShortage | undefined;
  allowOverbook: boolean;
}

export class StockWriter {
  constructor(
    private readonly calendar: CalendarData,
    private readonly api: () => ResourceApi,
    private readonly ruleOf: (event: CalendarEvent) => HoldRule,
    private readonly now: () => WallTime,
    private readonly pause?: () => Promise<void>,
  ) {}

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

  /** The item `before` becoming `body` (a whole PUT body), judged; nothing is sent. */
  async plan(at: Address, before: ApiRecord, body: ValidBody, options: { allowOverbook: boolean }): Promise<PlannedStockChange> {
    const overbooked = await this.judge(before, readInt(body.quantityAvailable), options);
    return { at, before, body, overbooked, allowOverbook: options.allowOverbook };
  }

  /** Writes the planned change; when it lowered the stock, read back and put back if a concurrent booking took the units. */
  async write(planned: PlannedStockChange): Promise<{ before: ApiRecord; after: ApiRecord }> {
    const id = Number(planned.before.id);
    const quantity = readInt(planned.body.quantityAvailable);
    const lowers = quantity !== undefined && quantity < readItem(planned.before).quantity;
    return writeGuarded({
      label: `the stock of item ${id}`,
      pause: this.pause,
      attempt: async (again) => {
        if (again) judgeStockChange(await this.shortage(planned.before, quantity, true), planned);
        const after = await this.put(planned.at, id, planned.body, planned.before);
        return { written: { before: planned.before, after }, guarded: lowers && !planned.allowOverbook };
      },
      shortagesNow: async () => {
        const short = await this.shortage(planned.before, quantity, true);
        return short ? [{ itemId: id, itemName: short.item.name, owned: short.newQuantity, asked: 0, held: short.held, at: short.at, holders: [] }] : [];
      },
      backOut: async ({ before, after }) => {
        await this.put(planned.at, id, await validated(resources.inventory, { ...planned.body, quantityAvailable: readItem(before).quantity }, 'update'), after);
      },
    });
  }

  private async put(at: Address, id: number, body: ValidBody, before: ApiRecord): Promise<ApiRecord> {
    const api = this.api();
    try {
      const result = await api.update(at, id, body, { before }).catch(async (error: unknown) => {
        throw await settleUpdate(api, at, id, body, error);
      });
      return result.records[0] ?? body;
    } finally {
      this.calendar.catalog.forget('inventory');
    }
  }
}
