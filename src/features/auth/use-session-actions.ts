import { useCallback } from 'react';
import { useSetAtom } from 'jotai';
import { useRouter } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { IdentityLoginResponse, User } from '../../contract/auth.schema.ts';
import { getSession, toSessionUser } from '../../lib/session.ts';
import { isDocumentOnlyPath } from '../site/paths.ts';
import { notify } from '../../lib/toast.ts';
import { authKeys } from './api.ts';
import { authModalAtom } from './auth-modal-state.ts';
import { forgetIdentityCredentials, rememberIdentityCredentials } from './identity-credentials.ts';

/** docs/product-rules.md#session-numbers: the redirect toast follows the success toast after this many ms. */
export const REDIRECT_TOAST_DELAY_MS = 500;
/** docs/product-rules.md#routes-sidebar: the redirect target after any successful login when no other page asked for it. */
export const DEFAULT_AFTER_LOGIN = '/dashboard';

/** Any origin: only a path that stays on it resolves to it. */
const PROBE_ORIGIN = 'https://atelier.invalid';

/**
 * `value` when it is a path on this site (with its query and fragment), else null: never another
 * origin, however written — `//host`, `https://host`, or `/\host` and `/<tab>/host`, which
 * browsers read as `//host` (they take a backslash for a slash and drop tabs and line breaks).
 */
export function sameOriginPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  for (const char of value) if (char === '\\' || char <= ' ' || char === '\u007f') return null;
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN ? value : null;
  } catch {
    return null;
  }
}

/**
 * Where to go after signing in: the remembered path, unless it is the home page or an auth
 * page (which would only show the form again); then /dashboard. Only same-origin paths.
 */
export function afterLoginPath(value: string | null | undefined): string {
  const returnTo = sameOriginPath(value);
  if (!returnTo) return DEFAULT_AFTER_LOGIN;
  const pathname = returnTo.split(/[?#]/)[0] ?? '/';
  if (pathname === '/' || pathname.startsWith('/auth/') || pathname === '/test-google-auth') return DEFAULT_AFTER_LOGIN;
  return returnTo;
}

/**
 * Signs in with a login answer (docs/product-rules.md#auth-flow): stores the session, closes the modal,
 * shows the success toast, then after 500 ms the redirect toast and the navigation.
 */
export function useCompleteSignIn() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const setModal = useSetAtom(authModalAtom);
  const { t } = useLingui();
  return useCallback(
    (answer: { access_token: string; user: User; traditional_login?: IdentityLoginResponse['traditional_login'] }, returnTo?: string | null) => {
      if (answer.traditional_login) rememberIdentityCredentials({ traditional_login: answer.traditional_login });
      else forgetIdentityCredentials();
      // Nothing cached for a guest or for another account may leak into this one.
      queryClient.clear();
      getSession().signIn(answer.access_token, toSessionUser(answer.user));
      queryClient.setQueryData(authKeys.profile(), answer.user);
      setModal(null);
      notify.success(t`Đăng nhập thành công`, { description: t`Chào mừng bạn quay lại Atelier.` });
      const target = afterLoginPath(returnTo);
      const signedInAt = router.history.location.href;
      setTimeout(() => {
        // The person went somewhere else meanwhile: that choice wins.
        if (router.history.location.href !== signedInAt) return;
        notify.info(t`Đang chuyển hướng…`);
        if (signedInAt === target) return;
        // A page the app has no route for (a blog post, an English page) is a document of its own.
        if (isDocumentOnlyPath(target)) window.location.assign(target);
        else router.history.push(target);
      }, REDIRECT_TOAST_DELAY_MS);
    },
    [queryClient, router, setModal, t],
  );
}

/** Logout (docs/product-rules.md#studio-sidebar): clears the token, the cached user and the query cache, goes to /. */
export function useSignOut() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { t } = useLingui();
  return useCallback(() => {
    getSession().signOut('logout');
    forgetIdentityCredentials();
    queryClient.clear();
    notify.success(t`Bạn đã đăng xuất`);
    void router.navigate({ to: '/' });
  }, [queryClient, router, t]);
}
