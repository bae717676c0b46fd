// The calendar's event verbs: `events list|show|book|unbook|confirm|cancel|uncancel|clone|move`. Each
// is one module in this folder (as are the top-level `availability`, `timeline`, `agenda`,
// `load-sheet`, `check` and `report`, which the catalog loads one by one): its definition, typed
// options, dependencies, declared view and handler.

import type { LeafCommand } from '../../registry/spec.js';
import { eventsBook, eventsUnbook } from './events-book.js';
import { eventsCancel, eventsUncancel } from './events-cancel.js';
import { eventsConfirm } from './events-confirm.js';
import { eventsClone } from './events-clone.js';
import { eventsList } from './events-list.js';
import { eventsMove } from './events-move.js';
import { eventsShow } from './events-show.js';

/** The event verbs of the calendar; `list` replaces the generic one (it keeps its output and adds filters). */
export function eventCalendarCommands(): LeafCommand[] {
  return [eventsList, eventsShow, eventsBook, eventsUnbook, eventsConfirm, eventsCancel, eventsUncancel, eventsClone, eventsMove];
}
