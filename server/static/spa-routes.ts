/**
 * The app's client routes, as TanStack path patterns listed by the build in `spa-routes.json`,
 * so the server can answer an unknown path with the app shell and a real 404 status.
 *
 * Pattern syntax (TanStack Router): `/blog/$slug` (one segment), `$` alone (splat: the rest of
 * the path, possibly empty), `{-$lang}` (optional segment), `post-{$id}.html` (a parameter with
 * a prefix/suffix inside a segment). Literal segments match case-insensitively, like the router.
 */

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Regex source for one pattern segment, including its leading slash. */
function segmentSource(segment: string): string {
  if (segment === '$' || segment === '{$}') return '(?:/.*)?';
  if (/^\{-\$[^{}]*\}$/.test(segment)) return '(?:/[^/]+)?';
  if (/^\$[^{}]+$/.test(segment)) return '/[^/]+';
  const braced = /^(.*)\{\$[^{}]*\}(.*)$/.exec(segment);
  if (braced) return `/${escapeRegExp(braced[1] ?? '')}[^/]+${escapeRegExp(braced[2] ?? '')}`;
  return `/${escapeRegExp(segment)}`;
}

export function compileRoutePattern(pattern: string): RegExp {
  const segments = pattern.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return /^\/$/;
  return new RegExp(`^${segments.map(segmentSource).join('')}/?$`, 'i');
}

/** A matcher over every pattern, for decoded paths (as Hono's `c.req.path` gives them). */
export function createRouteMatcher(patterns: readonly string[]): (pathname: string) => boolean {
  const compiled = patterns.map(compileRoutePattern);
  return (pathname) => compiled.some((regex) => regex.test(pathname));
}
