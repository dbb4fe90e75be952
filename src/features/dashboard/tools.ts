import type { MessageDescriptor } from '@lingui/core';
import { NAV, type NavItem } from '../registry/nav-items.ts';
import { STUDIO_NAV } from '../registry/nav-items.ts';
import { STUDIO_LIST } from '../registry/studios.ts';

export interface QuickAccessTool {
  item: NavItem;
  /** One honest line on what the tool does; for one not built yet, on what is coming (its card says so). */
  description: MessageDescriptor;
}

/** Quick access: the six studios, then Smart Chat and Agent Hub (coming soon). */
export const QUICK_ACCESS: readonly QuickAccessTool[] = [
  ...STUDIO_LIST.map((studio) => ({ item: STUDIO_NAV[studio.id], description: studio.summary })),
  ...[NAV.chat, NAV.agentHub].map((item) => ({ item, description: item.upcoming })),
];

/** Chip labels of the recent-generations filters (docs/product-rules.md#dashboard): the same as /history's. */
export { TOOL_FILTER_LABELS as FILTER_LABELS } from '../generations/filters.ts';
