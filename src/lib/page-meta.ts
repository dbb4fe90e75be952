import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Page title, translated at render time; " · Atelier" is appended. */
    title?: MessageDescriptor;
    /** Meta description for search engines and link previews. */
    description?: MessageDescriptor;
  }
}

export const SITE_NAME = 'Atelier';

const DEFAULT_TITLE = msg`Atelier — Studio AI cho thời trang và hình ảnh`;
/** The site's description: the home page's, and any page's that has none of its own. */
export const SITE_DESCRIPTION = msg`Atelier là studio AI cho người bán hàng online, salon và thương hiệu thời trang: thử đồ ảo, chỉnh sửa ảnh, tạo người mẫu, đổi kiểu tóc, ảnh thành video và làm nét ảnh.`;

/** The document title for a page title (or the site's default title without one). */
export function documentTitle(i18n: I18n, title?: MessageDescriptor): string {
  return title ? `${i18n._(title)} · ${SITE_NAME}` : i18n._(DEFAULT_TITLE);
}

interface MatchWithStaticData {
  staticData?: { title?: MessageDescriptor; description?: MessageDescriptor };
}

/** Title and description of the deepest matched route that declares them. */
export function pageMeta(matches: readonly MatchWithStaticData[], i18n: I18n) {
  let title: MessageDescriptor | undefined;
  let description: MessageDescriptor | undefined;
  for (const match of matches) {
    if (match.staticData?.title) title = match.staticData.title;
    if (match.staticData?.description) description = match.staticData.description;
  }
  return {
    title: documentTitle(i18n, title),
    description: i18n._(description ?? SITE_DESCRIPTION),
  };
}
