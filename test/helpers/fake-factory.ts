// Factories for testing a use case of src/app in process, pnpm's way: every member of the factory
// throws "unexpected call: factory.X()" unless the test gives it, so a use case that reaches for
// more than it should fails its test. Two kinds:
//   fakeFactory({ wallNow: () => …, notices: () => notes.notices })  doubles only;
//   factoryOver(sandbox, ['calendar', 'wallNow', 'notices'], …)      the CLI's own factory against
//                                                                    an in-process sandbox, with only
//                                                                    the members named let through.

import type { Factory } from '../../src/app/factory.js';
import { type Run, startRun } from '../../src/cli/run.js';
import type { GlobalOptions } from '../../src/cli/global-flags.js';
import type { Notices } from '../../src/output/notices.js';
import { type FakeContext, type FakeOptions, fakeContext } from './fake-context.js';

/** What the test gives: any members of the factory, each a double. */
export type FactoryDoubles = Partial<Factory>;

function describeArgument(arg: unknown): string {
  if (typeof arg === 'function') return 'a function';
  try {
    return JSON.stringify(arg) ?? String(arg);
  } catch {
    return String(arg);
  }
}

function unexpected(member: string): (...args: unknown[]) => never {
  return (...args) => {
    const shown = args.map(describeArgument).join(', ');
    throw new Error(`unexpected call: factory.${member}(${shown})`);
  };
}

/** A factory of the given doubles; any other member throws "unexpected call: factory.X()" when called. */
export function fakeFactory(doubles: FactoryDoubles = {}): Factory {
  return new Proxy(doubles as Factory, {
    get(target, property) {
      if (typeof property === 'symbol' || property === 'then') return undefined; // not a thenable, not an iterator
      if (Object.hasOwn(target, property)) return target[property as keyof Factory];
      return unexpected(property);
    },
  });
}

/** Notices kept as lines (`info: …`, `warn: …`), for a test to read. */
export function recordingNotices(): { notices: Notices; lines: string[] } {
  const lines: string[] = [];
  return { lines, notices: { info: (text) => void lines.push(`info: ${text}`), warn: (text) => void lines.push(`warn: ${text}`) } };
}

export interface SandboxFactory {
  /** The run's factory, with only the members named let through. */
  factory: Factory;
  /** What the run wrote to stderr (its notices, warnings and `Range:` lines). */
  stderr: () => string;
  fake: FakeContext;
  /** Ends the run (its client, its history entry). */
  close: () => void;
}

export interface SandboxFactoryOptions extends FakeOptions {
  /** Global flags of the run (`{ holds: 'Quoted=firm' }`). */
  globals?: GlobalOptions;
}

/**
 * The CLI's own factory for a run against `sandbox` (a started in-process sandbox), as `rentals`
 * would build it from RENTALS_BASE_URL and RENTALS_TOKEN, in a home of its own; members not in
 * `uses` throw "unexpected call". Close it when done (or let the test's end do it: it is
 * registered with `onTestFinished` by the caller if wanted).
 */
export async function factoryOver(sandbox: { url: string; token: string }, uses: ReadonlyArray<keyof Factory>, options: SandboxFactoryOptions = {}): Promise<SandboxFactory> {
  const { globals = {}, ...fakeOptions } = options;
  const fake = fakeContext({ ...fakeOptions, env: { RENTALS_BASE_URL: sandbox.url, RENTALS_TOKEN: sandbox.token, ...fakeOptions.env } });
  const run: Run = await startRun(fake.ctx, globals);
  const allowed = new Set<string>(uses);
  const factory = new Proxy(run.factory as Factory, {
    get(target, property) {
      if (typeof property === 'symbol' || property === 'then') return undefined;
      if (!allowed.has(property)) return unexpected(property);
      return target[property as keyof Factory];
    },
  });
  return { factory, stderr: fake.stderr, fake, close: () => run.factory.close() };
}
