import { useCallback, useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { User } from '../../contract/auth.schema.ts';
import { generationCost } from '../../contract/generations.ts';
import type { GenerationRequest } from '../../contract/generations.schema.ts';
import type { EngineName } from '../../contract/expected-durations.ts';
import { CREDIT_PRICES } from '../../contract/prices.ts';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { getSession, sessionStatusAtom, sessionUserAtom } from '../../lib/session.ts';
import { authKeys, profileQueryOptions } from '../auth/api.ts';

/**
 * The signed-in user's credits (docs/product-rules.md#credit-check, #credits-prices). The balance is the profile's
 * `credits` (GET /auth/profile), read again after a submit (credits reserved) and after a job
 * ends (charged or refunded). Until the profile arrives, the cached session user's value shows.
 */

/** The balance on screen is re-read at most this often on its own (ms); submits and job ends refresh it at once. */
export const CREDITS_STALE_MS = 30_000;

/** Marks the balance stale and refetches it where it is shown. */
export function refreshCredits(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: authKeys.profile() });
}

/** A balance the server just told (a 402 body): shown at once, then confirmed by a refetch. */
export function setKnownBalance(client: QueryClient, balance: number): void {
  client.setQueryData<User>(authKeys.profile(), (user) => (user ? { ...user, credits: balance } : user));
  const session = getSession();
  const { user } = session.getState();
  if (user && user.credits !== balance) session.updateUser({ ...user, credits: balance });
  void refreshCredits(client);
}

export interface Credits {
  /** Credits available; null while unknown (signed out, or no profile yet and none cached). */
  balance: number | null;
  /** The balance is being read from the server. */
  isFetching: boolean;
  /** Reads the balance again. */
  refresh: () => Promise<void>;
}

/** The signed-in user's credit balance, for the Generate button and the credit check. */
export function useCredits(): Credits {
  const client = useQueryClient();
  const sessionUser = useAtomValue(sessionUserAtom);
  const signedIn = useAtomValue(sessionStatusAtom) !== 'signed-out';
  const profile = useQuery({ ...profileQueryOptions(), staleTime: CREDITS_STALE_MS, enabled: signedIn });
  const fresh = profile.data && sessionUser && profile.data.id === sessionUser.id ? profile.data.credits : undefined;

  // The cached session user (first paint after a reload, the sidebar) keeps the last balance seen.
  useEffect(() => {
    if (fresh === undefined) return;
    const session = getSession();
    const { user } = session.getState();
    if (user && user.credits !== fresh) session.updateUser({ ...user, credits: fresh });
  }, [fresh]);

  const refresh = useCallback(() => refreshCredits(client), [client]);
  return { balance: signedIn ? (fresh ?? sessionUser?.credits ?? null) : null, isFetching: profile.isFetching, refresh };
}

export { CREDIT_PRICES, generationCost };

/** A number of credits in words, with its plural form: "1 tín dụng" / "1 credit", "2 credits". */
export function creditsText(count: number, i18n: I18n): string {
  return i18n._(msg`${plural(count, { other: '# tín dụng' })}`);
}

/**
 * Credits a request costs, for the Generate button's label (the contract's `generationCost`):
 * null when it cannot be priced yet (an image-to-video duration and resolution the model does
 * not offer). `videoSeconds`: the input video's length (upscaler, video mode); `engine`: the one
 * that runs the tool (the built-in one charges no video model premium), unknown: the catalogue's.
 */
export function costOf(request: GenerationRequest, videoSeconds = 0, engine?: EngineName | null): number | null {
  try {
    return generationCost(request, videoSeconds, engine ?? undefined);
  } catch {
    return null;
  }
}
