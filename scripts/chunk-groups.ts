/**
 * How the client build groups modules into chunks. Left to itself, the bundler puts each module
 * in a chunk of its own kind: one for the modules every studio and the history use, one for
 * those every studio and the library use, and so on, down to chunks of a single icon. A studio
 * then loads some sixty small files, and gzip, which compresses each file alone, finds less to
 * share in each. Seven groups fix that (vite.config.ts):
 *  - `framework`: what both entries, the public pages' and the SPA's, load at once (React,
 *    Lingui, the theme), in one chunk where the bundler made two;
 *  - `spa`: the rest of what the SPA's entry loads at once (the router, the query cache, the
 *    session, the offline store), where the bundler made a dozen chunks it shares with lazy routes,
 *    and the sign-in guard, which pages of both layouts use;
 *  - `studio`: the modules every studio screen loads and no other screen;
 *  - `studio-shared`: the modules every studio screen loads that another screen loads too (the
 *    history, the library, the dashboard): that screen loads the whole group;
 *  - `ui`: the modules every studio screen loads that a public page loads too (the design
 *    system's form fields, which the contact page uses): one chunk instead of one per module;
 *  - `studio-layouts`: what the layouts above the studios use (the sidebar's, the studios'
 *    guard): every signed-in page loads the sidebar's layout anyway;
 *  - `site-layout`: the public layout (header, footer, the services and company facts they
 *    show) that no studio uses, in one chunk where the bundler made five: every public page,
 *    and every SPA page in the public layout (/checkout, the legacy studios), loads it whole.
 * A studio screen is a lazily loaded route whose code reaches the studio frame
 * (src/features/studio/shell/StudioPage.tsx), so a seventh studio joins by itself. Modules the
 * SPA's entry loads anyway, and the public pages' modules, are never in a studio group: the
 * public pages keep their own small load. A route's own module is never grouped either.
 */

/** What the planner reads of the module graph (the bundler's chunking context has it). */
export interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

export type ChunkGroup = 'framework' | 'spa' | 'studio' | 'studio-shared' | 'ui' | 'studio-layouts' | 'site-layout';

/** Marks the lazily loaded part of a route (TanStack Router's automatic code splitting). */
const ROUTE_COMPONENT = '?tsr-split=component';

/** `…/routes/_app/_studio/x.tsx?tsr-split=component` → the same of `…/routes/_app.tsx` and `…/routes/_app/_studio.tsx`. */
function parentRoutes(route: string): string[] {
  const [, base, path] = /^(.*\/routes\/)(.*)\.tsx\?tsr-split=component$/.exec(route) ?? [];
  if (base === undefined || path === undefined) return [];
  const parts = path.split('/');
  return parts.slice(0, -1).map((_, index) => `${base}${parts.slice(0, index + 1).join('/')}.tsx${ROUTE_COMPONENT}`);
}

/** Every module reachable from `starts`, through static imports, and dynamic ones too when asked. */
function reach(graph: ModuleGraph, starts: readonly string[], dynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    stack.push(...info.importedIds, ...(dynamic ? info.dynamicallyImportedIds : []));
  }
  return seen;
}

/** The group of each grouped module; a module not in the map is left to the bundler. Plans nothing without the two entries. */
export function planChunkGroups(graph: ModuleGraph, root: string): Map<string, ChunkGroup> {
  const plan = new Map<string, ChunkGroup>();
  const appEntry = [`${root}/app.html`, `${root}/src/main.tsx`];
  const entry = reach(graph, appEntry, false);
  const siteEntry = [`${root}/index.html`, `${root}/src/site.tsx`];
  const site = reach(graph, siteEntry, true);
  const frame = `${root}/src/features/studio/shell/StudioPage.tsx`;
  const routes = [...reach(graph, appEntry, true)].filter((id) => id.endsWith(ROUTE_COMPONENT));
  const studios: Array<Set<string>> = [];
  const studioRoutes: string[] = [];
  const elsewhere = new Set<string>();
  for (const route of routes) {
    const used = reach(graph, [route], false);
    if (used.has(frame)) {
      studios.push(used);
      studioRoutes.push(route);
    } else for (const id of used) elsewhere.add(id);
  }
  // What both entries load at once (React, Lingui, the theme, the languages): one chunk, where
  // the bundler made two (React alone, because some lazy chunks use it without the rest).
  for (const id of reach(graph, siteEntry, false)) if (entry.has(id) && !id.endsWith('.html')) plan.set(id, 'framework');
  // The rest of what the SPA's entry loads at once (the router, the query cache, the session):
  // one chunk, where the bundler scattered it over a dozen it shares with lazy routes.
  for (const id of entry) if (!plan.has(id) && !id.endsWith('.html') && !site.has(id)) plan.set(id, 'spa');
  // The sign-in guard joins it: every signed-in page passes the guard, in the studios' layouts
  // and in the public one (/checkout, the legacy studios), which would otherwise load the
  // studios' layouts (the sidebar) for it.
  for (const id of reach(graph, [`${root}/src/features/auth/RequireAuth.tsx`], false)) if (!plan.has(id) && !site.has(id)) plan.set(id, 'spa');
  const [first, ...rest] = studios;
  if (!first) return plan;
  // The public layout, less what a page outside it loads too (a menu's dismissal, an icon, the
  // language toggle the sidebar shares): those stay where they are, or the studios and the
  // sidebar's pages would load the whole layout for them.
  const outside = new Set<string>();
  for (const route of routes) if (!route.includes('/src/routes/_site')) for (const id of reach(graph, [route], false)) outside.add(id);
  for (const used of studios) for (const id of used) outside.add(id);
  for (const id of reach(graph, [`${root}/src/features/site/layout/SiteLayout.tsx`], false)) {
    if (!plan.has(id) && !entry.has(id) && !outside.has(id)) plan.set(id, 'site-layout');
  }
  // What every public page loads (the layout): left to the bundler, as before the group below.
  const siteLayout = reach(graph, siteEntry, false);
  for (const id of first) {
    if (id.endsWith(ROUTE_COMPONENT) || entry.has(id)) continue;
    if (!rest.every((used) => used.has(id))) continue;
    if (siteLayout.has(id)) continue;
    // What every studio and a public page use (the form fields of /contact): one chunk of its
    // own, with nothing else of the studios', so the page loads only what it uses.
    if (site.has(id)) plan.set(id, 'ui');
    else plan.set(id, elsewhere.has(id) ? 'studio-shared' : 'studio');
  }
  // The layouts above the studios (TanStack file routes: `_app/_studio/x.tsx` sits in `_app.tsx`
  // and `_app/_studio.tsx`) load with every studio: what they use, the entry does not already
  // load and the public pages do not, goes in one chunk with them.
  const parents = new Set(studioRoutes.flatMap((route) => parentRoutes(route)));
  for (const id of reach(
    graph,
    [...parents].filter((parent) => routes.includes(parent)),
    false,
  )) {
    // A route's own module stays the file its lazy import loads (moved into a group, the
    // bundler loses its exports).
    if (id.endsWith(ROUTE_COMPONENT) || plan.has(id) || entry.has(id) || site.has(id)) continue;
    plan.set(id, 'studio-layouts');
  }
  return plan;
}

/** The `name` of a code-splitting group: plans once per build, on its first call. */
export function chunkGroupName(root: string): (id: string, graph: ModuleGraph) => ChunkGroup | null {
  let plan: Map<string, ChunkGroup> | undefined;
  return (id, graph) => {
    plan ??= planChunkGroups(graph, root);
    return plan.get(id) ?? null;
  };
}
