/**
 * The tools a generation runs (docs/product-rules.md#tools): shared by generations (jobs) and media (the tool that
 * produced an asset). Imports nothing.
 */

/** The six tools; the upscaler has an image and a video mode, which are priced and run apart. */
export const FEATURES = [
  'virtual-tryon',
  'image-editing',
  'body-generator',
  'hairstyle-changer',
  'image-to-video',
  'upscaler-image',
  'upscaler-video',
] as const;
export type Feature = (typeof FEATURES)[number];
