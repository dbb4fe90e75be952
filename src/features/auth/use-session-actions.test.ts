import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './use-session-actions.ts';

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
