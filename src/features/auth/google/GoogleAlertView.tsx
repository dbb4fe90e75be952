import { Trans, useLingui } from '@lingui/react/macro';
import type { GoogleAlert } from './report.ts';
import { GOOGLE_MESSAGES, INTERNAL_ERROR_ACTIONS, INTERNAL_ERROR_CAUSES } from './messages.ts';
import * as s from '../auth.css.ts';

/**
 * The Google alerts (docs/product-rules.md#messages-google) in place: a blocked popup; an internal error with its possible
 * causes and suggested actions (and a redirect to try); an internal error without details.
 */
export function GoogleAlertView({ alert, onRedirect }: { alert: GoogleAlert; onRedirect?: () => void }) {
  const { i18n } = useLingui();
  if (alert.kind === 'popup-blocked') {
    return (
      <div className={s.alert.error} role="alert" data-testid="google-alert" data-kind="popup-blocked">
        <p>{i18n._(GOOGLE_MESSAGES.popupBlocked)}</p>
      </div>
    );
  }
  if (alert.kind === 'internal-no-details') {
    return (
      <div className={s.alert.error} role="alert" data-testid="google-alert" data-kind="internal-no-details">
        <p>{i18n._(GOOGLE_MESSAGES.internalNoDetails)}</p>
      </div>
    );
  }
  return (
    <div className={s.alert.error} role="alert" data-testid="google-alert" data-kind="internal">
      <p className={s.alertTitle}>{i18n._(GOOGLE_MESSAGES.internalWithDetails)}</p>
      <p>{i18n._(GOOGLE_MESSAGES.possibleCauses)}</p>
      <ul className={s.alertList}>
        {INTERNAL_ERROR_CAUSES.map((cause) => (
          <li key={cause.id}>{i18n._(cause)}</li>
        ))}
      </ul>
      <p>{i18n._(GOOGLE_MESSAGES.suggestedActions)}</p>
      <ul className={s.alertList}>
        {INTERNAL_ERROR_ACTIONS.map((action) => (
          <li key={action.id}>{i18n._(action)}</li>
        ))}
      </ul>
      <p className={s.details}>{alert.details}</p>
      {onRedirect && (
        <div className={s.alertActions}>
          <button type="button" className={s.smallTextButton} onClick={onRedirect}>
            <Trans>Đăng nhập bằng cách chuyển hướng</Trans>
          </button>
        </div>
      )}
    </div>
  );
}
