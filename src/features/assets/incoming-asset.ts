import * as v from 'valibot';
import { ASSET_ROLES, type AssetRole } from '../../contract/media.ts';
import type { Asset } from '../../contract/media.schema.ts';
import { SIDEBAR_ORDER, STUDIO_IDS, STUDIOS, type SlotOf, type StudioId } from '../registry/studios.ts';

/**
 * Studio deep links (docs/product-rules.md#deep-links): every studio route takes `?asset=<asset id>`
 * and `?as=<AssetRole>`, and its screen puts that asset in the matching input ("slot"). The
 * library's "Dùng trong…" menu, the share target's chooser and the dashboard's body models link
 * this way. Text-free: use-incoming-asset.ts is the hook, the labels live with each caller.
 */

export { STUDIO_IDS, type SlotOf, type StudioId };

/**
 * Which input of each studio a role fills (the registry's `slots`). The first entry of a studio
 * is its main input (used when a link names no role); `image` is accepted everywhere an image
 * goes, so a link that only knows "this is a photo" still lands somewhere sensible.
 */
export function slotsOf<S extends StudioId>(studio: S): Partial<Record<AssetRole, SlotOf<S>>> {
  return STUDIOS[studio].slots as Partial<Record<AssetRole, SlotOf<S>>>;
}

/** `?asset=&as=` of a studio route (route files use it as `validateSearch`); bad values are dropped. */
export const incomingAssetSearchSchema = v.object({
  asset: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))), undefined),
  as: v.fallback(v.optional(v.picklist(ASSET_ROLES)), undefined),
});
export type IncomingAssetSearch = v.InferOutput<typeof incomingAssetSearchSchema>;

export interface ResolvedSlot<S extends StudioId> {
  slot: SlotOf<S>;
  role: AssetRole;
}

/**
 * The input of `studio` that `asset` goes in for `role`, or null when it fits none: the studio
 * has no input for the role, or the asset cannot serve it (a video as a model, say). Without a
 * role, the first input the asset can serve.
 */
export function resolveSlot<S extends StudioId>(studio: S, role: AssetRole | undefined, asset: Pick<Asset, 'roles' | 'media_type'>): ResolvedSlot<S> | null {
  const slots = slotsOf(studio);
  const fits = (candidate: AssetRole) => asset.roles.includes(candidate) && (candidate === 'video') === (asset.media_type === 'video');
  if (role) {
    const slot = slots[role];
    return slot && fits(role) ? { slot, role } : null;
  }
  for (const [candidate, slot] of Object.entries(slots) as [AssetRole, SlotOf<S>][]) {
    if (fits(candidate)) return { slot, role: candidate };
  }
  return null;
}

/** One entry of a "use in" menu: a studio and the role the asset takes there. */
export interface UseInTarget {
  studio: StudioId;
  role: AssetRole;
}

/**
 * Every place an asset can be used, in the sidebar's order of the studios: for an image the
 * try-on's model and garment, the body generator's face, the hairstyle photo, the image-to-video
 * and image-editing image and the upscaler's image; for a video the upscaler's video.
 */
export const USE_IN_TARGETS: readonly UseInTarget[] = SIDEBAR_ORDER.flatMap((studio) => {
  // The first role of each input: the hairstyle photo is offered once, as 'hair', not also as 'face' and 'image'.
  const seen = new Set<string>();
  return (Object.entries(slotsOf(studio)) as [AssetRole, string][]).flatMap(([role, slot]) => {
    if (seen.has(slot)) return [];
    seen.add(slot);
    return [{ studio, role }];
  });
});

/** The targets `asset` fits. */
export function targetsFor(asset: Pick<Asset, 'roles' | 'media_type'>): UseInTarget[] {
  return USE_IN_TARGETS.filter((target) => resolveSlot(target.studio, target.role, asset) !== null);
}

/** The link of a target, e.g. `/virtual-tryon?asset=a1&as=model`. */
export function targetHref(target: UseInTarget, assetId: string): string {
  return `/${target.studio}?${new URLSearchParams({ asset: assetId, as: target.role }).toString()}`;
}
