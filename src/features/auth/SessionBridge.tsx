import { useLayoutEffect } from 'react';
import { useStore } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import { useQueryClient } from '@tanstack/react-query';
import { getSession, sessionStatusAtom, sessionUserAtom } from '../../lib/session.ts';

/**
 * Mirrors the session controller (src/lib/session.ts) into the jotai atoms the interface reads.
 * Rendered first in the root, so the first paint already shows the cached user. When the
 * session ends by itself (expired token, a 401 on the check, another tab), the query cache,
 * which may hold the previous user's data, is dropped too.
 */
export function SessionBridge() {
  const session = getSession();
  const store = useStore();
  const queryClient = useQueryClient();
  const initial = session.getState();
  useHydrateAtoms([
    [sessionUserAtom, initial.user],
    [sessionStatusAtom, initial.status],
  ] as const);

  useLayoutEffect(() => {
    const apply = () => {
      const { user, status } = session.getState();
      store.set(sessionUserAtom, user);
      store.set(sessionStatusAtom, status);
    };
    apply();
    return session.subscribe((state, previous) => {
      apply();
      if (state.status === 'signed-out' && previous.status !== 'signed-out') queryClient.clear();
      // A different account signed in (another tab): nothing of the previous one may show.
      else if (state.user && previous.user && state.user.id !== previous.user.id) queryClient.clear();
    });
  }, [session, store, queryClient]);

  return null;
}
