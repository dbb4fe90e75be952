import { describe, expect, it } from 'vitest';
import { afterLoginPath, sameOriginPath } from './use-session-actions.ts';

describe('afterLoginPath', () => {
  it('returns to the remembered path', () => {
    expect(afterLoginPath('/profile')).toBe('/profile');
    expect(afterLoginPath('/dashboard?filter=video#recent')).toBe('/dashboard?filter=video#recent');
  });

  it('goes to /dashboard from home, auth pages, nothing, or another origin', () => {
    expect(afterLoginPath(undefined)).toBe('/dashboard');
    expect(afterLoginPath('/')).toBe('/dashboard');
    expect(afterLoginPath('/?x=1')).toBe('/dashboard');
    expect(afterLoginPath('/auth/reset-password?token=x')).toBe('/dashboard');
    expect(afterLoginPath('//evil.example')).toBe('/dashboard');
    expect(afterLoginPath('https://evil.example/')).toBe('/dashboard');
  });
});

describe('sameOriginPath', () => {
  it('keeps a path of this site with its query and fragment (a blog post, an English page)', () => {
    expect(sameOriginPath('/blog/ao-dai-mua-he#comments')).toBe('/blog/ao-dai-mua-he#comments');
    expect(sameOriginPath('/en/blog/summer-dresses?ref=mail#comments')).toBe('/en/blog/summer-dresses?ref=mail#comments');
    expect(afterLoginPath('/en/blog/summer-dresses#comments')).toBe('/en/blog/summer-dresses#comments');
  });

  it('refuses every way of naming another origin, and falls back to /dashboard after signing in', () => {
    const hostile = [
      '//evil.example',
      '//evil.example/blog',
      'https://evil.example/',
      'javascript:alert(1)',
      'evil.example/blog',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' //evil.example',
      '/%0a/evil.example\n',
      '',
    ];
    for (const value of hostile) {
      expect(sameOriginPath(value), JSON.stringify(value)).toBeNull();
      expect(afterLoginPath(value), JSON.stringify(value)).toBe('/dashboard');
    }
    expect(sameOriginPath(null)).toBeNull();
    expect(sameOriginPath(undefined)).toBeNull();
  });
});
