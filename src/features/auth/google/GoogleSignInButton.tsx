import { Trans } from '@lingui/react/macro';
import { button } from '../../../ui/button.ts';
import { GoogleLogo } from '../../../ui/icons/auth/GoogleLogo.tsx';
import { GoogleAlertView } from './GoogleAlertView.tsx';
import { useGoogleSignIn } from './use-google-sign-in.ts';
import * as s from '../auth.css.ts';

/**
 * "Continue with Google" and the "or" divider under it. Renders nothing when the server has no
 * identity provider (GET /api/config answers firebase: null) or the config is still loading.
 */
export function GoogleSignInButton({ returnTo }: { returnTo: string }) {
  const google = useGoogleSignIn(returnTo);
  if (!google.available) return null;
  return (
    <>
      <div className={s.stack}>
        <button
          type="button"
          className={`${button({ variant: 'secondary' })} ${s.googleButton}`}
          data-testid="google-sign-in"
          disabled={google.busy}
          aria-busy={google.busy}
          onClick={() => void google.start()}
        >
          <GoogleLogo />
          {google.busy ? <Trans>Đang kết nối với Google…</Trans> : <Trans>Tiếp tục với Google</Trans>}
        </button>
        {google.alert && <GoogleAlertView alert={google.alert} onRedirect={() => void google.redirect()} />}
      </div>
      <p className={s.divider}>
        <Trans>hoặc dùng email</Trans>
      </p>
    </>
  );
}
