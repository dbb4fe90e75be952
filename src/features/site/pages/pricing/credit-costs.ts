import { CREDIT_PRICES } from '../../../../contract/prices.ts';

/**
 * What each tool costs in credits, as the pricing page quotes it (docs/product-rules.md#credits-prices):
 * the contract's price list (src/contract/prices.ts, which `generationCost` charges by) under the
 * names the page's table uses. That module imports nothing, so a pre-rendered page carries no
 * schema library for a handful of numbers; credit-costs.test.ts checks the page's figures against
 * what `generationCost` charges.
 */
export const CREDIT_COSTS = {
  /** Virtual try-on, per garment. */
  tryOnPerGarment: CREDIT_PRICES.tryOnPerGarment,
  /** Image editing, per image. */
  editPerImage: CREDIT_PRICES.editPerImage,
  bodyGenerator: CREDIT_PRICES.bodyGenerator,
  hairstyle: CREDIT_PRICES.hairstyle,
  /** Image to video: the cheapest clip (5 s at 480p); longer, sharper or premium-model clips cost more. */
  videoFrom: CREDIT_PRICES.video5s480p,
  /** Image upscale at 2×. */
  upscaleImage2x: CREDIT_PRICES.upscaleImage2x,
  /** Image upscale at 3× and 4×. */
  upscaleImage4x: CREDIT_PRICES.upscaleImageAbove2x,
  /** Video upscale at 2×, per started 10 s of input. */
  upscaleVideo2xPer10s: CREDIT_PRICES.upscaleVideoPer10s,
  /** Video upscale at 3× and 4×, per started 10 s of input. */
  upscaleVideo4xPer10s: 2 * CREDIT_PRICES.upscaleVideoPer10s,
} as const;
