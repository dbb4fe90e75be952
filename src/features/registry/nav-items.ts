import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { studioPath } from '../../contract/tools.ts';
import { SIDEBAR_ORDER, STUDIOS, type StudioId } from './studios.ts';
import { IconAgents } from '../../ui/icons/app/IconAgents.tsx';
import { IconApi } from '../../ui/icons/app/IconApi.tsx';
import { IconAssets } from '../../ui/icons/app/IconAssets.tsx';
import { IconChat } from '../../ui/icons/app/IconChat.tsx';
import { IconDashboard } from '../../ui/icons/app/IconDashboard.tsx';
import { IconHelp } from '../../ui/icons/app/IconHelp.tsx';
import { IconHistory } from '../../ui/icons/app/IconHistory.tsx';
import { IconPricing } from '../../ui/icons/app/IconPricing.tsx';
import { IconSettings } from '../../ui/icons/app/IconSettings.tsx';
import { type Icon } from '../../ui/icons/icon.tsx';

export interface NavItem {
  /** Route path. Most studio routes arrive with later work, so links are plain strings. */
  to: string;
  label: MessageDescriptor;
  icon: Icon;
  /** Other paths that show the same screen and light up this entry. */
  aliases?: readonly string[];
  /**
   * Set while the entry's feature is not built: one honest line on what is coming. Its route shows
   * that in the app's shell (src/features/shell/UpcomingPage.tsx) and its cards say "coming soon".
   */
  upcoming?: MessageDescriptor;
}

/** The studios' entries, from the studio registry. */
export const STUDIO_NAV: Readonly<Record<StudioId, NavItem>> = Object.fromEntries(
  SIDEBAR_ORDER.map((id) => [id, { to: studioPath(id), label: STUDIOS[id].name, icon: STUDIOS[id].icon }]),
) as Record<StudioId, NavItem>;

export const NAV = {
  dashboard: { to: '/dashboard', label: msg`Bảng điều khiển`, icon: IconDashboard },
  chat: { to: '/chat', label: msg`Trò chuyện thông minh`, icon: IconChat, upcoming: msg`Hỏi đáp cách dùng Atelier và từng công cụ.` },
  agentHub: { to: '/agent-hub', label: msg`Trung tâm Agent`, icon: IconAgents, upcoming: msg`Chọn trợ lý AI phù hợp cho từng việc.` },
  apiManagement: { to: '/api-management', label: msg`Quản lý API`, icon: IconApi },
  yourAssets: { to: '/your-assets', label: msg`Thư viện của bạn`, icon: IconAssets },
  pricing: { to: '/studio-pricing', label: msg`Bảng giá`, icon: IconPricing, aliases: ['/studio/pricing'] },
  history: { to: '/history', label: msg`Lịch sử`, icon: IconHistory },
  settings: { to: '/profile', label: msg`Cài đặt`, icon: IconSettings },
  help: { to: '/guidelines/image-editing', label: msg`Trợ giúp`, icon: IconHelp },
} as const satisfies Record<string, NavItem>;

/** The sidebar's main entries, in product order (docs/product-rules.md#studio-sidebar). */
export const PRIMARY_NAV: readonly NavItem[] = [
  NAV.dashboard,
  NAV.chat,
  NAV.agentHub,
  ...SIDEBAR_ORDER.map((id) => STUDIO_NAV[id]),
  NAV.apiManagement,
  NAV.yourAssets,
  NAV.pricing,
];

/** The secondary group; Logout follows it for a signed-in user. */
export const SECONDARY_NAV: readonly NavItem[] = [NAV.history, NAV.settings, NAV.help];

function matches(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** An entry is current on its own path and everything below it (e.g. /chat/{conversationId}). */
export function isNavItemActive(pathname: string, item: NavItem): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return matches(clean, item.to) || (item.aliases ?? []).some((alias) => matches(clean, alias));
}
