import { useId, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { button } from '../../ui/button.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CloseButton, Modal } from '../../ui/Modal.tsx';
import * as s from './tokens.css.ts';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies `text`; false when the browser has no clipboard or refuses (no permission, not a secure page). */
export async function copyText(text: string, clipboard: Pick<Clipboard, 'writeText'> | undefined = globalThis.navigator?.clipboard): Promise<boolean> {
  try {
    if (!clipboard) return false;
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A Copy button and what came of it (copied, or the spec's clipboard failure). Test ids `<testId>` and `<testId>-result`. */
export function CopyButton({ text, label, testId }: { text: string; label?: ReactNode; testId: string }) {
  const [state, setState] = useState<CopyState>('idle');
  return (
    <>
      <button
        type="button"
        className={button({ variant: 'secondary' })}
        data-testid={testId}
        onClick={async () => setState((await copyText(text)) ? 'copied' : 'failed')}
      >
        {label ?? <Trans>Sao chép</Trans>}
      </button>
      <span
        role={state === 'failed' ? 'alert' : 'status'}
        data-testid={`${testId}-result`}
        data-state={state}
        className={state === 'failed' ? s.fieldError : s.muted}
      >
        {state === 'copied' ? <Trans>Đã sao chép</Trans> : null}
        {state === 'failed' ? <Trans>Không sao chép được vào bộ nhớ tạm. Hãy chọn đoạn mã và sao chép thủ công.</Trans> : null}
      </span>
    </>
  );
}

export interface SecretDialogProps {
  secret: string;
  /** Called once the person confirmed they saved it. */
  onDone: () => void;
  /** The panel's heading ("Token đã được tạo", "Token mới"). */
  title: ReactNode;
}

/**
 * A new token's secret, shown this once (create and regenerate), in a dialog of its own: the
 * whole token in a read-only field (selectable for a manual copy), Copy, and a warning that it
 * will not be shown again. Every way out (the button, ×, Escape) asks for a confirmation that it
 * was saved; the caller then drops the secret, so it leaves the page. A press outside does
 * nothing. Test ids `secret-reveal`, `secret-value`, `secret-copy`, `secret-copy-result`,
 * `secret-done`, `secret-saved-confirm|cancel`.
 */
export function SecretDialog({ secret, onDone, title }: SecretDialogProps) {
  const { t } = useLingui();
  const warningId = useId();
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  return (
    <Modal onClose={() => setConfirming(true)} labelledBy={titleId} describedBy={warningId} size="form" closeOnBackdrop={false} testId="secret-reveal">
      <div className={s.form}>
        <div className={s.dialogHead}>
          <h2 id={titleId} className={s.dialogTitle}>
            {title}
          </h2>
          <CloseButton onClose={() => setConfirming(true)} />
        </div>
        <p id={warningId} className={s.warning} role="note">
          <strong>
            <Trans>Hãy sao chép và lưu token này ngay bây giờ.</Trans>
          </strong>
          <span>
            <Trans>Vì lý do bảo mật, token sẽ không bao giờ được hiển thị lại. Nếu làm mất, bạn cần tạo lại token mới.</Trans>
          </span>
        </p>
        <div className={s.secretBox}>
          <input
            className={s.secretValue}
            readOnly
            value={secret}
            aria-label={t`Token API`}
            aria-describedby={warningId}
            spellCheck={false}
            data-testid="secret-value"
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton text={secret} testId="secret-copy" />
        </div>
        <div className={s.actions}>
          <button type="button" className={button({ variant: 'primary' })} data-testid="secret-done" onClick={() => setConfirming(true)}>
            <Trans>Tôi đã lưu token</Trans>
          </button>
        </div>
        {confirming ? (
          <ConfirmDialog
            title={<Trans>Bạn đã lưu token chưa?</Trans>}
            confirmLabel={<Trans>Đã lưu, đóng lại</Trans>}
            cancelLabel={<Trans>Quay lại</Trans>}
            tone="default"
            onConfirm={onDone}
            onCancel={() => setConfirming(false)}
            testId="secret-saved"
          >
            <Trans>Sau khi đóng, token này sẽ không hiển thị lại.</Trans>
          </ConfirmDialog>
        ) : null}
      </div>
    </Modal>
  );
}
