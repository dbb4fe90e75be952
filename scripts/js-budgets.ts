/**
 * The JavaScript budgets and their check. The product's targets:
 *  - `/` (the public home page, signed out): at most 90 KB gzip; `/pricing` (the public
 *    pricing page, pre-rendered like it) at most 92 KB: the seven-tier grid, the packs, the credit
 *    costs and the FAQ carry about 7 KB of page code and text over the ~84.6 KB every public page
 *    shares (measured 91.7 KB when it was added); `/api-docs` (the public API's documentation,
 *    pre-rendered too) at most 100 KB: its reference (an OpenAPI schema view, the curl, JavaScript
 *    and Python sample writers, the tabs) and its text carry about 13 KB over that share;
 *  - each service landing page (/services/…, pre-rendered too): at most 90 KB, like `/`;
 *    `/contact` (the contact form, pre-rendered too) at most 90 KB: its checks, proof of work and
 *    sending load only on the form's first focus;
 *  - the blog (rendered by the server from the database, hydrated like the pre-rendered pages):
 *    `/blog`, a category's list and a post, each at most 90 KB (89.6 KB when they were added). Its
 *    pages take their paths and limits from a contract module without valibot
 *    (src/contract/blog.ts); a post's comment thread loads with its schemas and messages
 *    once the reader nears it, the newsletter's sending on the address field's first focus
 *    (src/features/blog/interactive.ts). They are measured on the production server's seeded
 *    posts (content/blog), so the routes name a seeded category and post;
 *  - each studio route (signed in): at most 203 KB gzip; each legacy studio (the same screen on one
 *    page, in the public layout) too. It was 200 KB until every screen of the app had to resolve
 *    its links to public pages (their English versions under /en, the pages that exist only as
 *    documents): the list of public pages moved from the public layout into the app's root,
 *    +0.5 KB on every studio (201 KB). It became 203 KB when the app began keeping every picture
 *    a list shows for offline use and saying what is kept (the list keeper and the offline
 *    banner's note, +1.2 KB), and took its prices and waits from one declaration, its plan names
 *    from one list and its download names from one function (+1 KB across the shared code): the
 *    heaviest, /upscaler, is at 202.8 KB;
 * A route's figure is what a browser really fetches for it (scripts/measure-js.ts): sizes only,
 * nothing here depends on how fast the machine is. `npm test` fails over a budget
 * (scripts/check-js-budgets.ts); `npm run bench` prints the same figures (`--only=js` alone).
 */
import { LANDING_PATHS, LEGACY_ROUTE_PATHS, STUDIO_ROUTE_PATHS } from '../src/contract/tools.ts';

export interface Budget {
  route: string;
  /** Most gzip bytes of JavaScript the route may load: `npm test` fails above it. */
  limit: number;
  /** Opened by a signed-in account (the studios), or by a visitor. */
  signedIn: boolean;
  /** Test id of an element that is up once the route's first screen is. */
  readyTestId?: string;
  /**
   * Rendered by the server from the database (the blog: server/blog/pages.ts), so not a route of
   * the build's list: the seeded page must answer 200 instead.
   */
  serverRendered?: boolean;
}

export const KB = 1024;
/** The studios' routes, from the tool catalogue (src/contract/tools.ts). */
export const STUDIO_ROUTES: readonly string[] = STUDIO_ROUTE_PATHS;
/** The legacy studios: a studio's screen on one page, in the public layout (signed in). */
export const LEGACY_STUDIO_ROUTES: readonly string[] = LEGACY_ROUTE_PATHS;
/** The service landing pages, pre-rendered like `/`, held to the home page's budget. */
export const LANDING_ROUTES: readonly string[] = LANDING_PATHS;
/**
 * The blog's pages measured, rendered by the server from the seeded posts (content/blog): the
 * list, a category's list and the newest post, held to the home page's budget.
 */
export const BLOG_ROUTES = ['/blog', '/blog/category/ban-hang-online', '/blog/lookbook-ao-dai-tet-voi-thu-do-ao'] as const;
export const BUDGETS: readonly Budget[] = [
  { route: '/', limit: 90 * KB, signedIn: false },
  { route: '/pricing', limit: 92 * KB, signedIn: false },
  { route: '/contact', limit: 90 * KB, signedIn: false },
  { route: '/api-docs', limit: 100 * KB, signedIn: false },
  ...LANDING_ROUTES.map((route) => ({ route, limit: 90 * KB, signedIn: false })),
  ...BLOG_ROUTES.map((route) => ({ route, limit: 90 * KB, signedIn: false, serverRendered: true })),
  ...STUDIO_ROUTES.map((route) => ({ route, limit: 203 * KB, signedIn: true, readyTestId: 'studio-page' })),
  ...LEGACY_STUDIO_ROUTES.map((route) => ({ route, limit: 203 * KB, signedIn: true, readyTestId: 'studio-page' })),
];

export interface FileSize {
  /** Path under the site's root, e.g. `/assets/index-abc.js`. */
  path: string;
  bytes: number;
}
export interface RouteMeasure {
  route: string;
  files: FileSize[];
}
export interface BudgetResult {
  route: string;
  bytes: number;
  limit: number;
  ok: boolean;
  /** The largest files first. */
  files: FileSize[];
}

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** Sums each route's files and compares with its budget; a route with no budget, or a budget with no measure, is an error. */
export function checkBudgets(measures: readonly RouteMeasure[], budgets: readonly Budget[] = BUDGETS): BudgetResult[] {
  return budgets.map((budget) => {
    const measure = measures.find((m) => m.route === budget.route);
    if (!measure) throw new Error(`No measure of the JavaScript of ${budget.route}`);
    const bytes = measure.files.reduce((sum, f) => sum + f.bytes, 0);
    const files = measure.files.toSorted((a, b) => b.bytes - a.bytes || a.path.localeCompare(b.path));
    return { route: budget.route, bytes, limit: budget.limit, ok: bytes <= budget.limit, files };
  });
}

/** One line a route: size, budget, verdict, and the largest files (all of them with `verbose`). */
export function formatResults(results: readonly BudgetResult[], { largest = 5 } = {}): string[] {
  return results.map((r) => {
    const shown = r.files.slice(0, largest).map((f) => `${f.path.replace(/^\/assets\//, '')} ${kb(f.bytes)}`);
    const more = r.files.length > largest ? `, +${r.files.length - largest} more` : '';
    return (
      `${r.route.padEnd(19)} ${kb(r.bytes).padStart(9)} in ${String(r.files.length).padStart(2)} files ` +
      `(budget ${kb(r.limit)}) ${r.ok ? 'ok  ' : 'OVER'}  largest: ${shown.join(', ')}${more}`
    );
  });
}
