// Use case: an event's page in the web application (`rentals events open`): its `web` link, or one
// made from the web URL setting; only an http(s) link is shown or opened.

import { single } from '../api/resource-api.js';
import { isHttpUrl } from '../common/urls.js';
import { RentalsError } from '../errors.js';
import type { Outcome } from '../output/views.js';
import { resources } from '../resources/definitions.js';
import type { Factory } from './factory.js';
import { readNamed } from './resource/verbs.js';

export type OpenDeps = Pick<Factory, 'api' | 'catalog' | 'settings' | 'openBrowser'>;

/** The link is printed first: a browser that cannot be started still leaves it on stdout. */
export async function openEvent(deps: OpenDeps, ref: string, browser: boolean): Promise<Outcome> {
  const def = resources.events;
  const record = await readNamed(deps.catalog(), def, ref, async (id) => single(await deps.api().get({ def, version: 'v1' }, id), `event ${id}`));
  const id = Number(record.id);
  const links = Array.isArray(record.Links) ? (record.Links as Array<Record<string, unknown>>) : [];
  let url = links.find((l) => l.rel === 'web' && typeof l.href === 'string')?.href as string | undefined;
  const webUrl = deps.settings().webUrl.value;
  if (!url && webUrl) url = `${webUrl.replace(/\/+$/, '')}/event/edit/${id}`;
  if (!url) throw new RentalsError(`event ${id} has no web link; set the web URL (--web-url, RENTALS_WEB_URL)`);
  // Only http(s) links are printed or opened: a server's `file:` or custom-scheme link is refused.
  if (!isHttpUrl(url)) throw new RentalsError(`event ${id}'s web link is not an http(s) URL; not shown or opened`);
  const link = url;
  return { view: { kind: 'text', text: link, data: [{ id, url: link }] }, afterPrinting: browser ? () => deps.openBrowser(link) : undefined };
}

