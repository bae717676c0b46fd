// The calendar's commands: `events list|show|book|unbook|cancel|uncancel|clone` and the
// top-level `availability`, `agenda`, `load-sheet`, `check`. Each is one module in this folder:
// its definition, typed options, dependencies, declared view and handler.

import type { LeafCommand } from '../../registry/spec.js';
import { agendaCommand } from './agenda.js';
import { availabilityCommand } from './availability.js';
import { eventsBook, eventsUnbook } from './events-book.js';
import { eventsCancel, eventsUncancel } from './events-cancel.js';
import { eventsConfirm } from './events-confirm.js';
import { eventsClone } from './events-clone.js';
import { eventsList } from './events-list.js';
import { eventsShow } from './events-show.js';
import { checkCommand } from './check.js';
import { loadSheetCommand } from './load-sheet.js';
import { reportCommand } from './report.js';
import { timelineCommand } from './timeline.js';

/** The event verbs of the calendar; `list` replaces the generic one (it keeps its output and adds filters). */
export function eventCalendarCommands(): LeafCommand[] {
  return [eventsList, eventsShow, eventsBook, eventsUnbook, eventsConfirm, eventsCancel, eventsUncancel, eventsClone];
}

export const calendarCommands: LeafCommand[] = [availabilityCommand, timelineCommand, agendaCommand, loadSheetCommand, checkCommand, reportCommand];
