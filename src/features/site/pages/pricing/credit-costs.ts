/**
 * What each tool costs in credits, as the pricing page quotes it (docs/product-rules.md#credits-prices).
 * The contract prices a request with `generationCost` (src/contract/generations.ts), which
 * brings valibot with it; a pre-rendered page must not carry the schema library for a handful
 * of numbers, so they are restated here and credit-costs.test.ts holds them equal to the contract's.
 */
export const CREDIT_COSTS = {
  /** Virtual try-on, per garment. */
  tryOnPerGarment: 1,
  /** Image editing, per image. */
  editPerImage: 1,
  bodyGenerator: 1,
  hairstyle: 1,
  /** Image to video: the cheapest clip (5 s at 480p); longer, sharper or premium-model clips cost more. */
  videoFrom: 2,
  /** Image upscale at 2×. */
  upscaleImage2x: 1,
  /** Image upscale at 3× and 4×. */
  upscaleImage4x: 2,
  /** Video upscale at 2×, per started 10 s of input. */
  upscaleVideo2xPer10s: 2,
  /** Video upscale at 3× and 4×, per started 10 s of input. */
  upscaleVideo4xPer10s: 4,
} as const;
