// The items named with --item by a command that acts on an event's lines (`events unbook`, and
// `events book`, which sets a line's quantity): a name several items have (or have alike: case,
// accents, dashes; data/names.ts) is the one the event's lines have, when only one of them does;
// a name no item has is answered with the event's lines first ("did you mean"). A name that names
// one item is that item, on the event or not: an exact name is never overruled by a likeness.

import { quotedName } from '../../common/sanitize.js';
import { closest } from '../../common/similar.js';
import { NameIndex, bareNumber, parseReference } from '../../data/names.js';
import type { CalendarEvent, CalendarItem } from '../../domain/records.js';
import { NotFoundError, UsageError } from '../../errors.js';
import { resources } from '../../resources/definitions.js';
import type { CalendarWrites } from '../ports.js';

/** Up to this many lines are listed when a name is near none of them. */
const LINES_LISTED = 12;

/**
 * The item of each of `refs` (in order, repeats kept), the event's lines deciding where the name
 * alone does not (the event as it is being read: the items are looked up meanwhile). `lines`: a
 * command that acts only on lines (unbook) suggests only them; one that may add a line (book)
 * suggests the lines, then the other items.
 */
export async function itemsOnEventFirst(deps: Pick<CalendarWrites, 'calendar'>, eventRead: Promise<CalendarEvent>, refs: readonly string[], suggest: 'lines' | 'lines and items'): Promise<number[]> {
  // Read only when a name is not one item's: a plain run asks nothing more than before.
  let read: Promise<{ event: CalendarEvent; onEvent: CalendarItem[]; items: ReadonlyMap<number, CalendarItem>; lines: NameIndex }> | undefined;
  const eventLines = async () => {
    const event = await eventRead;
    return (read ??= Promise.all([deps.calendar.bookings([event]), deps.calendar.items()]).then(([current, items]) => {
      const onEvent = [...new Set((current.get(event.id) ?? []).map((b) => b.itemId))].flatMap((id) => {
        const item = items.get(id);
        return item ? [item] : [];
      });
      return { event, onEvent, items, lines: new NameIndex(resources.inventory, onEvent.map((item) => ({ id: item.id, name: item.name }))) };
    }));
  };
  return Promise.all(
    refs.map(async (ref) => {
      try {
        return (await deps.calendar.item(ref)).id;
      } catch (error) {
        const written = parseReference(ref);
        // Only a name no item has or several have; an id (`7`, `id:7`) is the catalog's to judge.
        if (!(error instanceof NotFoundError || error instanceof UsageError) || written.kind === 'id' || bareNumber(ref) !== undefined) throw error;
        const name = written.kind === 'name' ? written.name : written.text;
        // Several items have the name (or one alike): the one the event's lines have, if only one does.
        const { event, onEvent, items, lines } = await eventLines();
        const found = lines.resolve(name);
        if (found.ok) return found.id;
        if (!(error instanceof NotFoundError)) throw error;
        throw new NotFoundError(notOnEvent(name, event, onEvent, items, suggest) ?? error.message, 404);
      }
    }),
  );
}

/** `--item: no inventory item is named "Chair"; did you mean "White Folding Chair" (id 12), booked on event 37, or …?`; undefined: the catalog's own message. */
function notOnEvent(name: string, event: CalendarEvent, onEvent: readonly CalendarItem[], items: ReadonlyMap<number, CalendarItem>, suggest: 'lines' | 'lines and items'): string | undefined {
  const head = `--item: no inventory item is named ${quotedName(name)}`;
  const withIds = (pool: Iterable<CalendarItem>) => (label: string) => {
    const ids = [...pool].filter((item) => item.name === label).map((item) => item.id).sort((a, b) => a - b);
    return `${quotedName(label)} (${ids.length === 1 ? 'id' : 'ids'} ${ids.join(', ')})`;
  };
  const nearLines = closest(name, onEvent.map((item) => item.name)).map(withIds(onEvent));
  if (suggest === 'lines') {
    if (nearLines.length > 0) return `${head}; did you mean ${nearLines.join(' or ')}, booked on event ${event.id}?`;
    if (onEvent.length === 0) return `${head}; event ${event.id} ${quotedName(event.name)} has no lines`;
    const listed = onEvent.slice(0, LINES_LISTED).map((item) => withIds(onEvent)(item.name));
    const more = onEvent.length > LINES_LISTED ? `, … (see \`rentals events show ${event.id}\`)` : '';
    return `${head}; booked on event ${event.id} ${quotedName(event.name)}: ${[...new Set(listed)].join(', ')}${more}`;
  }
  if (nearLines.length === 0) return undefined;
  const lineIds = new Set(onEvent.map((item) => item.id));
  const others = [...items.values()].filter((item) => !lineIds.has(item.id));
  const nearOthers = closest(name, others.map((item) => item.name)).map(withIds(others));
  return `${head}; did you mean ${nearLines.join(' or ')}, booked on event ${event.id}${nearOthers.length > 0 ? `, or ${nearOthers.join(' or ')}` : ''}?`;
}
