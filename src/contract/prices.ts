/**
 * What each tool costs, in credits (docs/product-rules.md#credits-prices): the one declaration
 * the server charges by (`generationCost`, `videoCredits`, `upscaleImageCredits`,
 * `upscaleVideoCredits`) and every screen quotes (the studios, the pricing page, the public
 * service pages and home page, the tutorials).
 *
 * Imports nothing, so a pre-rendered public page can quote a price without the schema library.
 */
export const CREDIT_PRICES = {
  /** Virtual try-on, per garment (each garment is one engine pass). */
  tryOnPerGarment: 1,
  /** Image editing, per image. */
  editPerImage: 1,
  /** Body generator, per model. */
  bodyGenerator: 1,
  /** Hairstyle changer, per look. */
  hairstyle: 1,
  /** Image to video: a 5 s clip at 480p; longer clips in proportion, 1080p twice, premium models more. */
  video5s480p: 2,
  /** Image upscale at 2×. */
  upscaleImage2x: 1,
  /** Image upscale at 3× and 4×. */
  upscaleImageAbove2x: 2,
  /** Video upscale at 2×, per started 10 s of input; doubled above 2×. */
  upscaleVideoPer10s: 2,
} as const;
