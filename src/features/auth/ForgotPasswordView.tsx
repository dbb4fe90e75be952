import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ForgotFormSchema } from '../../contract/auth.schema.ts';
import { button } from '../../ui/button.ts';
import { forgotPassword } from './api.ts';
import { authErrorText } from './errors.ts';
import { Busy, FormAlert, EmailField, ViewHeader } from './fields.tsx';
import { useValibotForm } from './form.ts';
import { IconMail } from '../../ui/icons/auth/IconMail.tsx';
import { authText } from '../../lib/auth-messages.ts';
import type { ViewProps } from './view-props.ts';
import * as s from './auth.css.ts';

/**
 * Forgot password (docs/product-rules.md#auth-flow): the request, then a 'check your email' confirmation with
 * the neutral message, a resend (back to the form, email prefilled) and a return to login.
 */
export function ForgotPasswordView({ titleId, descriptionId, email, go }: ViewProps) {
  const { i18n } = useLingui();
  const form = useValibotForm(ForgotFormSchema, { email: email ?? '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: forgotPassword });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await mutation.mutateAsync(values.email);
      setSentTo(values.email);
    } catch (error) {
      setFailure(authErrorText(i18n, error, 'requestFailed'));
    }
  });

  if (sentTo) {
    return (
      <div className={s.notice} data-testid="forgot-password-sent">
        <span className={s.noticeIcon.info}>
          <IconMail size={26} />
        </span>
        <h2 id={titleId} className={s.title}>
          <Trans>Kiểm tra email của bạn</Trans>
        </h2>
        <p id={descriptionId} className={s.lead}>
          {authText(i18n, 'forgotPasswordSent')}
        </p>
        <p className={s.lead}>
          <Trans>
            Đã gửi tới <span className={s.emailChip}>{sentTo}</span>. Nếu không thấy thư, hãy xem cả thư mục thư rác.
          </Trans>
        </p>
        <div className={s.stack}>
          <button
            type="button"
            className={`${button({ variant: 'secondary' })} ${s.submit}`}
            data-testid="forgot-password-resend"
            onClick={() => {
              form.setValues({ email: sentTo });
              setSentTo(null);
            }}
          >
            <Trans>Gửi lại</Trans>
          </button>
          <button type="button" className={`${button({ variant: 'primary' })} ${s.submit}`} data-testid="auth-link-login" onClick={() => go('login', sentTo)}>
            <Trans>Quay lại đăng nhập</Trans>
          </button>
        </div>
      </div>
    );
  }

  return (
    <>
      <ViewHeader
        titleId={titleId}
        descriptionId={descriptionId}
        title={<Trans>Quên mật khẩu</Trans>}
        lead={<Trans>Nhập email của tài khoản, chúng tôi sẽ gửi hướng dẫn đặt lại mật khẩu.</Trans>}
      />
      <form className={s.form} noValidate onSubmit={onSubmit} data-testid="forgot-password-form">
        {failure && <FormAlert title={authText(i18n, 'requestFailed')}>{failure}</FormAlert>}
        <EmailField {...form.field('email')} error={form.errors.email} />
        <button type="submit" className={`${button({ variant: 'primary' })} ${s.submit}`} disabled={mutation.isPending} data-testid="auth-submit">
          <Busy busy={mutation.isPending} idle={<Trans>Gửi hướng dẫn</Trans>} pending={<Trans>Đang gửi…</Trans>} />
        </button>
      </form>
      <p className={s.footer}>
        <Trans>Đã nhớ ra mật khẩu?</Trans>{' '}
        <button type="button" className={s.textButton} data-testid="auth-link-login" onClick={() => go('login', form.values.email.trim() || undefined)}>
          <Trans>Quay lại đăng nhập</Trans>
        </button>
      </p>
    </>
  );
}
