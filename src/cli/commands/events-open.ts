// `rentals events open <id>`: the event's page in the web application (app/open-event.ts).

import { openEvent } from '../../app/open-event.js';
import { defineViewCommand } from '../registry/spec.js';

export const eventsOpen = defineViewCommand({
  effect: 'reads',
  name: 'open',
  args: '<id>',
  summary: "Print the event's web link (--browser opens it)",
  examples: ['rentals events open 12', 'rentals events open 12 --browser'],
  flags: { browser: { help: 'open the link in the default browser' } },
  view: 'text',
  handler: (factory, options, [ref]) => openEvent(factory, ref, options.browser === true),
});
