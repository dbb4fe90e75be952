import { useId, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import { AUTH_MESSAGES, PASSWORD_MIN } from '../../contract/auth.schema.ts';
import { button } from '../../ui/button.ts';
import { notify } from '../../lib/toast.ts';
import { resetPassword } from './api.ts';
import { useOpenAuthModal } from './auth-modal-state.ts';
import { authErrorText } from './errors.ts';
import { Busy, FormAlert, PasswordField } from './fields.tsx';
import { useValibotForm } from './form.ts';
import { IconShieldCheck } from '../../ui/icons/auth/IconShieldCheck.tsx';
import { authText } from '../../lib/auth-messages.ts';
import * as s from './auth.css.ts';

/** The new password follows the register rules (docs/product-rules.md#form-rules): 8+ characters, confirmed, matching. */
export const ResetPasswordFormSchema = v.pipe(
  v.object({
    password: v.pipe(v.string(), v.minLength(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort)),
    confirmPassword: v.pipe(v.string(), v.minLength(1, AUTH_MESSAGES.confirmRequired)),
  }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, AUTH_MESSAGES.passwordsDontMatch),
    ['confirmPassword'],
  ),
);

/**
 * /auth/reset-password (docs/product-rules.md#routes-public, #messages-auth): a new password for the account in the mail's link; on
 * success the login modal opens with the email filled in.
 */
export function ResetPasswordPage({ token, email }: { token?: string; email?: string }) {
  const { i18n, t } = useLingui();
  const titleId = useId();
  const navigate = useNavigate();
  const openAuthModal = useOpenAuthModal();
  const form = useValibotForm(ResetPasswordFormSchema, { password: '', confirmPassword: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: (password: string) => resetPassword(email!, token!, password) });
  const linkIsComplete = Boolean(token && email && v.is(v.pipe(v.string(), v.email()), email));

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await mutation.mutateAsync(password);
      notify.success(t`Đã đặt lại mật khẩu`, { description: t`Hãy đăng nhập bằng mật khẩu mới.` });
      // The used token leaves the address bar and the history.
      await navigate({ to: '/dashboard', replace: true });
      openAuthModal('login', '/dashboard', email);
    } catch (error) {
      setFailure(authErrorText(i18n, error, 'invalidResetToken'));
    }
  });

  return (
    <div className={s.page}>
      <section className={s.card} aria-labelledby={titleId} data-testid="reset-password-page">
        <header className={s.header}>
          <span className={`${s.noticeIcon.info} ${s.headerIcon}`}>
            <IconShieldCheck size={26} />
          </span>
          <h1 id={titleId} className={s.title}>
            <Trans>Đặt lại mật khẩu</Trans>
          </h1>
          {linkIsComplete && (
            <p className={s.lead}>
              <Trans>
                Chọn mật khẩu mới cho <span className={s.emailChip}>{email}</span>.
              </Trans>
            </p>
          )}
        </header>
        {linkIsComplete ? (
          <form className={s.form} noValidate onSubmit={onSubmit} data-testid="reset-password-form">
            {failure && (
              <FormAlert
                title={authText(i18n, 'resetFailed')}
                actions={
                  <button type="button" className={s.smallTextButton} onClick={() => openAuthModal('forgot-password', '/dashboard', email)}>
                    <Trans>Gửi liên kết mới</Trans>
                  </button>
                }
              >
                {failure}
              </FormAlert>
            )}
            {/* For password managers: the account the new password belongs to. */}
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            <PasswordField
              {...form.field('password')}
              label={<Trans>Mật khẩu mới</Trans>}
              autoComplete="new-password"
              hint={<Trans>Ít nhất {PASSWORD_MIN} ký tự.</Trans>}
              error={form.errors.password}
            />
            <PasswordField
              {...form.field('confirmPassword')}
              label={<Trans>Xác nhận mật khẩu mới</Trans>}
              autoComplete="new-password"
              error={form.errors.confirmPassword}
            />
            <button type="submit" className={`${button({ variant: 'primary' })} ${s.submit}`} disabled={mutation.isPending} data-testid="auth-submit">
              <Busy busy={mutation.isPending} idle={<Trans>Đặt lại mật khẩu</Trans>} pending={<Trans>Đang lưu…</Trans>} />
            </button>
          </form>
        ) : (
          <div className={s.stack}>
            <FormAlert title={authText(i18n, 'resetFailed')}>{authText(i18n, 'invalidResetToken')}</FormAlert>
            <button
              type="button"
              className={`${button({ variant: 'primary' })} ${s.submit}`}
              onClick={() => openAuthModal('forgot-password', '/dashboard', email)}
            >
              <Trans>Gửi liên kết mới</Trans>
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
