// The items a calendar command shows: those named (--item, by id or name, each once), else every
// item; only those of --category where the service says which category an item is in.

import type { CalendarData } from '../../data/calendar.js';
import { type CalendarItem, itemCategoryId } from '../../domain/records.js';
import { UsageError } from '../../errors.js';

export async function chosenItems(calendar: CalendarData, refs: readonly string[], category: string | undefined): Promise<readonly CalendarItem[]> {
  // The same item named twice (by id and by name) is one row.
  const named = refs.length > 0 ? [...new Map((await Promise.all(refs.map((ref) => calendar.item(ref)))).map((item) => [item.id, item])).values()] : undefined;
  let items = named ?? (await calendar.itemsInOrder());
  if (category !== undefined) {
    const found = await calendar.catalog.idOf('categories', category, '--category');
    if (!items.some((item) => itemCategoryId(item) !== undefined)) {
      throw new UsageError("--category: the service's inventory items carry no category (the API reference does not show how items and categories relate); use --item");
    }
    items = items.filter((item) => itemCategoryId(item) === found);
  }
  return items;
}
