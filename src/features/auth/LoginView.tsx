import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoginFormSchema } from '../../contract/auth.schema.ts';
import { button } from '../../ui/button.ts';
import { notify } from '../../lib/toast.ts';
import { login } from './api.ts';
import { pendingVerificationEmailAtom } from './auth-modal-state.ts';
import { authErrorText, errorCode } from './errors.ts';
import { Busy, FormAlert, PasswordField, EmailField, ViewHeader } from './fields.tsx';
import { useValibotForm } from './form.ts';
import { GoogleSignInButton } from './google/GoogleSignInButton.tsx';
import { authText } from '../../lib/auth-messages.ts';
import { useCompleteSignIn } from './use-session-actions.ts';
import type { ViewProps } from './view-props.ts';
import * as s from './auth.css.ts';

/** Login (docs/product-rules.md#auth-modal): Google, email and password, links to forgot-password and register. */
export function LoginView({ titleId, descriptionId, email, returnTo, go }: ViewProps) {
  const { i18n } = useLingui();
  const form = useValibotForm(LoginFormSchema, { email: email ?? '', password: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const completeSignIn = useCompleteSignIn();
  const setPendingEmail = useSetAtom(pendingVerificationEmailAtom);
  const mutation = useMutation({ mutationFn: login });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      completeSignIn(await mutation.mutateAsync(values), returnTo);
    } catch (error) {
      // Not verified yet: the server has mailed a fresh code; the verify view takes over.
      if (errorCode(error) === 'emailNotVerified') {
        setPendingEmail(values.email);
        notify.info(authText(i18n, 'emailNotVerified'));
        go('verify-otp', values.email);
        return;
      }
      const text = authErrorText(i18n, error, 'checkCredentials');
      // docs/product-rules.md#messages-auth: 'Login failed', with 'Please check your credentials and try again.' as the fallback.
      setFailure(text === authText(i18n, 'loginFailed') ? authText(i18n, 'checkCredentials') : text);
    }
  });

  return (
    <>
      <ViewHeader
        titleId={titleId}
        descriptionId={descriptionId}
        title={<Trans>Chào mừng trở lại</Trans>}
        lead={<Trans>Đăng nhập để tiếp tục sáng tạo cùng các công cụ AI của Atelier.</Trans>}
      />
      <GoogleSignInButton returnTo={returnTo} />
      <form className={s.form} noValidate onSubmit={onSubmit} data-testid="login-form">
        {failure && <FormAlert title={authText(i18n, 'loginFailed')}>{failure}</FormAlert>}
        <EmailField {...form.field('email')} error={form.errors.email} />
        <PasswordField
          {...form.field('password')}
          label={<Trans>Mật khẩu</Trans>}
          autoComplete="current-password"
          error={form.errors.password}
          labelAside={
            <button
              type="button"
              className={s.smallTextButton}
              data-testid="auth-link-forgot-password"
              onClick={() => go('forgot-password', form.values.email.trim() || undefined)}
            >
              <Trans>Quên mật khẩu?</Trans>
            </button>
          }
        />
        <button type="submit" className={`${button({ variant: 'primary' })} ${s.submit}`} disabled={mutation.isPending} data-testid="auth-submit">
          <Busy busy={mutation.isPending} idle={<Trans>Đăng nhập</Trans>} pending={<Trans>Đang đăng nhập…</Trans>} />
        </button>
      </form>
      <p className={s.footer}>
        <Trans>Chưa có tài khoản?</Trans>{' '}
        <button type="button" className={s.textButton} data-testid="auth-link-register" onClick={() => go('register', form.values.email.trim() || undefined)}>
          <Trans>Đăng ký</Trans>
        </button>
      </p>
    </>
  );
}
