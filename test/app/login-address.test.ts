// `auth login` without a base URL: at a terminal it asks for the address (judged by the rule
// --base-url is judged by, at most 3 answers), then for the token, and stores the address typed;
// with nobody to ask (no terminal, or stdin taken by --with-token) it says to give --base-url.
// The use case with doubles for the questions (any question not scripted fails the test) and
// the CLI's own settings and clients against an in-process sandbox.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { login } from '../../src/app/auth.js';
import type { Factory } from '../../src/app/factory.js';
import { readConfig } from '../../src/config/store.js';
import { CancelledError, UsageError } from '../../src/errors.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { factoryOver, fakeFactory, recordingNotices } from '../helpers/fake-factory.js';
import { TOKEN, openSandbox } from '../sandbox/helpers.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await openSandbox();
});
afterAll(() => sandbox.close());

const QUESTION = 'API address (https://…): ';
const NO_ADDRESS = 'give the API address: rentals auth login --base-url https://api.example.com …';
const RULE = 'base-url must be an http(s) URL such as https://api.example.com, without a user name, password or API version (/v1, /v2: rentals adds it)';

interface Question<T> {
  ask: (question: string) => Promise<T>;
  /** The questions asked, in order. */
  asked: string[];
}

/** A question double: the answers in order; a question beyond them fails the test. */
function scripted(answers: string[]): Question<string> {
  const left = [...answers];
  const asked: string[] = [];
  return {
    asked,
    ask: async (question) => {
      asked.push(question);
      const answer = left.shift();
      if (answer === undefined) throw new Error(`unexpected question: ${question}`);
      return answer;
    },
  };
}

interface Terminal {
  /** The visible question's double; undefined: no terminal to ask on. */
  line?: Question<string | undefined>;
  /** The hidden question's double; undefined: no terminal to ask on. */
  secret?: Question<string>;
  /** Standard input of the run (--with-token). */
  stdin?: string;
  /** RENTALS_BASE_URL (default: unset). */
  envBaseUrl?: string;
}

/**
 * The login's factory with no base URL set anywhere: the CLI's own settings, environment, clock and
 * clients against the sandbox, the questions as the test scripts them, warnings recorded.
 */
async function loginFactory(terminal: Terminal): Promise<{ factory: Factory; warnings: string[]; configDir: string }> {
  const run = await factoryOver(sandbox, ['settings', 'env', 'now', 'stdin', 'clientTo'], {
    env: { RENTALS_BASE_URL: terminal.envBaseUrl, RENTALS_TOKEN: undefined },
    ...(terminal.stdin === undefined ? {} : { stdin: terminal.stdin }),
  });
  const notes = recordingNotices();
  const { settings, env, now, stdin, clientTo } = run.factory;
  const factory = fakeFactory({
    settings,
    env,
    now,
    stdin,
    clientTo,
    notices: () => notes.notices,
    lineAsker: () => terminal.line?.ask,
    secretAsker: () => terminal.secret?.ask,
  });
  return { factory, warnings: notes.lines, configDir: run.fake.configDir };
}

describe('auth login without a base URL', () => {
  test('at a terminal: asks for the address, then the token; the address typed is stored in the profile', async () => {
    const line = scripted([`  ${sandbox.url}  `]);
    const secret = scripted([TOKEN]);
    const { factory, warnings, configDir } = await loginFactory({ line, secret });
    const done = await login(factory, { verify: true });
    expect(line.asked).toEqual([QUESTION]);
    expect(secret.asked).toEqual(['Access token: ']);
    expect(warnings).toEqual([]);
    expect(done.message).toContain(`Logged in to ${sandbox.url} as profile "default"`);
    expect((await readConfig(configDir)).profiles.default).toMatchObject({ baseUrl: sandbox.url, token: TOKEN });
  });

  test('an answer that breaks the rule: says why, naming the rule, and asks again', async () => {
    const line = scripted(['ftp://api.example.com', 'https://me:pw@api.example.com', sandbox.url]);
    const secret = scripted([TOKEN]);
    const { factory, warnings, configDir } = await loginFactory({ line, secret });
    await login(factory, { verify: true });
    expect(line.asked).toEqual([QUESTION, QUESTION, QUESTION]);
    expect(warnings).toEqual([`warn: the answer: ${RULE} (got "ftp://api.example.com")`, `warn: the answer: ${RULE} (got "https://***@api.example.com")`]);
    expect((await readConfig(configDir)).profiles.default?.baseUrl).toBe(sandbox.url);
  });

  test('three answers that break the rule: exit 2 naming the rule and --base-url; no token asked, nothing stored', async () => {
    const line = scripted(['api.example.com', 'ftp://x', 'localhost:4010']);
    const { factory, warnings, configDir } = await loginFactory({ line, secret: scripted([]) });
    const error = await login(factory, { verify: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(`the answer: ${RULE} (got "localhost:4010"); 3 answers refused: ${NO_ADDRESS}`);
    expect(line.asked).toHaveLength(3);
    expect(warnings).toHaveLength(2);
    expect((await readConfig(configDir)).profiles.default).toBeUndefined();
  });

  test.each<[string, string | undefined]>([
    ['an empty answer', '   '],
    ['end of input (Ctrl-D)', undefined],
  ])('%s: exit 2 with the message naming --base-url, asked once', async (_name, answer) => {
    const line: Question<string | undefined> = { asked: [], ask: async (question) => (line.asked.push(question), answer) };
    const { factory } = await loginFactory({ line, secret: scripted([]) });
    await expect(login(factory, { verify: true })).rejects.toThrow(new UsageError(NO_ADDRESS));
    expect(line.asked).toEqual([QUESTION]);
  });

  test('Ctrl-C at the question: cancelled (exit 130), as at any question', async () => {
    const { factory } = await loginFactory({
      line: { asked: [], ask: async () => Promise.reject(new CancelledError('cancelled')) },
      secret: scripted([]),
    });
    await expect(login(factory, { verify: true })).rejects.toBeInstanceOf(CancelledError);
  });

  test('the address typed answers to the plain-http rule as the flag does', async () => {
    const line = scripted(['http://api.example.com']);
    const { factory } = await loginFactory({ line, secret: scripted([]) });
    await expect(login(factory, { verify: true })).rejects.toThrow(/refusing to send credentials over plain http:\/\/ to api\.example\.com/);
  });

  test('no terminal: the usage error naming --base-url, nothing asked', async () => {
    const { factory } = await loginFactory({});
    await expect(login(factory, { verify: true })).rejects.toThrow(new UsageError(NO_ADDRESS));
  });

  test('RENTALS_BASE_URL that breaks the rule: not asked (it would win over the answer), the usage error naming --base-url', async () => {
    const line = scripted([]);
    const { factory } = await loginFactory({ line, secret: scripted([]), envBaseUrl: 'ftp://api.example.com' });
    await expect(login(factory, { verify: true })).rejects.toThrow(new UsageError(NO_ADDRESS));
    expect(line.asked).toEqual([]);
  });

  test.each([
    ['--with-token', { withToken: true }],
    ['--client-id … --with-secret', { clientId: 'app', withSecret: true }],
  ])('%s takes standard input: the usage error naming --base-url, nothing asked at the terminal', async (_name, options) => {
    const line = scripted([]);
    const { factory } = await loginFactory({ line, secret: scripted([]), stdin: TOKEN });
    await expect(login(factory, { verify: true, ...options })).rejects.toThrow(new UsageError(NO_ADDRESS));
    expect(line.asked).toEqual([]);
  });
});
