import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { notify } from '../../../lib/toast.ts';
import { useCompleteSignIn } from '../use-session-actions.ts';
import { appConfigQueryOptions, firebaseConfigOf, hasFirebase } from './config.ts';
import { loadFirebaseAuth } from './firebase.ts';
import { redirectSignIn, signInWithGoogle } from './google-sign-in.ts';
import { GOOGLE_MESSAGES } from './messages.ts';
import { reportGoogleError, type GoogleAlert } from './report.ts';

/**
 * Google sign-in for a button: offered only when the server names an identity provider;
 * popup (one retry), else redirect; then the product's session. Alerts come back in `alert`.
 */
export function useGoogleSignIn(returnTo: string) {
  const { i18n } = useLingui();
  const config = useQuery(appConfigQueryOptions());
  const completeSignIn = useCompleteSignIn();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<GoogleAlert | null>(null);

  const firebaseConfig = () => {
    const value = firebaseConfigOf(config.data);
    if (!value) notify.error(i18n._(GOOGLE_MESSAGES.configValidationFailed));
    return value;
  };

  const start = async () => {
    const settings = firebaseConfig();
    if (!settings || busy) return;
    setAlert(null);
    setBusy(true);
    try {
      const result = await signInWithGoogle(settings, { returnTo, languageCode: i18n.locale });
      if (result.kind === 'signed-in') completeSignIn(result.answer, returnTo);
      // 'redirecting': the page is leaving; keep the button busy.
      if (result.kind !== 'redirecting') setBusy(false);
    } catch (error) {
      setAlert(reportGoogleError(i18n, error));
      setBusy(false);
    }
  };

  /** The redirect on its own (offered by the internal-error alert). */
  const redirect = async () => {
    const settings = firebaseConfig();
    if (!settings) return;
    setAlert(null);
    setBusy(true);
    try {
      await redirectSignIn(await loadFirebaseAuth(settings, i18n.locale), { returnTo, mode: 'sign-in' });
    } catch (error) {
      setAlert(reportGoogleError(i18n, error));
      setBusy(false);
    }
  };

  return { available: hasFirebase(config.data), busy, alert, start, redirect };
}
