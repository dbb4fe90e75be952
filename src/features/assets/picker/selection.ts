import type { Asset } from '../../../contract/media.schema.ts';
import type { AssetKind, AssetRole, MediaType } from '../../../contract/media.ts';

/** The picker's tabs (docs/product-rules.md#assets-picker: all, images, videos, upscaled); each but `all` is an asset kind. */
export const PICKER_TABS = ['all', 'image', 'video', 'upscaled'] as const;
export type PickerTab = (typeof PICKER_TABS)[number];

export function tabKind(tab: PickerTab): AssetKind | undefined {
  return tab === 'all' ? undefined : tab;
}

/** The media types a pick may have: `accept` when given, else what the role implies, else both. */
export function acceptedMediaTypes(role: AssetRole | undefined, accept: readonly MediaType[] | undefined): readonly MediaType[] {
  if (accept && accept.length > 0) return accept;
  if (role === 'video') return ['video'];
  if (role) return ['image'];
  return ['image', 'video'];
}

/** Tabs worth showing: no Images tab when only videos are accepted, no Videos tab when only images. */
export function visibleTabs(accepted: readonly MediaType[]): PickerTab[] {
  return PICKER_TABS.filter((tab) => (tab === 'image' || tab === 'video' ? accepted.includes(tab) : true));
}

export type SelectionProblem = 'wrongType' | 'wrongRole';

/** Why an asset cannot be picked here, or null when it can. */
export function selectionProblem(
  asset: Pick<Asset, 'media_type' | 'roles'>,
  role: AssetRole | undefined,
  accepted: readonly MediaType[],
): SelectionProblem | null {
  if (!accepted.includes(asset.media_type)) return 'wrongType';
  if (role && !asset.roles.includes(role)) return 'wrongRole';
  return null;
}

export interface ToggleResult {
  selected: Asset[];
  /** The pick was refused: `max` assets are already selected. */
  limitReached: boolean;
}

/**
 * Selecting or unselecting one asset. Single mode replaces the selection (pressing the selected
 * one again clears it); multiple mode adds in order, up to `max`.
 */
export function toggleSelection(selected: readonly Asset[], asset: Asset, { multiple, max }: { multiple: boolean; max: number | undefined }): ToggleResult {
  const present = selected.some((item) => item.id === asset.id);
  if (present) return { selected: selected.filter((item) => item.id !== asset.id), limitReached: false };
  if (!multiple) return { selected: [asset], limitReached: false };
  if (max !== undefined && selected.length >= max) return { selected: [...selected], limitReached: true };
  return { selected: [...selected, asset], limitReached: false };
}

/** Where focus goes in a grid of `count` items, `columns` per row, on a navigation key; null for other keys. */
export function gridMove(index: number, key: string, count: number, columns: number): number | null {
  if (count === 0) return null;
  const cols = Math.max(1, columns);
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return Math.min(last, index + 1);
    case 'ArrowLeft':
      return Math.max(0, index - 1);
    case 'ArrowDown':
      return Math.min(last, index + cols);
    case 'ArrowUp':
      return Math.max(0, index - cols);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}
