import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconEye } from '../../ui/icons/auth/IconEye.tsx';
import { IconEyeOff } from '../../ui/icons/auth/IconEyeOff.tsx';
import { authMessage } from '../../lib/auth-messages.ts';
import { TextInput } from '../../ui/Field.tsx';
import * as s from './auth.css.ts';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  name: string;
  label: ReactNode;
  /** A contract message (English text or key); shown translated. */
  error?: string;
  hint?: ReactNode;
  /** Beside the label, e.g. the "Forgot password?" link. */
  labelAside?: ReactNode;
  /** Inside the input's right edge, e.g. the show-password toggle. */
  trailing?: ReactNode;
}

/**
 * A labelled input with its hint and its message (docs/product-rules.md#form-rules). The message is tied to the input
 * by aria-describedby and carries data-testid="field-error-<name>".
 */
/** The email field of every auth form (login, register, forgot password): one label, one hint. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  const { t } = useLingui();
  return <TextField label={<Trans>Email</Trans>} type="email" autoComplete="email" inputMode="email" placeholder={t`ban@vidu.vn`} {...props} />;
}

export function TextField({ error, ...input }: TextFieldProps) {
  const { i18n } = useLingui();
  return <TextInput {...input} error={error ? authMessage(i18n, error) : undefined} errorTestId={`field-error-${input.name}`} />;
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a show/hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      trailing={
        <button
          type="button"
          className={s.toggle}
          aria-pressed={visible}
          aria-label={visible ? t`Ẩn mật khẩu` : t`Hiện mật khẩu`}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <IconEyeOff size={20} /> : <IconEye size={20} />}
        </button>
      }
    />
  );
}

/** A form-level failure: its title (docs/product-rules.md#messages-auth: 'Login failed') and the reason. */
export function FormAlert({ title, children, actions }: { title: ReactNode; children?: ReactNode; actions?: ReactNode }) {
  return (
    <div className={s.alert.error} role="alert" data-testid="auth-error">
      <p className={s.alertTitle}>{title}</p>
      {children && <p>{children}</p>}
      {actions && <div className={s.alertActions}>{actions}</div>}
    </div>
  );
}

/** The label of a submit button while its request runs. */
export function Busy({ busy, idle, pending }: { busy: boolean; idle: ReactNode; pending?: ReactNode }) {
  return <>{busy ? (pending ?? <Trans>Đang xử lý…</Trans>) : idle}</>;
}

/** The head of an auth view: the brand, its title and lead (the dialog is labelled and described by their ids). */
export function ViewHeader({ titleId, descriptionId, title, lead }: { titleId: string; descriptionId: string; title: ReactNode; lead: ReactNode }) {
  return (
    <header className={s.header}>
      <p className={s.eyebrow}>Atelier</p>
      <h2 id={titleId} className={s.title}>
        {title}
      </h2>
      <p id={descriptionId} className={s.lead}>
        {lead}
      </p>
    </header>
  );
}
