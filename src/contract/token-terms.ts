/**
 * What an API token is and may do (docs/product-rules.md#api): its prefix, the services it may be
 * allowed, its rate limits and its expiry presets. Plain, and apart from tokens.ts (the management
 * API's limits and messages): the public /api-docs page states these, and the module it imports
 * is shared with /api-management, so it carries nothing the page does not state.
 */

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = 'atl_live_';

/**
 * The services a token may be allowed: the spec's five plus the upscaler (the product has it; its
 * image and video modes are one service).
 */
export const API_TOKEN_SERVICES = ['virtual-tryon', 'hairstyle-changer', 'body-generator', 'image-to-video', 'image-editing', 'upscaler'] as const;
export type ApiTokenService = (typeof API_TOKEN_SERVICES)[number];

export const RATE_LIMIT_MIN = 1;
export const RATE_LIMIT_MAX = 1_000;
/** Requests per minute a new token gets unless the form says otherwise. */
export const RATE_LIMIT_DEFAULT = 60;
/** The rate limit's window, in seconds (the limit is per minute). */
export const RATE_LIMIT_WINDOW_SECONDS = 60;

/** Expiry presets, in days; `never` does not expire. */
export const TOKEN_EXPIRY_PRESETS = ['1', '7', '30', '90', 'never'] as const;
export type TokenExpiryPreset = (typeof TOKEN_EXPIRY_PRESETS)[number];
