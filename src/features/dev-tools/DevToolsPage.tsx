import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OutboxMail } from '../../contract/dev-tools.schema.ts';
import { formatTimestamp } from '../../lib/format.ts';
import { isLocale } from '../../lib/i18n.ts';
import { Card } from '../../ui/Card.tsx';
import { LoadStates, Page } from '../../ui/Page.tsx';
import { linkify, outboxQueryOptions } from './outbox.ts';
import * as s from './dev-tools.css.ts';

/**
 * /dev-tools (docs/product-rules.md#dev-tools, docs/architecture.md#runtimes): the mails the server would have sent
 * (verification codes, reset links), newest first. The HTML is previewed in a sandboxed
 * frame without scripts, forms, or navigation. The server lists them whenever mails go to its
 * outbox, to its own machine only: a 404 means it sends through SMTP, a 403 that this browser is
 * elsewhere.
 */
export function DevToolsPage() {
  const titleId = useId();
  const outbox = useQuery(outboxQueryOptions());
  return (
    <Page
      testId="dev-tools"
      titleId={titleId}
      title={<Trans>Công cụ phát triển</Trans>}
      lead={<Trans>Hộp thư đi: các email máy chủ đã gửi (mã xác minh, liên kết đặt lại mật khẩu), mới nhất ở trên. Tự làm mới mỗi 5 giây.</Trans>}
    >
      <LoadStates
        query={outbox}
        loading={<Trans>Đang tải hộp thư…</Trans>}
        renderError={(loadError) => <Trans>Không tải được hộp thư: {loadError}</Trans>}
        testId="outbox-load"
      >
        {(data) =>
          !data.enabled ? (
            <div className={s.notice} data-testid="dev-tools-disabled" data-reason={data.reason}>
              <p>
                <Trans>Hộp thư đi không mở được ở đây.</Trans>
              </p>
              <p className={s.lead}>
                {data.reason === 'remote' ? (
                  <Trans>Hộp thư chỉ mở trên chính máy chạy máy chủ, qua http://localhost, không qua proxy hay từ thiết bị khác.</Trans>
                ) : (
                  <Trans>Máy chủ này gửi email qua SMTP, nên không có hộp thư đi để xem (trừ khi chạy với DEV_TOOLS=1).</Trans>
                )}
              </p>
            </div>
          ) : data.mails.length === 0 ? (
            <p className={s.notice} data-testid="outbox-empty">
              <Trans>Chưa có email nào.</Trans>
            </p>
          ) : (
            <ol className={s.list} aria-labelledby={titleId} data-testid="outbox">
              {data.mails.map((mail) => (
                <li key={mail.id}>
                  <MailCard mail={mail} />
                </li>
              ))}
            </ol>
          )
        }
      </LoadStates>
    </Page>
  );
}

function MailCard({ mail }: { mail: OutboxMail }) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'vi';
  const time = new Date(mail.createdAt);
  const kind = mail.kind === 'otp' ? t`Mã xác minh` : t`Đặt lại mật khẩu`;
  const { subject, to } = mail;
  const sentAt = Number.isNaN(time.getTime()) ? mail.createdAt : formatTimestamp(time, locale);
  return (
    <Card as="article" tone="raised" data-testid="outbox-mail" data-kind={mail.kind}>
      <header className={s.cardHeader}>
        <h2 className={s.subject}>{mail.subject}</h2>
        <span className={s.badge}>{kind}</span>
      </header>
      <p className={s.meta}>
        <Trans>
          Tới <strong>{to}</strong> · <time dateTime={mail.createdAt}>{sentAt}</time>
        </Trans>
      </p>
      <div className={s.columns}>
        <pre className={s.text} data-testid="outbox-text">
          {linkify(mail.text).map((part, index) =>
            part.href ? (
              <a key={index} href={part.href} className={s.link}>
                {part.text}
              </a>
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )}
        </pre>
        {/* sandbox="": no scripts, forms, popups or navigation from the mail's HTML. */}
        <iframe className={s.preview} title={t`Bản xem trước HTML: ${subject}`} sandbox="" srcDoc={mail.html} loading="lazy" />
      </div>
    </Card>
  );
}
