// Method + path → route. The route table is built from the declarative resource descriptions
// (src/resources/definitions.ts), so every path the CLI can call exists here and nothing else does.

import { MAX_ID, type ApiVersion, type ResourceDef, type Verb } from '../resources/definitions.js';
import { HttpError, badRequest, notFound } from './errors.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

type Target = { kind: 'resource'; def: ResourceDef; version: ApiVersion; verb: Verb } | { kind: 'authorize' };

export interface Route {
  method: Method;
  /** `/v1/inventory/{inventoryId}/pricing/{id}` */
  pattern: string;
  target: Target;
}

export interface RouteMatch {
  route: Route;
  /** Path parameters as written; `pathIds` validates them. */
  rawParams: Record<string, string>;
}

const VERB_METHOD: Record<Verb, { method: Method; onRecord: boolean }> = {
  list: { method: 'GET', onRecord: false },
  add: { method: 'POST', onRecord: false },
  get: { method: 'GET', onRecord: true },
  update: { method: 'PUT', onRecord: true },
  delete: { method: 'DELETE', onRecord: true },
};

export function resourceRoutes(defs: ResourceDef[]): Route[] {
  const routes: Route[] = [];
  for (const def of defs) {
    for (const version of def.versions) {
      const collection = `/${version}/${def.collectionPath}`;
      for (const verb of def.verbs) {
        const { method, onRecord } = VERB_METHOD[verb];
        const pattern = onRecord ? `${collection}/{id}` : collection;
        routes.push({ method, pattern, target: { kind: 'resource', def, version, verb } });
      }
    }
  }
  return routes;
}

interface Shape {
  segments: string[];
  byMethod: Map<Method, Route>;
}

export class Router {
  private readonly shapes: Shape[] = [];

  constructor(routes: Route[]) {
    for (const route of routes) {
      let shape = this.shapes.find((s) => s.segments.join('/') === route.pattern.slice(1));
      if (!shape) {
        shape = { segments: route.pattern.slice(1).split('/'), byMethod: new Map() };
        this.shapes.push(shape);
      }
      shape.byMethod.set(route.method, route);
    }
  }

  /** Throws 404 for a path no route has, 405 (with `Allow`) for a known path and another method. */
  match(method: string, path: string): RouteMatch {
    const segments = path.slice(1).split('/');
    for (const shape of this.shapes) {
      const raw = matchSegments(shape.segments, segments);
      if (!raw) continue;
      const route = shape.byMethod.get(method as Method);
      if (!route) {
        const allow = [...shape.byMethod.keys()].join(', ');
        throw new HttpError(405, 'method_not_allowed', `${method} is not allowed on ${path} (allowed: ${allow})`, undefined, {
          allow,
        });
      }
      return { route, rawParams: raw };
    }
    throw notFound(`no such endpoint: ${method} ${path}`);
  }
}

function matchSegments(pattern: string[], segments: string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i]!;
    const got = segments[i]!;
    if (want.startsWith('{')) {
      if (got === '') return undefined;
      params[want.slice(1, -1)] = got;
    } else if (want !== got) {
      return undefined;
    }
  }
  return params;
}

const DIGITS = /^\d{1,10}$/;

/**
 * Path ids must be integers 1..2147483647; anything else is a 400 `invalid_id`. A segment is read
 * percent-decoded (`%31` is `1`, as URLs have it), the same text the message shows.
 */
export function pathIds(raw: Record<string, string>): Record<string, number> {
  const params: Record<string, number> = {};
  for (const [name, segment] of Object.entries(raw)) {
    const text = decodeSafely(segment);
    const value = DIGITS.test(text) ? Number(text) : NaN;
    if (!(value >= 1 && value <= MAX_ID)) {
      const message = `must be an integer from 1 to ${MAX_ID}`;
      throw badRequest('invalid_id', `the ${name} in the path ${message} (got ${JSON.stringify(text.slice(0, 40))})`, [
        { field: name, message },
      ]);
    }
    params[name] = value;
  }
  return params;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
