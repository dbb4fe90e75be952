import { describe, expect, it } from 'vitest';
import { planChunkGroups, type ModuleGraph } from './chunk-groups.ts';

/** A graph from `id: [static imports] | { static, dynamic }` (ids below /r). */
function graph(edges: Record<string, string[] | { s?: string[]; d?: string[] }>): ModuleGraph {
  return {
    getModuleInfo(id) {
      const key = id.replace(/^\/r/, '');
      const edge = edges[key];
      if (!edge) return null;
      const [s, d] = Array.isArray(edge) ? [edge, []] : [edge.s ?? [], edge.d ?? []];
      return { importedIds: s.map((m) => `/r${m}`), dynamicallyImportedIds: d.map((m) => `/r${m}`) };
    },
  };
}

const FRAME = '/src/features/studio/shell/StudioPage.tsx';

/** The plan as `{ module: group }` (ids without the root), of the groups named only when given. */
function planOf(plan: ReturnType<typeof planChunkGroups>, ...groups: string[]) {
  return Object.fromEntries(
    [...plan].filter(([, group]) => groups.length === 0 || groups.includes(group)).map(([id, group]) => [id.replace(/^\/r/, ''), group]),
  );
}
const route = (name: string) => `/src/routes/${name}.tsx?tsr-split=component`;

describe('planChunkGroups', () => {
  it('groups what every studio loads: alone in "studio", shared with another screen in "studio-shared"', () => {
    const plan = planChunkGroups(
      graph({
        '/app.html': ['/src/main.tsx'],
        '/src/main.tsx': { s: ['/src/lib/i18n.ts'], d: [route('a'), route('b'), route('history')] },
        '/index.html': ['/src/site.tsx'],
        '/src/site.tsx': ['/src/ui/button.ts'],
        [route('a')]: ['/a-screen.tsx'],
        [route('b')]: ['/b-screen.tsx'],
        [route('history')]: ['/history.tsx'],
        '/a-screen.tsx': [FRAME, '/jobs.ts', '/only-a.ts', '/src/lib/i18n.ts'],
        '/b-screen.tsx': [FRAME, '/jobs.ts', '/src/ui/button.ts'],
        '/history.tsx': ['/jobs.ts'],
        [FRAME]: ['/upload-zone.tsx', '/src/ui/button.ts'],
        '/upload-zone.tsx': { d: ['/picker.tsx'] },
        '/picker.tsx': [],
        '/jobs.ts': [],
        '/only-a.ts': [],
        '/src/lib/i18n.ts': [],
        '/src/ui/button.ts': [],
      }),
      '/r',
    );
    expect(planOf(plan)).toEqual({
      '/src/main.tsx': 'spa',
      '/src/lib/i18n.ts': 'spa',
      [FRAME]: 'studio',
      '/upload-zone.tsx': 'studio',
      '/jobs.ts': 'studio-shared',
    });
  });

  it('puts what both entries load at once in "framework", the rest of the SPA entry\'s in "spa"', () => {
    const plan = planChunkGroups(
      graph({
        '/app.html': ['/src/main.tsx'],
        '/src/main.tsx': ['/react.js', '/src/lib/i18n.ts', '/src/lib/session.ts'],
        '/index.html': ['/src/site.tsx'],
        '/src/site.tsx': { s: ['/react.js', '/src/lib/i18n.ts', '/site-layout.tsx'], d: ['/home.tsx'] },
        '/react.js': [],
        '/src/lib/i18n.ts': [],
        '/src/lib/session.ts': [],
        '/site-layout.tsx': [],
        '/home.tsx': [],
      }),
      '/r',
    );
    expect(planOf(plan)).toEqual({
      '/react.js': 'framework',
      '/src/lib/i18n.ts': 'framework',
      '/src/main.tsx': 'spa',
      '/src/lib/session.ts': 'spa',
    });
  });

  it('puts what the layouts above the studios use in "studio-layouts", leaving the entry\'s and the public pages\' modules alone', () => {
    const plan = planChunkGroups(
      graph({
        '/app.html': ['/src/main.tsx'],
        '/src/main.tsx': { s: ['/src/lib/session.ts'], d: [route('_app'), route('_app/_studio'), route('_app/_studio/a'), route('_app/_studio/b')] },
        '/index.html': ['/src/site.tsx'],
        '/src/site.tsx': ['/src/ui/icon.tsx'],
        [route('_app')]: ['/sidebar.tsx', '/src/lib/session.ts'],
        [route('_app/_studio')]: ['/guard.tsx'],
        [route('_app/_studio/a')]: [FRAME],
        [route('_app/_studio/b')]: [FRAME],
        [FRAME]: [],
        '/sidebar.tsx': ['/src/ui/icon.tsx'],
        '/guard.tsx': [],
        '/src/lib/session.ts': [],
        '/src/ui/icon.tsx': [],
      }),
      '/r',
    );
    expect(planOf(plan, 'studio', 'studio-layouts')).toEqual({
      [FRAME]: 'studio',
      '/sidebar.tsx': 'studio-layouts',
      '/guard.tsx': 'studio-layouts',
    });
  });

  it('puts the sign-in guard in "spa", and the public layout less what a page outside it uses in "site-layout"', () => {
    const GUARD = '/src/features/auth/RequireAuth.tsx';
    const LAYOUT = '/src/features/site/layout/SiteLayout.tsx';
    const plan = planChunkGroups(
      graph({
        '/app.html': ['/src/main.tsx'],
        '/src/main.tsx': {
          s: ['/src/lib/session.ts'],
          d: [
            route('_app'),
            route('_app/_studio'),
            route('_app/_studio/a'),
            route('_app/_studio/b'),
            route('_site'),
            route('_site/a-legacy'),
            route('_site/checkout'),
          ],
        },
        '/index.html': ['/src/site.tsx'],
        '/src/site.tsx': { d: ['/home.tsx'] },
        '/home.tsx': [LAYOUT],
        [route('_app')]: ['/sidebar.tsx'],
        [route('_app/_studio')]: [GUARD],
        [route('_app/_studio/a')]: [FRAME],
        [route('_app/_studio/b')]: [FRAME],
        [route('_site')]: [LAYOUT],
        [route('_site/a-legacy')]: [GUARD, FRAME],
        [route('_site/checkout')]: [GUARD],
        [FRAME]: ['/dismiss.ts'],
        [GUARD]: ['/lock-icon.tsx', '/src/lib/session.ts'],
        [LAYOUT]: ['/header.tsx', '/footer.tsx', '/dismiss.ts', '/toggle.tsx'],
        '/sidebar.tsx': ['/toggle.tsx'],
        '/header.tsx': [],
        '/footer.tsx': [],
        '/dismiss.ts': [],
        '/toggle.tsx': [],
        '/lock-icon.tsx': [],
        '/src/lib/session.ts': [],
      }),
      '/r',
    );
    expect(planOf(plan, 'spa', 'site-layout')).toEqual({
      '/src/main.tsx': 'spa',
      '/src/lib/session.ts': 'spa',
      [GUARD]: 'spa',
      '/lock-icon.tsx': 'spa',
      [LAYOUT]: 'site-layout',
      '/header.tsx': 'site-layout',
      '/footer.tsx': 'site-layout',
    });
  });

  it('groups no studio module without a studio screen', () => {
    const plan = planChunkGroups(graph({ '/src/main.tsx': { d: [route('history')] }, [route('history')]: ['/history.tsx'], '/history.tsx': [] }), '/r');
    expect(planOf(plan)).toEqual({ '/src/main.tsx': 'spa' });
  });
});
