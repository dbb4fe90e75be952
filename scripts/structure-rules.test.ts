import { describe, expect, it } from 'vitest';
import { areaCycles, areaOf, cyclesOf, fileCycles, layerBreaches, longFiles, packageName, SCANNED_FOLDERS, type ImportEdge } from './structure-rules.ts';

const file = (target: string, options: Partial<ImportEdge> = {}): ImportEdge => ({ specifier: `./${target}`, target, typeOnly: false, line: 1, ...options });
const pkg = (specifier: string): ImportEdge => ({ specifier, target: null, typeOnly: false, line: 1 });
const graphOf = (entries: Record<string, ImportEdge[]>) => new Map(Object.entries(entries));

describe('layerBreaches', () => {
  it('lets each layer import what it may', () => {
    const graph = graphOf({
      'src/contract/jobs.ts': [pkg('valibot'), file('src/contract/input.ts')],
      'src/kernel/job-watch.ts': [pkg('idb-keyval'), file('src/contract/jobs.ts')],
      'sw/jobs.ts': [file('src/kernel/job-watch.ts'), file('src/contract/jobs.ts'), file('sw/texts.ts'), pkg('workbox-routing')],
      'server/app.ts': [file('src/contract/jobs.ts'), file('server/http/errors.ts'), pkg('hono')],
      'src/ui/Modal.tsx': [file('src/lib/format.ts'), pkg('react')],
      'src/features/history/HistoryPage.tsx': [file('src/features/generations/api.ts'), file('src/ui/Modal.tsx')],
      // Tests may reach across layers to set things up.
      'src/ui/Modal.test.tsx': [file('src/features/history/HistoryPage.tsx')],
    });
    expect(layerBreaches(graph)).toEqual([]);
  });

  it('names a contract that imports another package or a feature', () => {
    const graph = graphOf({ 'src/contract/jobs.ts': [pkg('zod'), file('src/features/studio/registry.ts', { line: 3 })] });
    expect(layerBreaches(graph).map((b) => [b.line, b.message.split(':')[0]])).toEqual([
      [1, 'imports the package "zod"'],
      [3, 'imports src/features/studio/registry.ts'],
    ]);
  });

  it('names a worker module that imports a page module, and the server importing beyond the contract', () => {
    const graph = graphOf({
      'sw/jobs.ts': [file('src/lib/offline/job-watch.ts')],
      'server/app.ts': [file('src/lib/format.ts', { typeOnly: true })],
      'src/kernel/job-watch.ts': [file('src/lib/api.ts')],
    });
    expect(layerBreaches(graph).map((b) => b.file)).toEqual(['server/app.ts', 'src/kernel/job-watch.ts', 'sw/jobs.ts']);
  });

  it('names a UI primitive or a library module that imports a feature', () => {
    const graph = graphOf({
      'src/ui/Modal.tsx': [file('src/features/auth/AuthModal.tsx')],
      'src/lib/format.ts': [file('src/features/history/format.ts')],
      'src/features/auth/AuthModal.tsx': [file('server/auth/service.ts')],
    });
    expect(layerBreaches(graph).map((b) => b.file)).toEqual(['src/features/auth/AuthModal.tsx', 'src/lib/format.ts', 'src/ui/Modal.tsx']);
  });
});

describe('cycles', () => {
  it('finds every strongly connected component, long loops included', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set(['e'])],
      ['e', new Set<string>()],
    ]);
    expect(cyclesOf(edges)).toEqual([['a', 'b', 'c']]);
  });

  it('reports two features that import each other, with the imports to cut, and not a feature and the library', () => {
    const graph = graphOf({
      'src/features/assets/library/Tile.tsx': [file('src/features/studio/shell/incoming.ts'), file('src/lib/format.ts')],
      'src/features/studio/shell/incoming.ts': [file('src/features/assets/api.ts', { typeOnly: true, line: 7 })],
      'src/features/assets/api.ts': [],
      'src/lib/format.ts': [],
    });
    const cycles = areaCycles(graph);
    expect(cycles.map((c) => c.areas)).toEqual([['src/features/assets', 'src/features/studio']]);
    expect(cycles[0]!.imports.map((i) => `${i.file}:${i.line}`).toSorted()).toEqual([
      'src/features/assets/library/Tile.tsx:1',
      'src/features/studio/shell/incoming.ts:7',
    ]);
  });

  it('counts runtime imports only for file cycles', () => {
    const graph = graphOf({
      'server/http/errors.ts': [file('server/http/body-limit.ts')],
      'server/http/body-limit.ts': [file('server/http/errors.ts', { typeOnly: true })],
    });
    expect(fileCycles(graph)).toEqual([]);
    graph.set('server/http/body-limit.ts', [file('server/http/errors.ts')]);
    expect(fileCycles(graph)).toEqual([['server/http/body-limit.ts', 'server/http/errors.ts']]);
  });

  it('gives each feature and folder its area, and none to the composition roots', () => {
    expect(areaOf('src/features/assets/library/Tile.tsx')).toBe('src/features/assets');
    expect(areaOf('src/lib/format.ts')).toBe('src/lib');
    expect(areaOf('src/main.tsx')).toBeNull();
    expect(areaOf('server/app.ts')).toBeNull();
    expect(areaOf('server/auth/guard.ts')).toBe('server/auth');
    expect(areaOf('sw/jobs.ts')).toBe('sw');
  });

  it('names packages without their subpath', () => {
    expect(packageName('@tanstack/react-query/build')).toBe('@tanstack/react-query');
    expect(packageName('valibot')).toBe('valibot');
    expect(packageName('node:fs/promises')).toBe('node:fs');
  });
});

describe('longFiles', () => {
  it('names a source file over the limit, but not a test, nor a listed algorithm file', () => {
    const counts = new Map([
      ['src/features/history/HistoryPage.tsx', 501],
      ['src/features/history/HistoryPage.test.tsx', 900],
      ['server/engines/local/tryon.ts', 482],
      ['src/lib/format.ts', 400],
    ]);
    expect(longFiles(counts).map((b) => b.file)).toEqual(['src/features/history/HistoryPage.tsx']);
    expect(longFiles(counts, 400, {}).map((b) => b.file)).toEqual(['server/engines/local/tryon.ts', 'src/features/history/HistoryPage.tsx']);
  });

  it('holds test helpers and fixtures to the limit, but not the suites (*.test.ts, *.spec.ts), and reads tests/', () => {
    const counts = new Map([
      ['tests/server/helpers/fake-fal.ts', 424],
      ['tests/fixtures/engines/images.ts', 401],
      ['tests/server/hostile-input.test.ts', 514],
      ['tests/e2e/auth.spec.ts', 900],
      ['scripts/structure-rules.test.ts', 600],
      ['tests/server/helpers/app.ts', 400],
    ]);
    expect(longFiles(counts).map((b) => b.file)).toEqual(['tests/fixtures/engines/images.ts', 'tests/server/helpers/fake-fal.ts']);
    expect(SCANNED_FOLDERS).toContain('tests');
  });
});
