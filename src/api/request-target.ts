// Where a request goes: its path as sent (pathname and query) and its whole URL, made only when a
// message, a log line or a proxy asks for it. A bulk run makes tens of thousands of requests, and
// parsing each one's URL only to take its path back out cost a parse and an object per request.

/** Path characters that a URL parse and the pathname setter leave alike (no %, #, \\, spaces or non-ASCII). */
const PLAIN_PATH = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;
/** The same for a query, less `'`: a parse percent-encodes it there (%27), as the URL in a log says it was sent. */
const PLAIN_QUERY = /^[A-Za-z0-9\-._~!$&()*+,;=:@/]*$/;
/** `/./` and `/../`, which a URL parse resolves away: such a path is not sent as written. */
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

export class RequestTarget {
  private parsed: URL | undefined;

  private constructor(
    /** The pathname and query as sent (`/v1/events?x=1`). */
    readonly path: string,
    readonly pathname: string,
    private readonly origin: string,
    parsed?: URL,
  ) {
    this.parsed = parsed;
  }

  /**
   * `path` (an API path such as `/v1/events?x=1`) under the base URL's path (`basePath`, no
   * trailing slash). A base without userinfo and a path of plain characters is the URL as written,
   * parsed only when asked for; any other is parsed at once, as the URL setters normalise it.
   * `origin` is the base's (a getter that builds a string: a client passes it found once).
   */
  static under(base: URL, basePath: string, path: string, origin = base.origin): RequestTarget {
    // The query is all after the first `?`: `split('?', 2)` would drop a second `?` and what follows it.
    const mark = path.indexOf('?');
    const pathname = mark < 0 ? path : path.slice(0, mark);
    const search = mark < 0 ? undefined : path.slice(mark + 1);
    const full = `${basePath}${pathname.startsWith('/') ? '' : '/'}${pathname}`;
    const plain = !base.username && !base.password && PLAIN_PATH.test(full) && !DOT_SEGMENT.test(full) && (search === undefined || PLAIN_QUERY.test(search));
    if (plain) return new RequestTarget(search ? `${full}?${search}` : full, full, origin);
    const url = new URL(base.href);
    url.pathname = full;
    url.search = search ? `?${search}` : '';
    return new RequestTarget(`${url.pathname}${url.search}`, url.pathname, origin, url);
  }

  /** The absolute URL (for messages, logs, a proxy, a base with userinfo). */
  get url(): URL {
    this.parsed ??= new URL(`${this.origin}${this.path}`);
    return this.parsed;
  }
}
