import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { RegisterFormSchema, PASSWORD_MIN } from '../../contract/auth.schema.ts';
import { button } from '../../ui/button.ts';
import { notify } from '../../lib/toast.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { generateOtp, register } from './api.ts';
import { pendingVerificationEmailAtom } from './auth-modal-state.ts';
import { authErrorText, errorCode } from './errors.ts';
import { Busy, FormAlert, PasswordField, EmailField, TextField, ViewHeader } from './fields.tsx';
import { useValibotForm } from './form.ts';
import { GoogleSignInButton } from './google/GoogleSignInButton.tsx';
import { authText } from '../../lib/auth-messages.ts';
import type { ViewProps } from './view-props.ts';
import * as s from './auth.css.ts';

/**
 * Register (docs/product-rules.md#auth-flow): after the account is created, a code is requested (a failure is only
 * logged) and the verify view opens with the email remembered for the session.
 */
export function RegisterView({ titleId, descriptionId, email, returnTo, go }: ViewProps) {
  const { i18n, t } = useLingui();
  const { locale } = useLocale();
  const form = useValibotForm(RegisterFormSchema, { name: '', email: email ?? '', password: '', confirmPassword: '' });
  const [failure, setFailure] = useState<{ text: string; taken: boolean } | null>(null);
  const setPendingEmail = useSetAtom(pendingVerificationEmailAtom);
  const mutation = useMutation({ mutationFn: register });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await mutation.mutateAsync({ name: values.name, email: values.email, password: values.password, language: locale });
      const registered = answer.email || values.email;
      if (!answer.requires_verification) {
        notify.success(t`Đăng ký thành công`, { description: t`Bạn có thể đăng nhập ngay bây giờ.` });
        go('login', registered);
        return;
      }
      setPendingEmail(registered);
      try {
        await generateOtp(registered);
      } catch (error) {
        // docs/product-rules.md#auth-flow: only logged; the verify view offers "send the code again".
        console.warn('Could not send the verification code after registering', error);
      }
      notify.success(t`Đăng ký thành công`, { description: t`Chúng tôi đã gửi mã xác minh tới ${registered}.` });
      go('verify-otp', registered);
    } catch (error) {
      setFailure({ text: authErrorText(i18n, error, 'registrationFailed'), taken: errorCode(error) === 'emailTaken' });
    }
  });

  return (
    <>
      <ViewHeader
        titleId={titleId}
        descriptionId={descriptionId}
        title={<Trans>Tạo tài khoản</Trans>}
        lead={<Trans>Bắt đầu miễn phí với 5 tín dụng để thử mọi công cụ AI.</Trans>}
      />
      <GoogleSignInButton returnTo={returnTo} />
      <form className={s.form} noValidate onSubmit={onSubmit} data-testid="register-form">
        {failure && (
          <FormAlert
            title={authText(i18n, 'registrationFailed')}
            actions={
              failure.taken ? (
                <button type="button" className={s.smallTextButton} onClick={() => go('login', form.values.email.trim())}>
                  <Trans>Đăng nhập với email này</Trans>
                </button>
              ) : undefined
            }
          >
            {failure.text}
          </FormAlert>
        )}
        <TextField {...form.field('name')} label={<Trans>Họ và tên</Trans>} autoComplete="name" placeholder={t`Nguyễn Thị Lan`} error={form.errors.name} />
        <EmailField {...form.field('email')} error={form.errors.email} />
        <PasswordField
          {...form.field('password')}
          label={<Trans>Mật khẩu</Trans>}
          autoComplete="new-password"
          hint={<Trans>Ít nhất {PASSWORD_MIN} ký tự.</Trans>}
          error={form.errors.password}
        />
        <PasswordField
          {...form.field('confirmPassword')}
          label={<Trans>Xác nhận mật khẩu</Trans>}
          autoComplete="new-password"
          error={form.errors.confirmPassword}
        />
        <button type="submit" className={`${button({ variant: 'primary' })} ${s.submit}`} disabled={mutation.isPending} data-testid="auth-submit">
          <Busy busy={mutation.isPending} idle={<Trans>Tạo tài khoản</Trans>} pending={<Trans>Đang tạo tài khoản…</Trans>} />
        </button>
      </form>
      <p className={s.footer}>
        <Trans>Đã có tài khoản?</Trans>{' '}
        <button type="button" className={s.textButton} data-testid="auth-link-login" onClick={() => go('login', form.values.email.trim() || undefined)}>
          <Trans>Đăng nhập</Trans>
        </button>
      </p>
    </>
  );
}
