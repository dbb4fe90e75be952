import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_PATHS } from '../../contract/site-routes.ts';
import { isDocumentOnlyPath, localizedFile, localizedPath, pageFile, SITE_PAGES, sitePageForPath, splitLocale } from './paths.ts';

describe('public page paths', () => {
  it('pre-renders exactly the pages the sitemap lists, the server-rendered blog aside', () => {
    const rendered = Object.values(SITE_PAGES).map((page) => page.path);
    expect(rendered.toSorted()).toEqual(PUBLIC_PAGE_PATHS.filter((path) => path !== '/blog').toSorted());
  });

  it('puts English under /en and back', () => {
    expect(localizedPath('/', 'en')).toBe('/en');
    expect(localizedPath('/terms', 'en')).toBe('/en/terms');
    expect(localizedPath('/terms', 'vi')).toBe('/terms');
    expect(splitLocale('/en')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocale('/en/guidelines/image-editing/basic')).toEqual({ locale: 'en', path: '/guidelines/image-editing/basic' });
    expect(splitLocale('/english-lessons')).toEqual({ locale: 'vi', path: '/english-lessons' });
    expect(localizedFile('index.html', 'en')).toBe('en.html');
    expect(localizedFile('services/virtual-tryon.html', 'en')).toBe('en/services/virtual-tryon.html');
  });

  it('finds a page by either language’s path', () => {
    expect(sitePageForPath('/en/terms')).toBe('terms');
    expect(sitePageForPath('/terms/')).toBe('terms');
    expect(sitePageForPath('/nowhere')).toBeUndefined();
  });

  it('treats the English pages, the prose pages and the blog as documents of their own', () => {
    expect(isDocumentOnlyPath('/en/about')).toBe(true);
    expect(isDocumentOnlyPath('/privacy')).toBe(true);
    expect(isDocumentOnlyPath('/blog/some-post')).toBe(true);
    expect(isDocumentOnlyPath('/about')).toBe(false);
    expect(isDocumentOnlyPath('/dashboard')).toBe(false);
  });
});

describe('pageFile', () => {
  it("names each page's output file after its path", () => {
    expect(pageFile(SITE_PAGES.home.path)).toBe('index.html');
    expect(pageFile(SITE_PAGES.about.path)).toBe('about.html');
    expect(pageFile(SITE_PAGES.servicesVirtualTryon.path)).toBe('services/virtual-tryon.html');
    expect(pageFile(SITE_PAGES.guidelinesBasic.path)).toBe('guidelines/image-editing/basic.html');
    expect(localizedFile(pageFile(SITE_PAGES.home.path), 'en')).toBe('en.html');
  });
});
