/**
 * What a lazy import preloads. Vite writes, beside each dynamic `import()`, the list of the
 * scripts and stylesheets the imported chunk needs, so they load in parallel rather than one
 * after another; every name of every list is bytes in the importer's own script (the SPA's main
 * chunk holds the lists of all its routes). Two kinds of script are left out of a list, both
 * loaded already by the time the import runs (Vite hands this hook the scripts; the stylesheets
 * stay as they are):
 *  - what the importer itself statically imports, directly or not: it ran, so they are loaded;
 *  - everything the public pages' entry (index.html) imports lazily: that is the page it
 *    hydrates, and the pre-rendered HTML of that page links its script and every script it
 *    imports (scripts/prerender.ts). The dev server preloads nothing, with or without a list.
 */
import type { Plugin } from 'vite';

/** The static imports of each chunk, by file name (`assets/x-abc.js`). */
export type ChunkImports = ReadonlyMap<string, readonly string[]>;

/** Every file `host` loads through its static imports, directly or not (`host` itself aside). */
export function loadedWith(imports: ChunkImports, host: string): Set<string> {
  const loaded = new Set<string>();
  const stack = [...(imports.get(host) ?? [])];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (loaded.has(file)) continue;
    loaded.add(file);
    stack.push(...(imports.get(file) ?? []));
  }
  return loaded;
}

/** The scripts of `deps` that a lazy import made by `host` still has to preload. */
export function scriptsToPreload(imports: ChunkImports, siteEntry: string | undefined, host: string, deps: readonly string[]): string[] {
  if (host === siteEntry) return [];
  const loaded = loadedWith(imports, host);
  return deps.filter((dep) => !loaded.has(dep));
}

/**
 * The plugin that reads the bundle's chunk graph (in generateBundle, before Vite writes the
 * lists there) and the `build.modulePreload.resolveDependencies` that uses it.
 */
export function preloadLists(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[];
} {
  const imports = new Map<string, readonly string[]>();
  let siteEntry: string | undefined;
  return {
    plugin: {
      name: 'atelier-preload-lists',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          imports.clear();
          siteEntry = undefined;
          for (const chunk of Object.values(bundle)) {
            if (chunk.type !== 'chunk') continue;
            imports.set(chunk.fileName, chunk.imports);
            if (chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html')) siteEntry = chunk.fileName;
          }
        },
      },
    },
    // Also asked for the HTML entries' own links (hostId is then the HTML file, no chunk): those
    // keep every file.
    resolveDependencies: (_file, deps, { hostId }) => scriptsToPreload(imports, siteEntry, hostId, deps),
  };
}
