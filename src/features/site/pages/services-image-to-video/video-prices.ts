/**
 * What the default video model (Seedance v1) costs, in credits, for the clips the page quotes.
 * The contract's catalogue (src/contract/generation-params.ts) holds every model's options and
 * is shared with the studio: imported here, it brought its whole chunk (about 1 KB gzip) to a page
 * that shows four numbers. They are restated instead, and video-prices.test.ts holds them equal
 * to the catalogue's.
 */
export const SEEDANCE_PRICES = {
  '5s-480p': 2,
  '10s-480p': 4,
  '5s-1080p': 4,
  '10s-1080p': 8,
} as const;
