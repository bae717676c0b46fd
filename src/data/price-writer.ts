// The writer of inventory prices. The rule: an item has one price per rental block
// (domain/prices.ts). A create for a pair that has a price already, and an update that moves a
// price onto such a pair, are refused before anything is sent (a dry run alike), naming the item,
// the block and the price the pair has, with the command that changes that price instead. Every
// path that writes a price through the writers gets it: `prices add`, the assistant's tool, undo.
// A create is read back: of two prices for one pair written at the same moment, the later backs
// out. Bulk runs match their rows to the pair's price (bulk/plan.ts): they update it, never add one.

import type { Address, ApiRecord } from '../api/resource-api.js';
import { BeforeCreate } from '../api/unknown-outcome.js';
import { formatMoneyFixed } from '../domain/money.js';
import { type CalendarPrice, readInt, readMoney, readPrice } from '../domain/records.js';
import { type PricePair, judgePricePair, pricesOfPair, pricesText, removeCommand } from '../domain/prices.js';
import type { Catalog } from './catalog.js';
import { quotedName } from '../common/sanitize.js';
import { shellLine } from '../common/shell-words.js';
import { readBackCreate } from './create-race.js';
import { NotFoundError } from '../errors.js';
import type { ValidBody } from '../schemas/valid-body.js';
import type { CalendarData } from './calendar.js';
import { type PlannedWrite, type WriteChoices, checkBodyId, readForWrite, recordChange } from './planned-write.js';
import { RecordRequests, RecordWriter, checkedBody, mergedBody, plainPlan } from './record-writer.js';

export class PriceWriter extends RecordWriter {
  constructor(
    private readonly calendar: CalendarData,
    requests: RecordRequests,
    private readonly warn: (message: string) => void = () => undefined,
  ) {
    super('prices', requests);
  }

  override async planCreate(at: Address, body: Record<string, unknown>, choices: WriteChoices = {}): Promise<PlannedWrite> {
    const valid = await checkedBody(at.def, body, 'create', choices);
    const known = await this.judge(valid);
    return plainPlan(recordChange(at, null, null, { ...valid }), { method: 'POST', at, body: valid }, async () => {
      const created = await this.createGuarded(at, valid, choices.replaces, known);
      return [recordChange(at, Number(created.id), null, created)];
    });
  }

  /**
   * Creates the price, then reads the item's prices back: when another write added a price for the
   * pair at the same moment, the later of the two (the higher id) is taken back, so of two the
   * earlier stays and both never back out. What backs out is withdrawn from the run's history.
   */
  private async createGuarded(at: Address, body: ValidBody, replaces: number | undefined, known: BeforeCreate | undefined): Promise<ApiRecord> {
    const api = this.requests.resourceApi();
    const mark = api.historyMark();
    const created = await this.requests.create(at, body, replaces, known);
    const id = Number(created.id);
    // The pair written: the item whose prices the POST went to, the block sent.
    const itemId = at.parentId ?? readInt(body.inventoryId);
    const blockId = readInt(body.rentalBlockId);
    if (itemId === undefined || blockId === undefined) return created;
    await readBackCreate<CalendarPrice>({
      api,
      mark,
      earlier: async () => pricesOfPair(await this.pricesOf(itemId, blockId), blockId, id).filter((price) => price.id < id),
      takeBack: () => this.requests.remove(at, id, created),
      warn: this.warn,
      unreadText: (reason) =>
        `warning: price ${id} was written, but whether another price of item ${itemId} for rental block ${blockId} was added at the same moment could not be read (${reason}); rentals prices list --inventory-id ${itemId} shows its prices`,
      notTakenBackText: (earlier, reason) =>
        `another write added a price for item ${itemId} and rental block ${blockId} at the same moment: ${pricesText(earlier)}. Price ${id}, written after it, could not be taken back ` +
        `(${reason}): the pair has two prices. Remove it:\n  ${removeCommand({ id, itemId })} --yes`,
      takenBackText: async (earlier) => {
        const pair = await this.pair(itemId, blockId);
        return (
          `another write added a price for ${quotedName(pair.itemName)} and the rental block ${quotedName(pair.blockName)} at the same moment: ${pricesText(earlier)}. ` +
          `Price ${id}, written after it, was taken back: an item has one price per rental block. Nothing was changed.\n` +
          `Change that price instead:\n  ${shellLine(['rentals', 'prices', 'set', '--inventory-id', String(itemId), '--rental-block-id', String(blockId), '--price', amountText(body.price)])}`
        );
      },
    });
    return created;
  }

  /** An update judged only when it moves the price to another item or block (its amount alone takes no pair). */
  override async planUpdate(at: Address, id: number, changes: Record<string, unknown>, choices: WriteChoices = {}): Promise<PlannedWrite> {
    checkBodyId(changes, id);
    const before = await readForWrite(this.requests.resourceApi(), at, id);
    const body = await checkedBody(at.def, mergedBody(at.def, before, id, changes), 'update', choices, changes);
    const moves = readInt(body.inventoryId) !== readInt(before.inventoryId) || readInt(body.rentalBlockId) !== readInt(before.rentalBlockId);
    if (moves) await this.judge(body, id);
    return plainPlan(recordChange(at, id, before, { ...before, ...body }), { method: 'PUT', at, id, body }, async () => [recordChange(at, id, before, await this.requests.update(at, id, body, before))]);
  }

  /**
   * Refuses the body's price when its item has another price for its block (`self`: the price
   * being written). What it read is what exists before a create (its lost answer looked up against it).
   */
  private async judge(body: ValidBody | ApiRecord, self?: number): Promise<BeforeCreate | undefined> {
    const itemId = readInt(body.inventoryId);
    const blockId = readInt(body.rentalBlockId);
    const price = readMoney(body.price);
    if (itemId === undefined || blockId === undefined || price === undefined) return undefined;
    const records = await this.listOf(itemId);
    if (records === undefined) return undefined;
    const existing = pricesOfPair(records.flatMap((record) => readPrice(record, itemId) ?? []), blockId);
    // The names are read only for the refusal.
    if (pricesOfPair(existing, blockId, self).length > 0) judgePricePair(await this.pair(itemId, blockId), price, existing, self);
    return BeforeCreate.of(records.map((record) => record.id));
  }

  /** The item's prices for the block as the server has them now. */
  private async pricesOf(itemId: number, blockId: number): Promise<CalendarPrice[]> {
    return pricesOfPair((await this.listOf(itemId) ?? []).flatMap((record) => readPrice(record, itemId) ?? []), blockId);
  }

  /** The item's prices as the run's catalog has them; undefined when the item is not found (the write then says so itself). */
  private async listOf(itemId: number): Promise<ApiRecord[] | undefined> {
    try {
      return await this.calendar.catalog.list('prices', itemId);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }

  private pair(itemId: number, blockId: number): Promise<PricePair> {
    return namedPair(this.calendar.catalog, itemId, blockId);
  }
}

/** The item and the rental block with the names people know them by (their kind and id when they have none). */
export async function namedPair(catalog: Catalog, itemId: number, blockId: number): Promise<PricePair> {
  const [items, blocks] = await Promise.all([catalog.names('inventory'), catalog.names('rentalBlocks')]);
  return { itemId, itemName: items.label(itemId) ?? `item ${itemId}`, blockId, blockName: blocks.label(blockId) ?? `rental block ${blockId}` };
}

/** `15.00`: the amount as the refusal's command gives it (as sent when it is not a decimal). */
function amountText(value: unknown): string {
  const amount = readMoney(value);
  return amount ? formatMoneyFixed(amount) : String(value);
}
