// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { AreaLayout, isAreaLinkCurrent, type AreaLink } from './AreaLayout.tsx';
import { renderWithProviders } from '../../tests/fixtures/render.tsx';

beforeAll(() => i18n.loadAndActivate({ locale: 'vi', messages: {} }));
afterEach(cleanup);

const links: AreaLink[] = [
  { to: '/admin/dashboard', alsoAt: ['/admin'], label: 'Tổng quan', testId: 'nav-dashboard' },
  { to: '/admin/comments', label: 'Bình luận', testId: 'nav-comments' },
];

describe('AreaLayout', () => {
  it('names its navigation, links every screen and marks the current one', () => {
    renderWithProviders(
      <AreaLayout navLabel="Quản trị" links={links} pathname="/admin/comments">
        <p>màn hình</p>
      </AreaLayout>,
    );
    const nav = screen.getByRole('navigation', { name: 'Quản trị' });
    const anchors = within(nav).getAllByRole('link');
    expect(anchors.map((a) => a.getAttribute('href'))).toEqual(['/admin/dashboard', '/admin/comments']);
    expect(screen.getByTestId('nav-comments').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('nav-dashboard').getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('màn hình')).toBeTruthy();
  });

  it('counts a screen’s other paths and a trailing slash as that screen', () => {
    expect(isAreaLinkCurrent(links[0]!, '/admin')).toBe(true);
    expect(isAreaLinkCurrent(links[0]!, '/admin/')).toBe(true);
    expect(isAreaLinkCurrent(links[0]!, '/admin/dashboard/')).toBe(true);
    expect(isAreaLinkCurrent(links[1]!, '/admin')).toBe(false);
    expect(isAreaLinkCurrent(links[0]!, '/admin/dashboards')).toBe(false);
  });
});
