import { useId, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { CreatedToken } from '../../contract/tokens.schema.ts';
import { useOnline } from '../../lib/offline/online.ts';
import { button } from '../../ui/button.ts';
import { CloseButton, Modal } from '../../ui/Modal.tsx';
import { createBody, EMPTY_FORM, FIELD_OF_CODE, firstInvalid, stillInvalid, validateTokenForm, type TokenFormErrors, type TokenFormValues } from './form.ts';
import { tokenErrorCode } from './labels.ts';
import { useCreateToken } from './queries.ts';
import { FormFailure, TokenFields, useFocusFirstInvalid } from './TokenFields.tsx';
import * as s from './tokens.css.ts';

export interface CreateTokenDialogProps {
  onClose: () => void;
  /** The answer with the secret: the caller shows it once. */
  onCreated: (created: CreatedToken) => void;
}

/**
 * "Tạo token": name, service permissions, rate limit, expiry, optional credit cap and webhook
 * URL. The spec's checks (§5) run before anything is sent, each message under its field and the
 * focus on the first invalid one; the server's 422 codes land the same way. Test ids
 * `create-token-dialog`, `create-token-submit`, `create-token-failure`, `create-token-offline`.
 */
export function CreateTokenDialog({ onClose, onCreated }: CreateTokenDialogProps) {
  const titleId = useId();
  const online = useOnline();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<TokenFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<TokenFormErrors>({});
  const create = useCreateToken();

  const focusAfterRender = useFocusFirstInvalid(formRef);
  const showErrors = (next: TokenFormErrors) => {
    setErrors(next);
    focusAfterRender(next);
  };

  const submit = async () => {
    const found = validateTokenForm(values);
    if (firstInvalid(found)) {
      showErrors(found);
      return;
    }
    setErrors({});
    try {
      onCreated(await create.mutateAsync(createBody(values)));
    } catch (error) {
      const code = tokenErrorCode(error);
      const field = code ? FIELD_OF_CODE[code] : undefined;
      if (code && field) showErrors({ [field]: code });
    }
  };

  const fieldFailure = create.isError && tokenErrorCode(create.error) !== undefined && FIELD_OF_CODE[tokenErrorCode(create.error)!] !== undefined;
  return (
    <Modal onClose={onClose} labelledBy={titleId} size="form" closeOnBackdrop={false} testId="create-token-dialog">
      <form
        ref={formRef}
        className={s.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className={s.dialogHead}>
          <h2 id={titleId} className={s.dialogTitle}>
            <Trans>Tạo token API</Trans>
          </h2>
          <CloseButton onClose={onClose} />
        </div>
        <TokenFields
          values={values}
          errors={errors}
          withExpiry
          onChange={(next) => {
            setValues(next);
            setErrors((current) => stillInvalid(current, next));
          }}
        />
        {create.isError && !fieldFailure ? (
          <FormFailure title={<Trans>Không tạo được token</Trans>} error={create.error} testId="create-token-failure" />
        ) : null}
        {!online ? (
          <p className={s.notice} role="status" data-testid="create-token-offline">
            <Trans>Bạn đang ngoại tuyến. Hãy kết nối mạng để tạo token.</Trans>
          </p>
        ) : null}
        <div className={s.actions}>
          <button
            type="submit"
            className={button({ variant: 'primary' })}
            disabled={!online || create.isPending}
            aria-busy={create.isPending}
            data-testid="create-token-submit"
          >
            {create.isPending ? <Trans>Đang tạo…</Trans> : <Trans>Tạo token</Trans>}
          </button>
          <button type="button" className={button({ variant: 'ghost' })} onClick={onClose}>
            <Trans>Hủy</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}
