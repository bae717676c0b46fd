// The one URL rule of the tool: settings, web links and the sandbox take http(s) URLs only, and
// never one that carries a user name or password (`https://user:secret@host`): the API
// authenticates with a token, and a password in a URL would be stored in the config file and the
// history of writes and shown by `auth status`, errors and --debug. Such a URL is refused with a
// message that shows it without them.

/** True for an absolute http: or https: URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

/** True when `value` parses as a URL with a user name or a password. */
function carriesCredentials(value: string): boolean {
  try {
    const parsed = new URL(value);
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return false;
  }
}

/** An http(s) URL without a user name or password: what a base URL and a web URL must be. */
export function isPlainHttpUrl(value: string): boolean {
  return isHttpUrl(value) && !carriesCredentials(value);
}

/**
 * The API's base URL: a plain http(s) URL whose path does not end in the API's version (`/v1`,
 * `/v2`), which rentals puts before every path (`…/v2` would ask for `/v2/v2/inventory`).
 */
export function isApiBaseUrl(value: string): boolean {
  return isPlainHttpUrl(value) && !/\/v\d+\/*$/i.test(new URL(value).pathname);
}

/** The rule isApiBaseUrl checks, as a phrase after "must be". */
export function apiBaseUrlRule(example: string): string {
  return `an http(s) URL such as ${example}, without a user name, password or API version (/v1, /v2: rentals adds it)`;
}

/** The rule isPlainHttpUrl checks, as a phrase after "must be", with an example. */
export function plainHttpUrlRule(example: string): string {
  return `an http(s) URL such as ${example}, without a user name or password`;
}

/** `scheme://user:password@` anywhere in `text`: the user information of a URL. */
const USER_INFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@'"]*@/gi;

/**
 * `text` with the user name and password of every URL in it replaced by `***`
 * (`https://***@api.example.com`): for a command line or a value quoted in a message.
 */
export function maskUrlCredentials(text: string): string {
  return text.includes('@') ? text.replace(USER_INFO, '$1***@') : text;
}

/** `text` with the user name and password of every URL in it left out (`https://api.example.com`). */
export function withoutUrlCredentials(text: string): string {
  return text.includes('@') ? text.replace(USER_INFO, '$1') : text;
}
