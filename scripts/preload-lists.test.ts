import { describe, expect, it } from 'vitest';
import { loadedWith, scriptsToPreload } from './preload-lists.ts';

// The SPA's entry imports the framework and its main chunk; a route chunk imports the main chunk
// and a shared one, which imports an icon.
const IMPORTS = new Map<string, string[]>([
  ['assets/app.js', ['assets/spa.js', 'assets/framework.js']],
  ['assets/spa.js', ['assets/framework.js', 'assets/runtime.js']],
  ['assets/framework.js', ['assets/runtime.js']],
  ['assets/route.js', ['assets/spa.js', 'assets/shared.js']],
  ['assets/shared.js', ['assets/icon.js']],
  ['assets/site.js', ['assets/framework.js']],
]);

describe('loadedWith', () => {
  it('is every file reached through static imports, the host aside', () => {
    expect([...loadedWith(IMPORTS, 'assets/spa.js')].toSorted()).toEqual(['assets/framework.js', 'assets/runtime.js']);
    expect(loadedWith(IMPORTS, 'assets/icon.js').size).toBe(0);
  });
});

describe('scriptsToPreload', () => {
  it("leaves out of a lazy import's list what its importer loaded already", () => {
    const deps = ['assets/route.js', 'assets/runtime.js', 'assets/framework.js', 'assets/shared.js', 'assets/icon.js'];
    expect(scriptsToPreload(IMPORTS, 'assets/site.js', 'assets/spa.js', deps)).toEqual(['assets/route.js', 'assets/shared.js', 'assets/icon.js']);
  });

  it('keeps a file the importer does not load, even one another chunk imports', () => {
    expect(scriptsToPreload(IMPORTS, 'assets/site.js', 'assets/framework.js', ['assets/route.js', 'assets/spa.js'])).toEqual([
      'assets/route.js',
      'assets/spa.js',
    ]);
  });

  it("lists nothing for the public pages' entry, whose page the pre-rendered HTML links", () => {
    expect(scriptsToPreload(IMPORTS, 'assets/site.js', 'assets/site.js', ['assets/home.js', 'assets/icon.js'])).toEqual([]);
  });

  it("keeps every file of an HTML entry's own links (no chunk of that name)", () => {
    expect(scriptsToPreload(IMPORTS, 'assets/site.js', 'index.html', ['assets/framework.js', 'assets/runtime.js'])).toEqual([
      'assets/framework.js',
      'assets/runtime.js',
    ]);
  });
});
