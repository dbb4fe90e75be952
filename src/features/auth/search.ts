import * as v from 'valibot';

/**
 * The search parameters of the auth pages, apart from the pages: the route tree (in the app's
 * first load) validates them, while each page's code loads only when it is opened.
 */

/** A query value the router may have read as a number ("?token=123") comes back as text. */
const queryText = v.optional(v.union([v.string(), v.pipe(v.number(), v.transform(String))]));

/** /auth/reset-password?token=…&email=… (the mail's link). */
export const ResetPasswordSearchSchema = v.object({ token: queryText, email: queryText });

/** What Google appends to the redirect URI: `code`, or `error` (access_denied…). */
export const GoogleCallbackSearchSchema = v.object({ code: queryText, error: queryText, state: queryText });

/** /auth/sign-in?returnTo=… (a page outside the app asking to sign in, then to come back). */
export const SignInSearchSchema = v.object({ returnTo: queryText });

/** The address of that sign-in: `returnTo` is where the reader is taken back to. */
export const signInHref = (returnTo: string): string => `/auth/sign-in?${new URLSearchParams({ returnTo })}`;
