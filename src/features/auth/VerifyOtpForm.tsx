import { useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { OTP_MAX, OtpFormSchema } from '../../contract/auth.schema.ts';
import { button } from '../../ui/button.ts';
import { notify } from '../../lib/toast.ts';
import { generateOtp, verifyOtp } from './api.ts';
import { pendingVerificationEmailAtom } from './auth-modal-state.ts';
import { authErrorText } from './errors.ts';
import { Busy, FormAlert, TextField } from './fields.tsx';
import { useValibotForm } from './form.ts';
import { IconShieldCheck } from '../../ui/icons/auth/IconShieldCheck.tsx';
import { authText } from '../../lib/auth-messages.ts';
import * as s from './auth.css.ts';

/** A new code may be asked for again after this many seconds (the server also rate-limits). */
export const RESEND_COOLDOWN_S = 30;

interface VerifyOtpFormProps {
  /** The email waiting for its code; null when nothing is remembered (docs/product-rules.md#otp). */
  email: string | null;
  titleId: string;
  descriptionId: string;
  onVerified: (email: string) => void;
  onBackToLogin: () => void;
  /** h1 on the stand-alone page, h2 in the modal. */
  headingLevel?: 'h1' | 'h2';
}

/**
 * The one-time code (docs/product-rules.md#otp): digits only, at most 6, sent as an integer; a resend;
 * 'Verification failed' with 'Invalid OTP. Please try again.' (or the server's reason).
 * Shared by the modal's verify view and the /auth/verify-otp page.
 */
export function VerifyOtpForm({ email, titleId, descriptionId, onVerified, onBackToLogin, headingLevel = 'h2' }: VerifyOtpFormProps) {
  const Heading = headingLevel;
  const { i18n, t } = useLingui();
  const form = useValibotForm(OtpFormSchema, { code: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [cooldown, setCooldown] = useState(0);
  const setPendingEmail = useSetAtom(pendingVerificationEmailAtom);
  const verify = useMutation({ mutationFn: ({ to, code }: { to: string; code: string }) => verifyOtp(to, code) });
  const resend = useMutation({ mutationFn: generateOtp });

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const header = (
    <header className={s.header}>
      <span className={`${s.noticeIcon.info} ${s.headerIcon}`}>
        <IconShieldCheck size={26} />
      </span>
      <Heading id={titleId} className={s.title}>
        <Trans>Xác minh email</Trans>
      </Heading>
      <p id={descriptionId} className={s.lead}>
        {email ? (
          <Trans>
            Nhập mã gồm 6 chữ số chúng tôi đã gửi tới <span className={s.emailChip}>{email}</span>.
          </Trans>
        ) : (
          <Trans>Nhập mã xác minh đã gửi tới email của bạn.</Trans>
        )}
      </p>
    </header>
  );

  if (!email) {
    return (
      <>
        {header}
        <div className={s.stack}>
          <FormAlert title={authText(i18n, 'emailNotInSession')} />
          <button type="button" className={`${button({ variant: 'primary' })} ${s.submit}`} data-testid="auth-link-login" onClick={onBackToLogin}>
            <Trans>Quay lại đăng nhập</Trans>
          </button>
        </div>
      </>
    );
  }

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await verify.mutateAsync({ to: email, code });
      setPendingEmail(null);
      notify.success(t`Xác minh thành công`, { description: t`Email của bạn đã được xác minh. Hãy đăng nhập để tiếp tục.` });
      onVerified(email);
    } catch (error) {
      setFailure(authErrorText(i18n, error, 'invalidOtp'));
    }
  });

  const onResend = async () => {
    setFailure(null);
    try {
      await resend.mutateAsync(email);
      setCooldown(RESEND_COOLDOWN_S);
      notify.success(t`Đã gửi lại mã`, { description: t`Mã mới đã được gửi tới ${email}.` });
    } catch (error) {
      notify.error(authText(i18n, 'otpSendFailed'), { description: authErrorText(i18n, error, 'requestFailed') });
    }
  };

  return (
    <>
      {header}
      <form className={s.form} noValidate onSubmit={onSubmit} data-testid="verify-otp-form">
        {failure && <FormAlert title={authText(i18n, 'verificationFailed')}>{failure}</FormAlert>}
        <TextField
          {...form.field('code')}
          onChange={(event) => form.setValue('code', event.target.value.replace(/\D/g, '').slice(0, OTP_MAX))}
          label={<Trans>Mã xác minh</Trans>}
          className={s.otpInput}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={OTP_MAX}
          placeholder="••••••"
          error={form.errors.code}
        />
        <button type="submit" className={`${button({ variant: 'primary' })} ${s.submit}`} disabled={verify.isPending} data-testid="auth-submit">
          <Busy busy={verify.isPending} idle={<Trans>Xác minh</Trans>} pending={<Trans>Đang xác minh…</Trans>} />
        </button>
      </form>
      <div className={s.footer}>
        <p>
          <Trans>Chưa nhận được mã?</Trans>{' '}
          <button
            type="button"
            className={s.textButton}
            data-testid="verify-otp-resend"
            disabled={resend.isPending || cooldown > 0}
            onClick={() => void onResend()}
          >
            {cooldown > 0 ? <Trans>Gửi lại sau {cooldown} giây</Trans> : <Trans>Gửi lại mã</Trans>}
          </button>
        </p>
        <p className={s.footerLine}>
          <button type="button" className={s.textButton} data-testid="auth-link-login" onClick={onBackToLogin}>
            <Trans>Quay lại đăng nhập</Trans>
          </button>
        </p>
      </div>
    </>
  );
}
