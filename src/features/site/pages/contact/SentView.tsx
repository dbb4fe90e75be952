import { Trans } from '@lingui/react/macro';
import { button } from '../../../../ui/button.ts';
import * as s from './contact.css.ts';

export interface Sent {
  reference: string;
  email: string;
  topic: string;
}

/** After sending: the request number, what happens next, and a way to write again (loaded with the form's checks). */
export function SentView({ sent, onAnother }: { sent: Sent; onAnother(): void }) {
  return (
    <div className={s.done} data-testid="contact-sent">
      {/* Focus moves to what happened, so a screen reader reads it and a keyboard continues from here. */}
      <h2 ref={(heading) => heading?.focus()} tabIndex={-1}>
        <Trans>Cảm ơn bạn, chúng tôi đã nhận được tin nhắn</Trans>
      </h2>
      <p>
        <Trans>Mã yêu cầu của bạn:</Trans>{' '}
        <span className={s.reference} data-testid="contact-reference">
          {sent.reference}
        </span>
      </p>
      <p>
        <Trans>Email xác nhận đã được gửi tới {sent.email}. Chúng tôi sẽ trả lời trong vòng 1 ngày làm việc.</Trans>
      </p>
      <div>
        <button type="button" className={button({ variant: 'secondary' })} onClick={onAnother}>
          <Trans>Gửi tin nhắn khác</Trans>
        </button>
      </div>
    </div>
  );
}
