import { useCallback } from 'react';
import { useSetAtom } from 'jotai';
import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { sessionUserAtom } from '../../../lib/session.ts';
import { notify } from '../../../lib/toast.ts';

/**
 * Logout from the sidebar and the account menu: forgets the signed-in user and returns home
 * (spec §2). The accounts work adds the token and cache clean-up here.
 */
export function useLogout() {
  const setUser = useSetAtom(sessionUserAtom);
  const router = useRouter();
  const { t } = useLingui();
  return useCallback(() => {
    setUser(null);
    notify.success(t`Bạn đã đăng xuất`);
    void router.navigate({ to: '/' });
  }, [router, setUser, t]);
}
