import { describe, expect, it } from 'vitest';
import { compileRoutePattern, createRouteMatcher } from './spa-routes.ts';

describe('compileRoutePattern', () => {
  it('matches literal paths, with or without a trailing slash, case-insensitively', () => {
    const regex = compileRoutePattern('/services/virtual-tryon');
    expect(regex.test('/services/virtual-tryon')).toBe(true);
    expect(regex.test('/services/virtual-tryon/')).toBe(true);
    expect(regex.test('/Services/Virtual-Tryon')).toBe(true);
    expect(regex.test('/services/virtual-tryon/more')).toBe(false);
    expect(regex.test('/services')).toBe(false);
  });

  it('matches the root only for "/"', () => {
    const regex = compileRoutePattern('/');
    expect(regex.test('/')).toBe(true);
    expect(regex.test('/about')).toBe(false);
  });

  it('matches one non-empty segment for $param', () => {
    const regex = compileRoutePattern('/blog/$slug');
    expect(regex.test('/blog/hello-world')).toBe(true);
    expect(regex.test('/blog/')).toBe(false);
    expect(regex.test('/blog')).toBe(false);
    expect(regex.test('/blog/a/b')).toBe(false);
  });

  it('matches the rest of the path (possibly empty) for a $ splat', () => {
    const regex = compileRoutePattern('/agent-hub/$');
    expect(regex.test('/agent-hub')).toBe(true);
    expect(regex.test('/agent-hub/a')).toBe(true);
    expect(regex.test('/agent-hub/a/b/c')).toBe(true);
    expect(regex.test('/agent-hubx')).toBe(false);
  });

  it('supports optional segments and prefixed/suffixed parameters', () => {
    const optional = compileRoutePattern('/{-$lang}/pricing');
    expect(optional.test('/pricing')).toBe(true);
    expect(optional.test('/en/pricing')).toBe(true);
    expect(optional.test('/en/vi/pricing')).toBe(false);
    const braced = compileRoutePattern('/files/report-{$id}.pdf');
    expect(braced.test('/files/report-42.pdf')).toBe(true);
    expect(braced.test('/files/report-.pdf')).toBe(false);
    expect(braced.test('/files/summary-42.pdf')).toBe(false);
  });

  it('treats regex metacharacters in literals literally', () => {
    const regex = compileRoutePattern('/a.b');
    expect(regex.test('/a.b')).toBe(true);
    expect(regex.test('/axb')).toBe(false);
  });
});

describe('createRouteMatcher', () => {
  it('matches a path against any of the patterns', () => {
    const isAppRoute = createRouteMatcher(['/', '/dashboard', '/blog/$slug']);
    expect(isAppRoute('/')).toBe(true);
    expect(isAppRoute('/dashboard')).toBe(true);
    expect(isAppRoute('/blog/áo-dài')).toBe(true);
    expect(isAppRoute('/nope')).toBe(false);
    expect(isAppRoute('/blog')).toBe(false);
  });
});
