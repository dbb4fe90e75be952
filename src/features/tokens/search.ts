import * as v from 'valibot';

/**
 * /api-management's search, apart from the screen: the route tree (in the app's first load)
 * validates it, while the screen's code loads only when it is opened. `?token=<id>` opens that
 * token's detail, so the detail has an address to share or reload; a value that cannot be an id
 * is dropped rather than refused, so an edited link still opens the page.
 */

/** Longest token id a link may carry (ids are UUIDs, 36 characters; the bound keeps junk out). */
const TOKEN_ID_MAX = 64;

export const apiManagementSearchSchema = v.object({
  token: v.fallback(v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(TOKEN_ID_MAX))), undefined),
});
export type ApiManagementSearch = v.InferOutput<typeof apiManagementSearchSchema>;
