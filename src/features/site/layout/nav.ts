import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface NavLinkItem {
  to: string;
  label: MessageDescriptor;
}

/** docs/product-rules.md#public-header: Home, About, then the Services dropdown, then Pricing and Blog. */
export const NAV_BEFORE_SERVICES: readonly NavLinkItem[] = [
  { to: '/', label: msg`Trang chủ` },
  { to: '/about', label: msg`Giới thiệu` },
];

export const NAV_AFTER_SERVICES: readonly NavLinkItem[] = [
  { to: '/pricing', label: msg`Bảng giá` },
  { to: '/blog', label: msg`Blog` },
];

/** The app's entry for the Go to app button. */
export const APP_PATH = '/dashboard';

/** `aria-current` for a link to `to` while `currentPath` is shown. */
export function currentFor(to: string, currentPath: string | undefined): 'page' | undefined {
  return currentPath !== undefined && currentPath === to ? 'page' : undefined;
}
