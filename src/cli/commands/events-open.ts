// `rentals events open <id>`: the event's page in the web application.

import { single } from '../../api/resource-api.js';
import { isHttpUrl } from '../../common/urls.js';
import { RentalsError } from '../../errors.js';
import { resources } from '../../resources/definitions.js';
import { defineCommand } from '../registry/spec.js';
import { resolveIdArgument } from '../resource/run.js';
import type { Session } from '../session.js';

interface OpenOptions {
  id: number;
  browser: boolean;
}

async function runEventsOpen(session: Session, options: OpenOptions): Promise<void> {
  const def = resources.events;
  const record = single(await session.api().get({ def, version: 'v1' }, options.id), `event ${options.id}`);
  const links = Array.isArray(record.Links) ? (record.Links as Array<Record<string, unknown>>) : [];
  let url = links.find((l) => l.rel === 'web' && typeof l.href === 'string')?.href as string | undefined;
  const webUrl = session.settings.webUrl.value;
  if (!url && webUrl) url = `${webUrl.replace(/\/+$/, '')}/event/edit/${options.id}`;
  if (!url) throw new RentalsError(`event ${options.id} has no web link; set the web URL (--web-url, RENTALS_WEB_URL)`);
  // Only http(s) links are printed or opened: a server's `file:` or custom-scheme link is refused.
  if (!isHttpUrl(url)) throw new RentalsError(`event ${options.id}'s web link is not an http(s) URL; not shown or opened`);
  await session.printer.text(url);
  if (options.browser) await session.ctx.openBrowser(url);
}

export const eventsOpen = defineCommand({
  name: 'open',
  args: '<id>',
  summary: "Print the event's web link (and open it with --browser)",
  examples: ['rentals events open 12', 'rentals events open 12 --browser'],
  options: (command) => command.option('--browser', 'open the link in the default browser'),
  run: async (session, options, [id]) =>
    runEventsOpen(session, { id: await resolveIdArgument(session, resources.events, id), browser: options.browser === true }),
});
