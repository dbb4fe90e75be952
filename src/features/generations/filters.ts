import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Feature, GenerationStatus } from '../../contract/generations.ts';
import type { Icon } from '../../ui/icons/index.ts';
import { NAV } from '../../ui/nav-items.ts';

/**
 * The filters of a list of generations across tools, shared by /history and the dashboard's
 * recent generations (spec §2: All, Virtual Try-On, Hairstyle Changer, Body Generator, Image to
 * Video, Image Editing, AI Upscaler), and how each tool is named and drawn in such a list.
 */

/** The tool filters, in the spec's order. */
export const TOOL_FILTERS = ['all', 'virtual-tryon', 'hairstyle-changer', 'body-generator', 'image-to-video', 'image-editing', 'upscaler'] as const;
export type ToolFilter = (typeof TOOL_FILTERS)[number];

/** The features a tool filter covers: the upscaler is one tool with an image and a video mode. */
export const TOOL_FILTER_FEATURES: Readonly<Record<Exclude<ToolFilter, 'all'>, readonly Feature[]>> = {
  'virtual-tryon': ['virtual-tryon'],
  'hairstyle-changer': ['hairstyle-changer'],
  'body-generator': ['body-generator'],
  'image-to-video': ['image-to-video'],
  'image-editing': ['image-editing'],
  upscaler: ['upscaler-image', 'upscaler-video'],
};

/** Chip labels of the tool filters. */
export const TOOL_FILTER_LABELS: Readonly<Record<ToolFilter, MessageDescriptor>> = {
  all: msg`Tất cả`,
  'virtual-tryon': NAV.virtualTryOn.label,
  'hairstyle-changer': NAV.hairstyleChanger.label,
  'body-generator': NAV.bodyGenerator.label,
  'image-to-video': NAV.imageToVideo.label,
  'image-editing': NAV.imageEditing.label,
  upscaler: msg`Làm nét ảnh AI`,
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

/** How a generation's tool is named and drawn: the sidebar's entry, the upscaler's mode said. */
export const FEATURE_TOOLS: Readonly<Record<Feature, FeatureTool>> = {
  'virtual-tryon': NAV.virtualTryOn,
  'image-editing': NAV.imageEditing,
  'body-generator': NAV.bodyGenerator,
  'hairstyle-changer': NAV.hairstyleChanger,
  'image-to-video': NAV.imageToVideo,
  'upscaler-image': { ...NAV.upscaler, label: msg`Làm nét ảnh AI` },
  'upscaler-video': { ...NAV.upscaler, label: msg`Làm nét video AI` },
};

/** The studios a person with no history yet can start in, in the sidebar's order. */
export const STUDIOS = [NAV.virtualTryOn, NAV.bodyGenerator, NAV.hairstyleChanger, NAV.imageToVideo, NAV.imageEditing, NAV.upscaler] as const;
