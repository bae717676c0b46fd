// One request, from method and path to the reply: route (404/405), auth (401), path ids (400),
// body (415/413/400), then the operation. Errors become the documented error body.

import type { IncomingMessage } from 'node:http';
import { resourceList } from '../resources/definitions.js';
import type { Auth } from './auth.js';
import { readJsonBody } from './body.js';
import { internalError } from './errors.js';
import { type Operations, type Reply } from './operations.js';
import type { Durability } from './persistence.js';
import { type Route, Router, pathIds, resourceRoutes } from './router.js';

export interface AppOptions {
  operations: Operations;
  durability: Durability;
  auth: Auth;
  /** Base of the events' `web` links. */
  webUrl?: string;
  /** Origin of the hrefs in `Links`: the configured public URL or the listening address, never the request's Host. */
  origin: () => string;
  /** Told of every request (tests and benchmarks count them). */
  onRequest?: (method: string, path: string) => void;
}

const authorizeRoute: Route = { method: 'GET', pattern: '/authorize', target: { kind: 'authorize' } };

export function createApp(options: AppOptions): (req: IncomingMessage) => Promise<Reply> {
  const router = new Router([...resourceRoutes(resourceList), authorizeRoute]);
  return async (req) => {
    const failure = options.durability.failure;
    if (failure) throw internalError(`${failure.message}; restart the sandbox`);
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?', 1)[0]!;
    options.onRequest?.(method, path);
    const { route, rawParams } = router.match(method, path);
    const { target } = route;
    if (target.kind === 'authorize') return { status: 200, body: options.auth.authorize(req.headers.authorization) };
    options.auth.requireBearer(req.headers.authorization);
    const params = pathIds(rawParams);
    const body = route.method === 'POST' || route.method === 'PUT' ? await readJsonBody(req) : undefined;
    return options.operations.run({
      def: target.def,
      verb: target.verb,
      params,
      body,
      links: { origin: options.origin(), version: target.version, webUrl: options.webUrl },
    });
  };
}
