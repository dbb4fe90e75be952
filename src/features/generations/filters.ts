import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { FEATURES, type Feature } from '../../contract/tools.ts';
import type { GenerationStatus } from '../../contract/generations.ts';
import type { Icon } from '../../ui/icons/icon.tsx';
import { STUDIO_NAV } from '../registry/nav-items.ts';
import { featureName, HISTORY_FILTER_ORDER, SIDEBAR_ORDER, STUDIO_IDS, STUDIOS, studioOf, type StudioId } from '../registry/studios.ts';

/**
 * The filters of a list of generations across tools, shared by /history and the dashboard's
 * recent generations (docs/product-rules.md#dashboard: All, Virtual Try-On, Hairstyle Changer, Body Generator, Image to
 * Video, Image Editing, AI Upscaler), and how each tool is named and drawn in such a list.
 */

/** The tool filters, in the order of docs/product-rules.md#dashboard. */
export type ToolFilter = 'all' | StudioId;
export const TOOL_FILTERS: readonly [ToolFilter, ...ToolFilter[]] = ['all', ...HISTORY_FILTER_ORDER];

/** The features a tool filter covers: the upscaler is one tool with an image and a video mode. */
export const TOOL_FILTER_FEATURES: Readonly<Record<StudioId, readonly Feature[]>> = Object.fromEntries(
  STUDIO_IDS.map((id) => [id, STUDIOS[id].features]),
) as Record<StudioId, readonly Feature[]>;

/** Chip labels of the tool filters. */
export const TOOL_FILTER_LABELS: Readonly<Record<ToolFilter, MessageDescriptor>> = {
  all: msg`Tất cả`,
  ...(Object.fromEntries(STUDIO_IDS.map((id) => [id, STUDIOS[id].filterName ?? STUDIOS[id].name])) as Record<StudioId, MessageDescriptor>),
};

/** The status filters: running covers queued jobs, failed covers cancelled ones (neither has a result). */
export const STATUS_FILTERS = ['all', 'completed', 'processing', 'failed'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const STATUS_FILTER_STATUSES: Readonly<Record<Exclude<StatusFilter, 'all'>, readonly GenerationStatus[]>> = {
  completed: ['completed'],
  processing: ['queued', 'processing'],
  failed: ['failed', 'cancelled'],
};

export const STATUS_FILTER_LABELS: Readonly<Record<StatusFilter, MessageDescriptor>> = {
  all: msg`Tất cả`,
  completed: msg`Hoàn thành`,
  processing: msg`Đang xử lý`,
  failed: msg`Thất bại`,
};

/** The features of a tool filter; undefined for every tool. */
export function featuresOf(tool: ToolFilter): readonly Feature[] | undefined {
  return tool === 'all' ? undefined : TOOL_FILTER_FEATURES[tool];
}

/** The statuses of a status filter; undefined for every status. */
export function statusesOf(status: StatusFilter): readonly GenerationStatus[] | undefined {
  return status === 'all' ? undefined : STATUS_FILTER_STATUSES[status];
}

export interface FeatureTool {
  label: MessageDescriptor;
  icon: Icon;
  /** The studio that makes it. */
  to: string;
}

/** How a generation's tool is named and drawn: its studio's sidebar entry, the upscaler's mode said. */
export const FEATURE_TOOLS: Readonly<Record<Feature, FeatureTool>> = Object.fromEntries(
  FEATURES.map((feature) => [feature, { ...STUDIO_NAV[studioOf(feature).id], label: featureName(feature) }]),
) as Record<Feature, FeatureTool>;

/** The studios a person with no history yet can start in, in the sidebar's order. */
export const STUDIO_LINKS = SIDEBAR_ORDER.map((id) => STUDIO_NAV[id]);
