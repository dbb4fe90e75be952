import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { NEWSLETTER_EMAIL_MAX } from '../../contract/newsletter.ts';
import type { BlogLocaleCode } from '../../contract/blog.ts';
import { button } from '../../ui/button.ts';
import * as field from '../../ui/field.css.ts';
import * as s from './blog.css.ts';
import { useBrowserValue } from './browser.ts';

type State = { step: 'idle' | 'sending' | 'sent' } | { step: 'error'; code: string | null };

/** The sending code (./newsletter-send.ts, in ./interactive.ts), asked for once; a failed load is asked for again. */
let sender: Promise<typeof import('./interactive.ts')> | null = null;
function loadSender() {
  sender ??= import('./interactive.ts').catch((error: unknown) => {
    sender = null;
    throw error;
  });
  return sender;
}
/** Starts loading the sending code while the reader types their address (a failure shows on sending). */
const warmSender = () => void loadSender().catch(() => undefined);

/**
 * The newsletter's sign-up (docs/product-rules.md#newsletter): an address, mailed a confirmation
 * link. The answer is the same whatever the address's state, so the form says the same too. It
 * needs the script (the API takes JSON): until it runs, the button stays disabled and says so.
 * The sending code loads when the address field first gets the focus (at the latest, on sending).
 */
export function NewsletterForm({ locale }: { locale: BlogLocaleCode }) {
  const { t } = useLingui();
  // The button works once the script runs (not in the server's HTML).
  const ready = useBrowserValue(() => true, false);
  const [state, setState] = useState<State>({ step: 'idle' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setState({ step: 'sending' });
    try {
      const { subscribe } = await loadSender();
      const outcome = await subscribe({ email: String(form.get('email') ?? ''), website: String(form.get('website') ?? ''), locale });
      setState(outcome.ok ? { step: 'sent' } : { step: 'error', code: outcome.code });
    } catch {
      setState({ step: 'error', code: 'offline' });
    }
  };

  const error =
    state.step !== 'error'
      ? null
      : state.code === 'invalidEmail'
        ? t`Vui lòng nhập một địa chỉ email hợp lệ.`
        : state.code === 'tooManyRequests'
          ? t`Mạng của bạn đã đăng ký quá nhiều lần. Vui lòng thử lại sau.`
          : state.code === 'offline'
            ? t`Không kết nối được. Kiểm tra mạng rồi thử lại.`
            : t`Chưa đăng ký được. Vui lòng thử lại.`;

  return (
    <section className={s.panel} aria-labelledby="newsletter-title" data-testid="newsletter">
      <h2 id="newsletter-title" className={s.panelTitle}>
        <Trans>Nhận bài viết mới qua email</Trans>
      </h2>
      {state.step === 'sent' ? (
        <p className={s.success} role="status" data-testid="newsletter-sent">
          <Trans>Cảm ơn bạn! Nếu địa chỉ này cần xác nhận, một email xác nhận đang được gửi tới: mở liên kết trong thư để hoàn tất đăng ký.</Trans>
        </p>
      ) : (
        <form className={s.row} onSubmit={(event) => void submit(event)}>
          <div className={`${field.field} ${s.grow}`}>
            <label className={field.label} htmlFor="newsletter-email">
              {t`Email`}
            </label>
            <input
              id="newsletter-email"
              className={field.control}
              type="email"
              name="email"
              required
              maxLength={NEWSLETTER_EMAIL_MAX}
              autoComplete="email"
              onFocus={warmSender}
              data-testid="newsletter-email"
            />
          </div>
          <div className={s.honeypot} aria-hidden="true">
            <label htmlFor="newsletter-website">{t`Trang web`}</label>
            <input id="newsletter-website" type="text" name="website" tabIndex={-1} autoComplete="off" />
          </div>
          <button type="submit" className={button({ variant: 'accent' })} disabled={!ready || state.step === 'sending'} data-testid="newsletter-submit">
            <Trans>Đăng ký</Trans>
          </button>
        </form>
      )}
      {error && (
        <p className={s.danger} role="alert">
          {error}
        </p>
      )}
      <noscript>
        <p className={s.total}>
          <Trans>Cần bật JavaScript để đăng ký nhận bản tin.</Trans>
        </p>
      </noscript>
    </section>
  );
}
