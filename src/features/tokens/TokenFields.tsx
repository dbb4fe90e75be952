import { useEffect, useId, useRef, type ChangeEvent, type ReactNode, type RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CREDIT_CAP_MAX, TOKEN_NAME_MAX, WEBHOOK_URL_MAX } from '../../contract/tokens.ts';
import { API_TOKEN_SERVICES, RATE_LIMIT_MAX, RATE_LIMIT_MIN, TOKEN_EXPIRY_PRESETS, type TokenExpiryPreset } from '../../contract/token-terms.ts';
import { Select, TextInput } from '../../ui/Field.tsx';
import { firstInvalid, togglePermission, type TokenField, type TokenFormErrors, type TokenFormValues } from './form.ts';
import { EXPIRY_LABELS, serviceName, TOKEN_ERROR_TEXT, tokenErrorText } from './labels.ts';
import * as s from './tokens.css.ts';

/**
 * Moves the focus to the first invalid field once the messages are drawn and tied to their
 * fields (so a screen reader reads the message with the field), not before.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>): (errors: TokenFormErrors) => void {
  const pending = useRef<TokenFormErrors | null>(null);
  useEffect(() => {
    if (!pending.current) return;
    const field = firstInvalid(pending.current);
    pending.current = null;
    if (field) form.current?.querySelector<HTMLElement>(`[data-field="${field}"]`)?.focus();
  });
  return (errors) => {
    pending.current = errors;
  };
}

export interface TokenFieldsProps {
  values: TokenFormValues;
  errors: TokenFormErrors;
  onChange: (next: TokenFormValues) => void;
  /** The expiry is chosen at creation only (a new expiry is a new token). */
  withExpiry: boolean;
  disabled?: boolean;
}

/**
 * The token's settings as form fields (the create dialog and the detail's settings): each error
 * in the reader's language under its field, the field marked invalid; the first control of each
 * field carries `data-field` (where a failed check moves the focus). Test ids `token-<field>`
 * and `token-<field>-error`, `token-permission-<service>`.
 */
export function TokenFields({ values, errors, onChange, withExpiry, disabled = false }: TokenFieldsProps) {
  const { i18n } = useLingui();
  const permissionsId = useId();
  const errorText = (field: TokenField) => {
    const code = errors[field];
    return code ? i18n._(TOKEN_ERROR_TEXT[code]) : undefined;
  };
  const set = (patch: Partial<TokenFormValues>) => onChange({ ...values, ...patch });
  const permissionsError = errorText('permissions');
  /** What ties a text field to its value and its message: `data-field`, the test ids `token-<field>` and `token-<field>-error`. */
  const textField = (field: 'name' | 'rateLimit' | 'creditCap' | 'webhookUrl') => ({
    'data-field': field,
    value: values[field],
    disabled,
    error: errorText(field),
    errorTestId: `token-${field}-error`,
    'data-testid': `token-${field}`,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set({ [field]: event.currentTarget.value }),
  });
  return (
    <>
      <TextInput
        {...textField('name')}
        label={<Trans>Tên token</Trans>}
        hint={<Trans>Ví dụ: Đồng bộ danh mục cửa hàng</Trans>}
        maxLength={TOKEN_NAME_MAX}
        autoComplete="off"
      />
      <fieldset
        className={s.fieldset}
        aria-describedby={permissionsError ? `${permissionsId}-error` : undefined}
        aria-invalid={permissionsError ? true : undefined}
        disabled={disabled}
      >
        <legend className={s.legend}>
          <Trans>Quyền dùng dịch vụ</Trans>
        </legend>
        <div className={s.checks}>
          {API_TOKEN_SERVICES.map((service, index) => (
            <label key={service} className={s.check}>
              <input
                data-field={index === 0 ? 'permissions' : undefined}
                type="checkbox"
                className={s.checkbox}
                checked={values.permissions.includes(service)}
                onChange={() => set({ permissions: togglePermission(values.permissions, service) })}
                data-testid={`token-permission-${service}`}
              />
              {serviceName(i18n, service)}
            </label>
          ))}
        </div>
        {permissionsError ? (
          <p id={`${permissionsId}-error`} className={s.fieldError} data-testid="token-permissions-error">
            {permissionsError}
          </p>
        ) : null}
      </fieldset>
      <div className={s.twoCols}>
        <TextInput
          {...textField('rateLimit')}
          label={<Trans>Giới hạn tốc độ (yêu cầu/phút)</Trans>}
          hint={
            <Trans>
              Từ {RATE_LIMIT_MIN} đến {RATE_LIMIT_MAX}
            </Trans>
          }
          type="number"
          inputMode="numeric"
          min={RATE_LIMIT_MIN}
          max={RATE_LIMIT_MAX}
          step={1}
        />
        {withExpiry ? (
          <Select
            label={<Trans>Thời hạn</Trans>}
            value={values.expiresIn}
            disabled={disabled}
            data-testid="token-expiresIn"
            onChange={(event) => set({ expiresIn: event.currentTarget.value as TokenExpiryPreset })}
          >
            {TOKEN_EXPIRY_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {i18n._(EXPIRY_LABELS[preset])}
              </option>
            ))}
          </Select>
        ) : null}
        <TextInput
          {...textField('creditCap')}
          label={<Trans>Hạn mức tín dụng (không bắt buộc)</Trans>}
          hint={<Trans>Số tín dụng tối đa các lần tạo qua token này được giữ; để trống nếu không giới hạn.</Trans>}
          type="number"
          inputMode="numeric"
          min={1}
          max={CREDIT_CAP_MAX}
          step={1}
        />
      </div>
      <TextInput
        {...textField('webhookUrl')}
        label={<Trans>URL webhook (không bắt buộc)</Trans>}
        hint={<Trans>Nhận thông báo khi một lần tạo qua API kết thúc.</Trans>}
        type="url"
        inputMode="url"
        placeholder="https://"
        maxLength={WEBHOOK_URL_MAX}
        autoComplete="off"
      />
    </>
  );
}

/** Why the form's change failed, when no field carries the message: the change's name, then the server's reason. */
export function FormFailure({ title, error, testId }: { title: ReactNode; error: unknown; testId: string }) {
  const { i18n } = useLingui();
  return (
    <div className={s.alert} role="alert" data-testid={testId}>
      <strong>{title}</strong>
      <span>{tokenErrorText(i18n, error)}</span>
    </div>
  );
}
