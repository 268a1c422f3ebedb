/**
 * Endpoint paths without zod: the console's API client fills paths with this, so the sign-in page can call the API
 * without loading any schema up front (issue 11, console speed). endpoint.ts re-exports it for everyone else.
 */

/** Fill `:name` segments of an endpoint path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([a-zA-Z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
