import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { notify } from '../../../lib/toast.ts';
import { useCompleteSignIn } from '../use-session-actions.ts';
import { appConfigQueryOptions, firebaseConfigOf } from './config.ts';
import { loadFirebaseAuth } from './firebase.ts';
import { clearPendingRedirect, exchangeWithServer, readPendingRedirect, readRedirectResult } from './google-sign-in.ts';
import { GOOGLE_MESSAGES, INTERNAL_ERROR_CAUSES } from './messages.ts';
import { reportGoogleError } from './report.ts';

/**
 * Back from a Google redirect (docs/product-rules.md#google-sign-in): reads the result and, when there is a user, signs in
 * through the server. Runs only when a redirect was started from this tab, so nobody else
 * loads the identity provider's SDK.
 */
export function GoogleRedirectResult() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const completeSignIn = useCompleteSignIn();
  const started = useRef(false);

  useEffect(() => {
    const pending = readPendingRedirect();
    // The diagnostics page reads its own result.
    if (!pending || pending.mode !== 'sign-in' || started.current) return;
    started.current = true;
    clearPendingRedirect();
    void (async () => {
      try {
        const settings = firebaseConfigOf(await queryClient.fetchQuery(appConfigQueryOptions()));
        if (!settings) {
          notify.error(i18n._(GOOGLE_MESSAGES.configValidationFailed));
          return;
        }
        const handle = await loadFirebaseAuth(settings, i18n.locale);
        const credential = await readRedirectResult(handle);
        if (!credential) return;
        const answer = await exchangeWithServer(credential.user);
        await handle.sdk.signOut(handle.auth).catch(() => undefined);
        completeSignIn(answer, pending.returnTo);
      } catch (error) {
        // No place for an in-page alert here: the alert's text becomes a toast.
        const alert = reportGoogleError(i18n, error);
        if (alert?.kind === 'popup-blocked') notify.error(i18n._(GOOGLE_MESSAGES.popupBlocked));
        else if (alert?.kind === 'internal-no-details') notify.error(i18n._(GOOGLE_MESSAGES.internalNoDetails));
        else if (alert?.kind === 'internal') {
          notify.error(i18n._(GOOGLE_MESSAGES.internalWithDetails), {
            description: `${INTERNAL_ERROR_CAUSES.map((cause) => i18n._(cause)).join(' · ')} (${alert.details})`,
          });
        }
      }
    })();
  }, [completeSignIn, i18n, queryClient]);

  return null;
}
