import { describe, expect, test } from 'vitest';
import * as v from 'valibot';
import type { Asset } from '../../contract/media.schema.ts';
import { incomingAssetSearchSchema, resolveSlot, targetHref, targetsFor, USE_IN_TARGETS, slotsOf, STUDIO_IDS } from './incoming-asset.ts';

const IMAGE_ROLES: Asset['roles'] = ['image', 'model', 'garment', 'face', 'hair'];
const image = { media_type: 'image', roles: IMAGE_ROLES } as const satisfies Pick<Asset, 'media_type' | 'roles'>;
const video = { media_type: 'video', roles: ['video'] } as const satisfies Pick<Asset, 'media_type' | 'roles'>;

describe('studio deep links', () => {
  test('each role lands in its studio input', () => {
    expect(resolveSlot('virtual-tryon', 'model', image)).toEqual({ slot: 'model', role: 'model' });
    expect(resolveSlot('virtual-tryon', 'garment', image)).toEqual({ slot: 'garment', role: 'garment' });
    expect(resolveSlot('body-generator', 'face', image)).toEqual({ slot: 'face', role: 'face' });
    expect(resolveSlot('hairstyle-changer', 'hair', image)).toEqual({ slot: 'photo', role: 'hair' });
    expect(resolveSlot('image-to-video', 'image', image)).toEqual({ slot: 'image', role: 'image' });
    expect(resolveSlot('image-editing', 'image', image)).toEqual({ slot: 'images', role: 'image' });
    expect(resolveSlot('upscaler', 'image', image)).toEqual({ slot: 'image', role: 'image' });
    expect(resolveSlot('upscaler', 'video', video)).toEqual({ slot: 'video', role: 'video' });
  });

  test('a generic image link lands in the main image input', () => {
    expect(resolveSlot('virtual-tryon', 'image', image)?.slot).toBe('model');
    expect(resolveSlot('hairstyle-changer', 'image', image)?.slot).toBe('photo');
    expect(resolveSlot('body-generator', 'image', image)?.slot).toBe('face');
  });

  test('without a role, the first input the asset can serve', () => {
    expect(resolveSlot('virtual-tryon', undefined, image)).toEqual({ slot: 'model', role: 'model' });
    expect(resolveSlot('upscaler', undefined, video)).toEqual({ slot: 'video', role: 'video' });
    expect(resolveSlot('upscaler', undefined, image)).toEqual({ slot: 'image', role: 'image' });
  });

  test('refuses what does not fit', () => {
    // A video is no model, and an image is no upscaler video.
    expect(resolveSlot('virtual-tryon', 'model', video)).toBeNull();
    expect(resolveSlot('virtual-tryon', undefined, video)).toBeNull();
    expect(resolveSlot('upscaler', 'video', image)).toBeNull();
    // The studio has no such input.
    expect(resolveSlot('image-to-video', 'video', video)).toBeNull();
    expect(resolveSlot('body-generator', 'garment', image)).toBeNull();
    // The asset was stored without the role (roles decide, not only the media type).
    expect(resolveSlot('virtual-tryon', 'garment', { media_type: 'image', roles: ['image'] })).toBeNull();
  });

  test('"use in" lists every place an image or a video fits, and only those', () => {
    expect(targetsFor(image).map((target) => `${target.studio}:${target.role}`)).toEqual([
      'virtual-tryon:model',
      'virtual-tryon:garment',
      'body-generator:face',
      'hairstyle-changer:hair',
      'image-to-video:image',
      'image-editing:image',
      'upscaler:image',
    ]);
    expect(targetsFor(video)).toEqual([{ studio: 'upscaler', role: 'video' }]);
    // Every target resolves in its studio (the menu never links to a dead end).
    for (const target of USE_IN_TARGETS) expect(slotsOf(target.studio)).toHaveProperty(target.role);
    expect(new Set(USE_IN_TARGETS.map((target) => target.studio))).toEqual(new Set(STUDIO_IDS));
  });

  test('links carry the asset and the role', () => {
    expect(targetHref({ studio: 'virtual-tryon', role: 'garment' }, 'a 1')).toBe('/virtual-tryon?asset=a+1&as=garment');
  });

  test('the search schema drops bad values instead of failing the route', () => {
    expect(v.parse(incomingAssetSearchSchema, { asset: 'a1', as: 'model' })).toEqual({ asset: 'a1', as: 'model' });
    expect(v.parse(incomingAssetSearchSchema, { asset: '', as: 'wizard' })).toEqual({ asset: undefined, as: undefined });
    expect(v.parse(incomingAssetSearchSchema, { asset: 42 })).toEqual({ asset: undefined, as: undefined });
    expect(v.parse(incomingAssetSearchSchema, {})).toEqual({});
  });
});
