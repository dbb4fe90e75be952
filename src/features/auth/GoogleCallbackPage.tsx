import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { button } from '../../ui/button.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { googleCallback } from './api.ts';
import { useOpenAuthModal } from './auth-modal-state.ts';
import { authErrorText } from './errors.ts';
import { FormAlert } from './fields.tsx';
import { authText } from '../../lib/auth-messages.ts';
import { useCompleteSignIn } from './use-session-actions.ts';
import * as s from './auth.css.ts';

export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';

/**
 * /auth/google/callback (docs/product-rules.md#routes-public, #auth-api): the OAuth code goes to POST /auth/google/callback with
 * this page's address as redirect_uri; the answer signs in and the dashboard opens.
 */
export function GoogleCallbackPage({ code, error }: { code?: string; error?: string }) {
  const { i18n, t } = useLingui();
  const completeSignIn = useCompleteSignIn();
  const openAuthModal = useOpenAuthModal();
  const [failure, setFailure] = useState<string | null>(
    code ? null : error ? t`Google đã từ chối yêu cầu đăng nhập (${error}).` : t`Địa chỉ này thiếu mã xác thực của Google.`,
  );
  // The code works once: StrictMode's second effect run must not spend it again.
  const sent = useRef(false);

  useEffect(() => {
    if (!code || sent.current) return;
    sent.current = true;
    googleCallback(code, `${window.location.origin}${GOOGLE_CALLBACK_PATH}`)
      .then((answer) => completeSignIn(answer, '/dashboard'))
      .catch((reason: unknown) => setFailure(authErrorText(i18n, reason, 'googleLoginFailed')));
  }, [code, completeSignIn, i18n]);

  if (!failure) return <LoadingScreen />;
  return (
    <div className={s.page}>
      <section className={`${s.card} ${s.stack}`} data-testid="google-callback-page">
        <h1 className={s.title}>
          <Trans>Đăng nhập bằng Google</Trans>
        </h1>
        <FormAlert title={authText(i18n, 'googleLoginFailed')}>{failure}</FormAlert>
        <button type="button" className={`${button({ variant: 'primary' })} ${s.submit}`} onClick={() => openAuthModal('login', '/dashboard')}>
          <Trans>Thử đăng nhập lại</Trans>
        </button>
      </section>
    </div>
  );
}
