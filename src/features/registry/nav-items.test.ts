import { describe, it, expect } from 'vitest';
import { isNavItemActive, NAV, PRIMARY_NAV, SECONDARY_NAV } from './nav-items.ts';

describe('studio navigation', () => {
  it('lists the entries in the order of the product rules', () => {
    expect(PRIMARY_NAV.map((item) => item.to)).toEqual([
      '/dashboard',
      '/chat',
      '/agent-hub',
      '/virtual-tryon',
      '/body-generator',
      '/hairstyle-changer',
      '/image-to-video',
      '/image-editing',
      '/upscaler',
      '/api-management',
      '/your-assets',
      '/studio-pricing',
    ]);
    expect(SECONDARY_NAV.map((item) => item.to)).toEqual(['/history', '/profile', '/guidelines/image-editing']);
  });

  it('marks an entry current on its path and below, not on look-alikes', () => {
    expect(isNavItemActive('/chat', NAV.chat)).toBe(true);
    expect(isNavItemActive('/chat/42', NAV.chat)).toBe(true);
    expect(isNavItemActive('/chat/', NAV.chat)).toBe(true);
    expect(isNavItemActive('/chatter', NAV.chat)).toBe(false);
    expect(isNavItemActive('/dashboard', NAV.chat)).toBe(false);
    expect(isNavItemActive('/guidelines/image-editing/basic', NAV.help)).toBe(true);
  });

  it('treats /studio/pricing as the pricing entry', () => {
    expect(isNavItemActive('/studio/pricing', NAV.pricing)).toBe(true);
    expect(isNavItemActive('/studio-pricing', NAV.pricing)).toBe(true);
  });
});
