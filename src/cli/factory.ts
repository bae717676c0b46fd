// The application layer's factory for one run, built from the session: each dependency is made on
// first use (the session caches the client, the catalog and the settings), so a command that
// touches only names makes no HTTP client. Commands hand their use cases the factory, never the session.

import { dataDir } from '../config/store.js';
import type { Factory } from '../app/factory.js';
import type { Session } from './session.js';

const built = new WeakMap<Session, Factory>();

export function factoryOf(session: Session): Factory {
  const known = built.get(session);
  if (known) return known;
  const { ctx } = session;
  const { term } = ctx;
  const factory: Factory = {
    api: () => session.api(),
    names: () => session.names(),
    catalog: (options) => session.catalog(options),
    sizeClient: (maxSockets) => void session.httpClient({ maxSockets }),
    fields: () => session.fields(),
    describeRequest: async (method, path, body) => {
      const client = session.newClient(session.requireBaseUrl(), undefined, false);
      const { url, headers } = await client.describe(method, path, body);
      client.close();
      return { kind: 'request', method, url, headers, body };
    },
    asker: () => (term.stdinIsTTY && term.stderrIsTTY ? (question) => ctx.confirm(question) : undefined),
    // The writers and the domain they judge by load only for a write: a list never pays for them.
    booking: async () => (await import('./commands/calendar/deps.js')).calendarDeps(session),
    notices: () => session.notices(),
    progress: () => (term.stderrIsTTY && !session.quiet() ? (text) => void term.stderr.write(text) : undefined),
    stderr: (text) => void term.stderr.write(text),
    interrupts: () => ({ listen: ctx.onInterrupt, exitNow: ctx.exit }),
    // node:crypto loads only for a plan: `inventory list` and the like never pay for it.
    planKey: async () => (await import('../config/plan-key.js')).loadPlanKey(session.settings.configDir),
    stdin: () => term.stdin,
    now: ctx.now,
    dataDir: () => dataDir(ctx.env, ctx.homedir),
  };
  built.set(session, factory);
  return factory;
}
