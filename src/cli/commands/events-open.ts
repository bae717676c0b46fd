// `rentals events open <id>`: the event's page in the web application.

import { single } from '../../api/resource-api.js';
import type { ResourceApi } from '../../api/resource-api.js';
import { isHttpUrl } from '../../common/urls.js';
import type { Catalog } from '../../data/catalog.js';
import { RentalsError } from '../../errors.js';
import { resources } from '../../resources/definitions.js';
import { defineViewCommand } from '../registry/spec.js';
import type { Outcome } from '../../output/views.js';
import { resolveIdArgument } from '../../app/resource/verbs.js';
import type { Session } from '../session.js';

interface OpenDeps {
  api: () => ResourceApi;
  catalog: () => Catalog;
  /** The web URL setting: the page of an event without a web link is built from it. */
  webUrl?: string;
  openBrowser: (url: string) => Promise<void>;
}

function openDeps(session: Session): OpenDeps {
  return { api: () => session.api(), catalog: () => session.catalog(), webUrl: session.settings.webUrl.value, openBrowser: (url) => session.ctx.openBrowser(url) };
}

/** The link is printed first: a browser that cannot be started still leaves it on stdout. */
async function openEvent(deps: OpenDeps, ref: string, browser: boolean): Promise<Outcome> {
  const def = resources.events;
  const id = await resolveIdArgument(deps.catalog(), def, ref);
  const record = single(await deps.api().get({ def, version: 'v1' }, id), `event ${id}`);
  const links = Array.isArray(record.Links) ? (record.Links as Array<Record<string, unknown>>) : [];
  let url = links.find((l) => l.rel === 'web' && typeof l.href === 'string')?.href as string | undefined;
  if (!url && deps.webUrl) url = `${deps.webUrl.replace(/\/+$/, '')}/event/edit/${id}`;
  if (!url) throw new RentalsError(`event ${id} has no web link; set the web URL (--web-url, RENTALS_WEB_URL)`);
  // Only http(s) links are printed or opened: a server's `file:` or custom-scheme link is refused.
  if (!isHttpUrl(url)) throw new RentalsError(`event ${id}'s web link is not an http(s) URL; not shown or opened`);
  const link = url;
  return { view: { kind: 'text', text: link }, afterPrinting: browser ? () => deps.openBrowser(link) : undefined };
}

export const eventsOpen = defineViewCommand({
  effect: 'reads',
  name: 'open',
  args: '<id>',
  summary: "Print the event's web link (and open it with --browser)",
  examples: ['rentals events open 12', 'rentals events open 12 --browser'],
  flags: { browser: { help: 'open the link in the default browser' } },
  view: 'text',
  deps: openDeps,
  handler: (deps, options, [ref]) => openEvent(deps, ref, options.browser === true),
});
