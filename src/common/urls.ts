// The one URL rule of the tool: settings, web links and the sandbox take http(s) URLs only.

/** True for an absolute http: or https: URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}
