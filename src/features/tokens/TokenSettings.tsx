import { useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { ApiToken } from '../../contract/tokens.schema.ts';
import { button } from '../../ui/button.ts';
import { FIELD_OF_CODE, firstInvalid, formOf, updateBody, stillInvalid, validateTokenForm, type TokenFormErrors, type TokenFormValues } from './form.ts';
import { tokenErrorCode } from './labels.ts';
import { useUpdateToken } from './queries.ts';
import { FormFailure, TokenFields, useFocusFirstInvalid } from './TokenFields.tsx';
import * as s from './tokens.css.ts';

export interface TokenSettingsProps {
  token: ApiToken;
  online: boolean;
}

/**
 * The token's settings, editable: name, permissions, rate limit, credit cap, webhook URL (the
 * expiry is fixed at creation). The create dialog's checks, then PATCH with what changed. Test ids
 * `token-settings`, `token-save`, `token-save-failure`, `token-saved`.
 */
export function TokenSettings({ token, online }: TokenSettingsProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<TokenFormValues>(() => formOf(token));
  const [errors, setErrors] = useState<TokenFormErrors>({});
  const [saved, setSaved] = useState(false);
  const update = useUpdateToken(token.id);
  const focusAfterRender = useFocusFirstInvalid(formRef);
  const showErrors = (next: TokenFormErrors) => {
    setErrors(next);
    focusAfterRender(next);
  };
  const changes = updateBody(token, values);

  const submit = async () => {
    setSaved(false);
    const found = validateTokenForm(values);
    if (firstInvalid(found)) {
      showErrors(found);
      return;
    }
    setErrors({});
    if (!changes) return;
    try {
      await update.mutateAsync(changes);
      setSaved(true);
    } catch (error) {
      const code = tokenErrorCode(error);
      const field = code ? FIELD_OF_CODE[code] : undefined;
      // Anything else shows under the form (update.error).
      if (code && field) showErrors({ [field]: code });
    }
  };

  // A refused field already says why under itself.
  const fieldFailure = update.isError && firstInvalid(errors) !== undefined;
  return (
    <form
      ref={formRef}
      className={s.form}
      noValidate
      aria-labelledby="token-settings-title"
      data-testid="token-settings"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 id="token-settings-title" className={s.sectionTitle}>
        <Trans>Cài đặt</Trans>
      </h3>
      <TokenFields
        values={values}
        errors={errors}
        withExpiry={false}
        onChange={(next) => {
          setValues(next);
          setSaved(false);
          setErrors((current) => stillInvalid(current, next));
        }}
      />
      {update.isError && !fieldFailure ? (
        <FormFailure title={<Trans>Không cập nhật được token</Trans>} error={update.error} testId="token-save-failure" />
      ) : null}
      <div className={s.actions}>
        <button
          type="submit"
          className={button({ variant: 'primary' })}
          disabled={!online || update.isPending || !changes}
          aria-busy={update.isPending}
          data-testid="token-save"
        >
          {update.isPending ? <Trans>Đang lưu…</Trans> : <Trans>Lưu thay đổi</Trans>}
        </button>
        <span role="status" className={s.muted} data-testid="token-saved">
          {saved ? <Trans>Đã lưu</Trans> : null}
        </span>
      </div>
    </form>
  );
}
