import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  IconAgents,
  IconApi,
  IconAssets,
  IconBody,
  IconChat,
  IconDashboard,
  IconEdit,
  IconHair,
  IconHelp,
  IconHistory,
  IconPricing,
  IconSettings,
  IconTryOn,
  IconUpscale,
  IconVideo,
  type Icon,
} from './icons/index.ts';

export interface NavItem {
  /** Route path. Most studio routes arrive with later work, so links are plain strings. */
  to: string;
  label: MessageDescriptor;
  icon: Icon;
  /** Other paths that show the same screen and light up this entry. */
  aliases?: readonly string[];
}

export const NAV = {
  dashboard: { to: '/dashboard', label: msg`Bảng điều khiển`, icon: IconDashboard },
  chat: { to: '/chat', label: msg`Trò chuyện thông minh`, icon: IconChat },
  agentHub: { to: '/agent-hub', label: msg`Trung tâm Agent`, icon: IconAgents },
  virtualTryOn: { to: '/virtual-tryon', label: msg`Thử đồ ảo`, icon: IconTryOn },
  bodyGenerator: { to: '/body-generator', label: msg`Tạo người mẫu`, icon: IconBody },
  hairstyleChanger: { to: '/hairstyle-changer', label: msg`Đổi kiểu tóc`, icon: IconHair },
  imageToVideo: { to: '/image-to-video', label: msg`Ảnh thành video`, icon: IconVideo },
  imageEditing: { to: '/image-editing', label: msg`Chỉnh sửa ảnh`, icon: IconEdit },
  upscaler: { to: '/upscaler', label: msg`Làm nét ảnh`, icon: IconUpscale },
  apiManagement: { to: '/api-management', label: msg`Quản lý API`, icon: IconApi },
  yourAssets: { to: '/your-assets', label: msg`Thư viện của bạn`, icon: IconAssets },
  pricing: { to: '/studio-pricing', label: msg`Bảng giá`, icon: IconPricing, aliases: ['/studio/pricing'] },
  history: { to: '/history', label: msg`Lịch sử`, icon: IconHistory },
  settings: { to: '/profile', label: msg`Cài đặt`, icon: IconSettings },
  help: { to: '/guidelines/image-editing', label: msg`Trợ giúp`, icon: IconHelp },
} as const satisfies Record<string, NavItem>;

/** The sidebar's main entries, in the spec's order (§2 Studio sidebar). */
export const PRIMARY_NAV: readonly NavItem[] = [
  NAV.dashboard,
  NAV.chat,
  NAV.agentHub,
  NAV.virtualTryOn,
  NAV.bodyGenerator,
  NAV.hairstyleChanger,
  NAV.imageToVideo,
  NAV.imageEditing,
  NAV.upscaler,
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
