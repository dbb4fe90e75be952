import { describe, expect, it } from 'vitest';
import { BUDGETS, KB, LEGACY_STUDIO_ROUTES, STUDIO_ROUTES, checkBudgets, formatResults, type Budget, type RouteMeasure } from './js-budgets.ts';

const budgets: Budget[] = [
  { route: '/', limit: 90 * KB, signedIn: false },
  { route: '/virtual-tryon', limit: 200 * KB, signedIn: true },
];

const measure = (route: string, ...sizes: number[]): RouteMeasure => ({
  route,
  files: sizes.map((bytes, i) => ({ path: `/assets/chunk-${i}.js`, bytes })),
});

describe('checkBudgets', () => {
  it('passes routes at or under their budget', () => {
    const results = checkBudgets([measure('/', 60 * KB, 30 * KB), measure('/virtual-tryon', 150 * KB, 50 * KB)], budgets);
    expect(results.map((r) => [r.route, r.bytes, r.ok])).toEqual([
      ['/', 90 * KB, true],
      ['/virtual-tryon', 200 * KB, true],
    ]);
  });

  it('fails a route one byte over its budget, and names its largest files first', () => {
    const results = checkBudgets([measure('/', 10 * KB), measure('/virtual-tryon', 20 * KB, 150 * KB, 30 * KB + 1)], budgets);
    const tryOn = results.find((r) => r.route === '/virtual-tryon')!;
    expect(tryOn.ok).toBe(false);
    expect(tryOn.bytes).toBe(200 * KB + 1);
    expect(tryOn.files.map((f) => f.bytes)).toEqual([150 * KB, 30 * KB + 1, 20 * KB]);
    expect(results.find((r) => r.route === '/')!.ok).toBe(true);
    const [, line] = formatResults(results, { largest: 2 });
    expect(line).toContain('OVER');
    expect(line).toContain('chunk-1.js 150.0 KB, chunk-2.js 30.0 KB, +1 more');
  });

  it('refuses a budgeted route that was not measured', () => {
    expect(() => checkBudgets([measure('/', 1)], budgets)).toThrow('/virtual-tryon');
  });

  it('holds "/" to 90 KB and every studio route to 200 KB', () => {
    expect(BUDGETS.find((b) => b.route === '/')).toMatchObject({ limit: 90 * KB, signedIn: false });
    for (const route of [...STUDIO_ROUTES, ...LEGACY_STUDIO_ROUTES]) expect(BUDGETS.find((b) => b.route === route)).toMatchObject({ limit: 200 * KB, signedIn: true });
  });
});
