// `rentals events list` with client-side filters (app/calendar/events-list.ts): the API's
// reference shows no query parameters, so the whole list is read (one request) and filtered.

import { resources } from '../../../resources/definitions.js';
import { defineViewCommand } from '../../registry/spec.js';
import { chooseVersion } from '../../../app/resource/verbs.js';
import { listEvents } from '../../../app/calendar/events-list.js';
import { conceptValue } from '../../vocabulary.js';
import { RANGE_NAME_FLAG, positiveInt, withDatesLink } from './options.js';

const versionHelp = `API version: ${resources.events.versions.join('|')}`;

export const eventsList = defineViewCommand({
  effect: 'reads',
  name: 'list',
  aliases: ['ls'],
  summary: 'List events, filtered by range, name or status',
  help: withDatesLink(),
  examples: [
    'rentals events list',
    'rentals events list --from today --to +30d --status Quoted',
    'rentals events list --search smith --sort Start:desc --limit 5',
  ],
  flags: {
    status: { concept: 'status', primary: 'status', value: 'name|id', description: 'event status (e.g. Confirmed)' },
    apiVersion: { value: 'version', values: resources.events.versions, help: `${versionHelp} (default v1)`, unlisted: resources.events.versions.length === 1 },
    from: { value: 'date', help: 'events whose window (dropoff → pickup) ends after this' },
    to: { value: 'date', help: 'events whose window starts before this' },
    ...RANGE_NAME_FLAG,
    search: { value: 'text', help: 'name or customer has this; case, accents, dashes aside' },
    cancelled: { help: 'only cancelled events' },
    activeOnly: { help: 'only events that are not cancelled' },
    sort: { value: 'column[:desc]', help: 'by a column, its title or field: Start (the default)' },
    limit: { value: 'n', help: 'at most n events (after the filters and sort)' },
  },
  view: 'records',
  handler: (factory, options) => {
    chooseVersion(resources.events, options.apiVersion);
    const { from, to, range, search, sort } = options;
    return listEvents(factory, {
      from,
      to,
      range,
      search,
      sort,
      status: conceptValue('status', options)?.value,
      cancelled: options.cancelled === true,
      activeOnly: options.activeOnly === true,
      limit: positiveInt(options.limit, '--limit'),
    });
  },
});
