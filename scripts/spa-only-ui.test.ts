import { describe, expect, it } from 'vitest';
import { SPA_ONLY_LIB, SPA_ONLY_UI } from '../lingui.config.ts';
import { buildGraph } from './lint-structure.ts';

/**
 * The messages of the UI primitives in SPA_ONLY_UI and the files of SPA_ONLY_LIB are in the `app` catalog, which the public
 * pages never load (lingui.config.ts): a public page that showed one would show message ids.
 * Nothing the public pages' entry reaches, statically or lazily, may import them.
 */
describe('SPA-only UI primitives', () => {
  it("are out of the public pages' reach", () => {
    const graph = buildGraph();
    const seen = new Set<string>();
    const stack = ['src/site.tsx'];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const edge of graph.get(file) ?? []) if (edge.target && !edge.typeOnly) stack.push(edge.target);
    }
    expect(seen.size).toBeGreaterThan(20);
    expect(seen).toContain('src/features/site/pages/pricing/PricingPage.tsx');
    const spaOnly = [...SPA_ONLY_UI.map((file) => `src/ui/${file}`), ...SPA_ONLY_LIB.map((file) => `src/lib/${file}`)];
    expect(spaOnly.filter((file) => seen.has(file))).toEqual([]);
  });
});
